// intel/risk on the real published token contracts the demo chains carry, through an Alchemy-like
// provider: every recorded power found by its effect, and exactly the red flags each token earns.
// The cases in detail: the describe below.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAddress, toEventSelector, toFunctionSelector, type Address, type Hex } from "viem";
import { DEMO_CHAINS, type RealTokenPower, type RealTokenScenario } from "@/demo-chain";
import type { ChainId } from "@/lib/chain/networks";
import { forgetProviderProfiles } from "@/lib/chain/provider-profile";
import { analyzeRisk, type Signal } from "@/lib/intel/endpoints/intel/risk";
import { analyzeContract } from "@/lib/intel/endpoints/contract/analysis";
import { getChainClient } from "@/lib/chain/clients";
import type { PowerKind } from "@/lib/intel/endpoints/intel/risk/selectors";
import { riskResponse } from "@/lib/schemas/responses/risk";
import { useDemoChains } from "../support/demo-chains";
import { providers, startProviderProxy, type ProviderProxy } from "../support/provider-proxy";

type RealTokenKey =
  | "circleFiatToken"
  | "uniswapUni"
  | "minime"
  | "gnosisOwl"
  | "tbtc"
  | "across"
  | "zrx"
  | "aave"
  | "optimismMintable"
  | "chainlinkBurnMint"
  | "sushi"
  | "xSushi"
  | "weth9"
  | "openzeppelinPreset"
  | "gnosisGno"
  | "arbitrumStandard"
  | "uniswapDeflating"
  | "aaveV2AToken";

type FunctionView = {
  selector: Hex;
  outcome: "effect" | "no_effect" | "reverted" | "not_run";
  effect: { kind: string | null; later_by_seconds: number | null } | null;
  holders: { address: Address | null; kind: string; live: boolean | null; provenance: string }[];
};

/**
 * What the read must show for each recorded power, by its signature:
 * - `effect`: proven by simulation as this power (the name the fixture gives it may differ: MiniMe's
 *   enableTransfers(false) stops every transfer, which is the pause effect);
 * - `effect_later`: at the block's time it reverts (`why`); run with the clock moved a year and a
 *   day ahead, it shows this power, held by the holder the chain names;
 * - `name_only`: the simulation ran it as its holder and it reverted, so the power stands on its
 *   catalogued name, with `why` the reason it reverts on the demo chain;
 * - `no_effect`: a hand-over of control or a setter whose change no holder feels, listed as privileged;
 * - `proxy_admin`: the proxy's admin replaces the code (the upgradeable signal);
 * - `ordinary`: a standard ERC-20 function the holder may use beyond the rules (not read as a power).
 */
type Expected =
  | { read: "effect"; power: PowerKind }
  /**
   * Proven by effect as a member the probe made of the table the code checks; the member named is
   * the real one, found in the logs of the function `addedBy` (its `event`; "deployment" for the
   * token's deployment) and confirmed in the table. `table`: how the title names the member (a
   * plain mapping, or an AccessControl role's member table). `otherMembers`: the table's other
   * members, each named as well.
   */
  | { read: "effect_as_member"; power: PowerKind; addedBy: string; event: string; table?: "mapping" | "role"; otherMembers?: string[] }
  | { read: "effect_later"; power: PowerKind; why: string }
  | { read: "name_only"; power: PowerKind; why: string }
  /** A catalogued name every run of which as its live holder reverted (`why`): no flag, and the headline calls the power unknown. */
  | { read: "shown_nothing"; power: PowerKind; why: string }
  | { read: "no_effect" }
  /** Listed as privileged and run as its holder, it reverted in every shape the probe tries (`why`); no catalogued name stands for it. */
  | { read: "reverted"; why: string }
  | { read: "proxy_admin" }
  | { read: "ordinary" };

/**
 * `openToAnyone`: functions the code lets through by a mapping keyed by msg.sender that is the
 * caller's own record, not a permission (a vote delegation): anyone can call them, so they are no
 * privileged functions.
 */
type TokenExpectation = {
  powers: Record<string, Expected>;
  flags: string[];
  openToAnyone?: string[];
  /** Functions the answer lists that the fixture records as no power, with what the answer shows for them. */
  alsoListed?: Record<string, Expected>;
  /** The headline's owner, where the test is about who the owner is. */
  owner?: string;
  /** The owner's delay as contract/analysis reads it, where the owner is a timelock. */
  timelockDelaySeconds?: number;
  /** The taxes the trade simulation measures, where the token takes one. */
  taxBps?: { buy: number; sell: number; transfer: number };
};

const ROLE_GRANTED = "RoleGranted(bytes32,address,address)";

const expected: Record<RealTokenKey, TokenExpectation> = {
  circleFiatToken: {
    powers: {
      // The minters table lets the probe through; the mint also reads the minter's allowance, so the probe runs endowed with one.
      "mint(address,uint256)": { read: "effect_as_member", power: "mint", addedBy: "configureMinter(address,uint256)", event: "MinterConfigured(address,uint256)" },
      "configureMinter(address,uint256)": { read: "no_effect" },
      "blacklist(address)": { read: "effect", power: "blacklist" },
      "pause()": { read: "effect", power: "pause" },
      "upgradeTo(address)": { read: "proxy_admin" },
      "updateBlacklister(address)": { read: "no_effect" },
    },
    // holder_sells: the blacklisted buyer cannot sell, as the history made it.
    flags: ["holder_sells", "power_pause", "power_blacklist", "power_mint", "upgradeable", "lp_custody", "holder_concentration"],
  },
  uniswapUni: {
    powers: {
      "mint(address,uint256)": { read: "effect_later", power: "mint", why: "the minter minted this year's 2 %; the next mint is allowed a year later" },
      "setMinter(address)": { read: "no_effect" },
    },
    // The minter's only power is proven (a year on), so its slot is context (privileged_addresses), no hidden owner.
    flags: ["power_mint", "lp_custody", "holder_concentration"],
    openToAnyone: ["delegate(address)"],
  },
  minime: {
    powers: {
      "generateTokens(address,uint256)": { read: "effect", power: "mint" },
      "destroyTokens(address,uint256)": { read: "effect", power: "balance_edit" },
      "transferFrom(address,address,uint256)": { read: "ordinary" },
      "enableTransfers(bool)": { read: "effect", power: "pause" },
      "changeController(address)": { read: "no_effect" },
    },
    // outside_gate: every transfer asks the controller (when it is a contract), and the controller can be changed.
    flags: ["power_mint", "power_balance_edit", "power_pause", "hidden_owner", "outside_gate", "lp_custody", "holder_concentration"],
  },
  gnosisOwl: {
    powers: {
      "mintOWL(address,uint256)": { read: "effect", power: "mint" },
      "setMinter(address)": { read: "no_effect" },
      "startMasterCopyCountdown(address)": { read: "no_effect" },
      "setNewOwner(address)": { read: "no_effect" },
    },
    // The proxy's fallback delegatecalls the master copy kept in its slot 0.
    flags: ["power_mint", "hidden_owner", "delegatecall_to_settable", "lp_custody", "holder_concentration"],
  },
  // The vending machine (a slot no getter reads) guards only the mint, proven with it named: no hidden owner, context.
  tbtc: {
    powers: { "mint(address,uint256)": { read: "effect", power: "mint" } },
    flags: ["power_mint", "lp_custody", "holder_concentration"],
  },
  across: {
    powers: {
      "mint(address,uint256)": { read: "effect", power: "mint" },
      "burn(address,uint256)": { read: "effect", power: "balance_edit" },
      "transferOwnership(address)": { read: "ordinary" },
    },
    flags: ["power_mint", "power_balance_edit", "lp_custody", "holder_concentration"],
  },
  // Fixed supply, no owner, written in 2017: no power, and its silent initial supply is no hidden balance.
  zrx: { powers: {}, flags: ["lp_custody"] },
  aave: {
    powers: {
      "upgradeToAndCall(address,bytes)": { read: "proxy_admin" },
      "upgradeTo(address)": { read: "proxy_admin" },
      "changeAdmin(address)": { read: "proxy_admin" },
    },
    flags: ["upgradeable", "lp_custody", "holder_concentration"],
    openToAnyone: ["delegate(address)", "delegateByType(address,uint8)"],
  },
  // The bridge is an immutable compared with msg.sender: found in the code and named, and both its
  // powers proven by running them as it (no storage, no owner, so no hidden owner).
  optimismMintable: {
    powers: {
      "mint(address,uint256)": { read: "effect", power: "mint" },
      "burn(address,uint256)": { read: "effect", power: "balance_edit" },
    },
    flags: ["power_mint", "power_balance_edit", "lp_custody", "holder_concentration"],
  },
  chainlinkBurnMint: {
    powers: {
      "mint(address,uint256)": { read: "effect_as_member", power: "mint", addedBy: "grantMintAndBurnRoles(address)", event: ROLE_GRANTED, table: "role" },
      // Hand-overs: run as a member of the default admin role (grantRole checks the admin role of the
      // role it is passed, read from storage keyed by that argument; the admin of every role is the
      // default admin until one is changed), they change nothing a holder feels.
      "grantMintAndBurnRoles(address)": { read: "no_effect" },
      "grantRole(bytes32,address)": { read: "no_effect" },
      "setCCIPAdmin(address)": { read: "no_effect" },
    },
    alsoListed: {
      // The burner's burn(address,uint256) is burnFrom: it burns only what a holder approved, so run
      // as the burner it reverts in every shape: its name raises no flag, and the headline says the
      // power is unknown rather than absent.
      "burn(address,uint256)": { read: "shown_nothing", power: "balance_edit", why: "it burns only an allowance the holder gave, and no holder gave the burner one" },
    },
    flags: ["power_mint", "lp_custody", "holder_concentration"],
  },
  // The owner is Compound's Timelock (SushiSwap's): read as a timelock, and the mint it holds proven as it.
  sushi: {
    powers: {
      "mint(address,uint256)": { read: "effect", power: "mint" },
      "transferOwnership(address)": { read: "ordinary" },
    },
    flags: ["power_mint", "lp_custody", "holder_concentration"],
    owner: "timelock",
    timelockDelaySeconds: 2 * 24 * 60 * 60,
    openToAnyone: ["delegate(address)"],
  },
  // Shares minted only against SUSHI paid in: nothing privileged.
  xSushi: { powers: {}, flags: ["lp_custody", "holder_concentration"] },
  // Deposits back every token: no power, and the native coin the contract holds is no hidden balance.
  weth9: { powers: {}, flags: ["lp_custody"] },
  openzeppelinPreset: {
    powers: {
      "mint(address,uint256)": { read: "effect_as_member", power: "mint", addedBy: "grantRole(bytes32,address)", event: ROLE_GRANTED, table: "role", otherMembers: ["presetAdmin"] },
      "pause()": { read: "effect_as_member", power: "pause", addedBy: "deployment", event: ROLE_GRANTED, table: "role" },
      // A hand-over, as Chainlink's grantRole above.
      "grantRole(bytes32,address)": { read: "no_effect" },
      "upgradeTo(address)": { read: "proxy_admin" },
    },
    flags: ["power_mint", "power_pause", "upgradeable", "lp_custody", "holder_concentration"],
  },
  // Fixed supply from the constructor, no owner: no power.
  gnosisGno: { powers: {}, flags: ["lp_custody"] },
  // The gateway is the address bridgeInit stored; behind a beacon proxy, so the code can be replaced.
  arbitrumStandard: {
    powers: {
      "bridgeMint(address,uint256)": { read: "effect", power: "mint" },
      "bridgeBurn(address,uint256)": { read: "effect", power: "balance_edit" },
    },
    flags: ["power_mint", "power_balance_edit", "upgradeable", "lp_custody", "holder_concentration"],
  },
  // 1 % burned on every transfer, no owner: no power, and the burn measured as a tax on each leg,
  // the pool's buy and sell and a wallet's transfer (every tax above zero is a flag).
  uniswapDeflating: { powers: {}, flags: ["buy_tax", "sell_tax", "transfer_tax", "lp_custody", "holder_concentration"], taxBps: { buy: 100, sell: 100, transfer: 100 } },
  // A rebasing token (balances are scaled balances times the liquidity index a flash loan raised):
  // no holder's balance reads as lowered or hidden. The LendingPool, an immutable, mints as it.
  aaveV2AToken: {
    powers: {
      "mint(address,uint256,uint256)": { read: "effect", power: "mint" },
      "mintToTreasury(uint256,uint256)": { read: "effect", power: "mint" },
      // GAP (the power probe, lib/intel/endpoints/intel/risk/powers.ts and lib/intel/reads/placed/PowerProbe.sol): the
      // probe runs as a contract holder by putting its own code on the holder's account, and the
      // aToken asks that holder, the LendingPool, for the liquidity index on every balance read;
      // the probe's code answers in its place, so during the probe every balance reads as 0
      // (total_supply before: 0). The probe wallet then holds nothing: burn asks to burn 0 and
      // reverts (CT_INVALID_BURN_AMOUNT, "58"), and transferOnLiquidation moves nothing. The
      // mints still show (from 0 to 1).
      "burn(address,address,uint256,uint256)": { read: "reverted", why: "during the probe the pool's code is the probe's, so the index reads 0 and the probe wallet's balance 0: it burns 0 and reverts" },
      "transferOnLiquidation(address,address,uint256)": { read: "no_effect" },
    },
    flags: ["power_mint", "upgradeable", "lp_custody", "holder_concentration"],
  },
};

const demo = useDemoChains();

function functionsIn(signal: Signal | undefined): FunctionView[] {
  const functions = (signal?.evidence as { functions?: FunctionView[] } | undefined)?.functions;
  return Array.isArray(functions) ? functions : [];
}

// intel/risk on the real published token contracts the demo chains carry (compiled from their
// publishers' files: demo-chain/contracts/real-tokens/), on all three chains, read through a
// provider-like proxy with Alchemy's free-tier limits. Every power over holders the address book
// records must be found by what running it as its holder did, with that holder named; a power the
// simulation cannot prove is said exactly (and why: UNI's mint is rate-limited until a year after
// the last), hand-overs of control are listed as privileged functions with no effect, and each
// token carries exactly the red flags its code and its demo history earn: none from a read that failed on its code (a pre-Byzantium token that
// burns the gas of a call it refuses, a controller that is asked about every transfer).
describe.each(DEMO_CHAINS)("intel/risk on the real published tokens, demo %s, through an Alchemy-like provider", (chain: ChainId) => {
  let proxy: ProviderProxy;
  const answers = new Map<string, Awaited<ReturnType<typeof analyzeRisk>>>();

  beforeAll(async () => {
    proxy = await startProviderProxy(demo.chains[chain].rpcUrl, providers.alchemyFree());
    forgetProviderProfiles();
  });
  afterAll(async () => {
    await proxy?.close();
    forgetProviderProfiles();
  });

  const scenarios = () => demo.chains[chain].addressBook.realTokens.scenarios as Record<RealTokenKey, RealTokenScenario>;
  const realWallets = () => demo.chains[chain].addressBook.realTokens.wallets;
  const listedFunctions = (result: Awaited<ReturnType<typeof analyzeRisk>>) =>
    [...result.data.signals.filter((signal) => signal.id.startsWith("power_")), result.data.signals.find((signal) => signal.id === "privileged_functions")].flatMap(functionsIn);
  /** The recorded powers the answer shows held by an address kept in the token's storage (not in its code, nor a table's member). */
  const storedPowers = (key: RealTokenKey, listed: FunctionView[]) =>
    scenarios()[key].powers.filter(
      (power) =>
        ["effect", "effect_later", "no_effect"].includes(expected[key].powers[power.signature]!.read) &&
        listed.some((fn) => fn.selector === power.selector && fn.holders.some((holder) => holder.address === power.holder && ["owner", "stored_address"].includes(holder.kind))),
    );
  const answerFor = async (key: RealTokenKey) => {
    const known = answers.get(key);
    if (known) return known;
    const result = await analyzeRisk({ chain, address: scenarios()[key].token.address, env: { ETH_RPC_URL: proxy.url, BASE_RPC_URL: proxy.url, BSC_RPC_URL: proxy.url } });
    riskResponse.data.parse(result.data);
    answers.set(key, result);
    return result;
  };

  it("every recorded token has its expectations here, and every expectation a recorded power", () => {
    expect(Object.keys(scenarios()).sort()).toEqual(Object.keys(expected).sort());
    for (const [key, scenario] of Object.entries(scenarios()) as [RealTokenKey, RealTokenScenario][]) {
      expect(scenario.powers.map((power) => power.signature).sort(), key).toEqual(Object.keys(expected[key].powers).sort());
    }
  });

  it.each(Object.keys(expected) as RealTokenKey[])("%s: each power is found by its effect with its holder, or said exactly why not; the red flags are the ones its code and history earn", async (key) => {
    const result = await answerFor(key);
    const signals = result.data.signals;
    const byId = new Map(signals.map((signal) => [signal.id, signal]));
    const listed = listedFunctions(result);
    const find = (power: RealTokenPower) => listed.find((fn) => fn.selector === power.selector);
    const holdsIt = (fn: FunctionView, power: RealTokenPower) =>
      fn.holders.some((holder) => holder.address === power.holder && holder.live === true && holder.provenance === "verified_onchain");

    const scenario = scenarios()[key];
    const check = (power: RealTokenPower, want: Expected) => {
      const label = `${key} ${power.signature}`;
      if (want.read === "effect") {
        const signal = byId.get(`power_${want.power}`);
        expect(signal, label).toMatchObject({ flag: true, provenance: "verified_onchain", evidence: { proven_by: "simulation" } });
        const fn = functionsIn(signal).find((entry) => entry.selector === power.selector);
        expect(fn, label).toMatchObject({ outcome: "effect", effect: { kind: want.power } });
        expect(holdsIt(fn!, power), `${label}: held by ${power.holderWallet ?? power.holderContract} ${power.holder}`).toBe(true);
      } else if (want.read === "effect_as_member") {
        const signal = byId.get(`power_${want.power}`);
        expect(signal, label).toMatchObject({ flag: true, evidence: { proven_by: "simulation" } });
        const fn = functionsIn(signal).find((entry) => entry.selector === power.selector);
        expect(fn, label).toMatchObject({ outcome: "effect", effect: { kind: want.power } });
        // The probe ran as a member it made of the table; the answer names the real member, confirmed in the table at the block, with the transaction that added it.
        const addedIn = want.addedBy === "deployment" ? scenario.deployTx : scenario.powers.find((other) => other.signature === want.addedBy)!.exercisedTx!;
        const member = expect.objectContaining({
          address: power.holder,
          kind: "mapping_member",
          live: true,
          added_by: { transaction: addedIn.hash, block: addedIn.block, event: { topic: toEventSelector(want.event), signature: want.event } },
          provenance: "verified_onchain",
        });
        const others = (want.otherMembers ?? []).map((wallet) =>
          expect.objectContaining({ address: getAddress(scenario.contracts[wallet] ?? realWallets()[wallet]!), kind: "mapping_member", live: true, provenance: "verified_onchain" }),
        );
        expect(fn!.holders, label).toHaveLength(1 + others.length);
        for (const holder of [member, ...others]) expect(fn!.holders, label).toContainEqual(holder);
        expect((signal!.evidence as { holders: unknown[] }).holders, label).toContainEqual(member);
        // The title names the table's first member, as its kind of table says.
        const named = want.table === "role" ? "(holder of role " : "(member of the mapping at slot";
        expect(signal!.title, label).toContain(`${fn!.holders[0]!.address} ${named}`);
      } else if (want.read === "effect_later") {
        const signal = byId.get(`power_${want.power}`);
        expect(signal, label).toMatchObject({ flag: true, provenance: "verified_onchain", evidence: { proven_by: "simulation" } });
        const fn = functionsIn(signal).find((entry) => entry.selector === power.selector);
        expect(fn, `${label} (${want.why})`).toMatchObject({ outcome: "effect", effect: { kind: want.power, later_by_seconds: 366 * 24 * 60 * 60 } });
        expect(holdsIt(fn!, power), `${label}: held by ${power.holderWallet} ${power.holder}`).toBe(true);
      } else if (want.read === "name_only") {
        const signal = byId.get(`power_${want.power}`);
        expect(signal, label).toMatchObject({ flag: true, evidence: { proven_by: "name_only" } });
        expect(find(power), `${label} (${want.why})`).toMatchObject({ outcome: "reverted" });
      } else if (want.read === "shown_nothing") {
        const signal = byId.get(`power_${want.power}`);
        expect(signal, label).toMatchObject({ flag: false, severity: "info", evidence: { proven_by: "name_only" } });
        expect(signal!.title, label).toMatch(/by its name only: run as its live holder, it reverted in every shape tried/);
        expect(find(power), `${label} (${want.why})`).toMatchObject({ outcome: "reverted" });
        expect(result.data.headline.powers[want.power as "balance_edit"].present, label).toBeNull();
      } else if (want.read === "no_effect") {
        const fn = find(power);
        expect(fn, label).toMatchObject({ outcome: "no_effect" });
        expect(holdsIt(fn!, power), `${label}: held by ${power.holderWallet} ${power.holder}`).toBe(true);
      } else if (want.read === "reverted") {
        const fn = find(power);
        expect(fn, `${label} (${want.why})`).toMatchObject({ outcome: "reverted" });
        expect(holdsIt(fn!, power), `${label}: held by ${power.holderWallet ?? power.holderContract} ${power.holder}`).toBe(true);
      } else if (want.read === "proxy_admin") {
        expect(byId.get("upgradeable"), label).toMatchObject({ flag: true });
        expect(result.data.headline.upgradeable, label).toBe(true);
      } else {
        expect(find(power), label).toBeUndefined();
      }
    };
    for (const power of scenario.powers) check(power, expected[key].powers[power.signature]!);
    for (const [signature, want] of Object.entries(expected[key].alsoListed ?? {})) {
      check({ signature, selector: toFunctionSelector(signature) } as RealTokenPower, want);
    }
    const taxes = expected[key].taxBps;
    if (taxes) {
      expect(result.data.headline, key).toMatchObject({ buy_tax_bps: taxes.buy, sell_tax_bps: taxes.sell, transfer_tax_bps: taxes.transfer, honeypot: false });
    }
    if (expected[key].owner) {
      expect(result.data.headline.owner, key).toBe(expected[key].owner);
      expect(byId.get("ownership")?.evidence, key).toMatchObject({ kind: expected[key].owner });
    }
    for (const signature of expected[key].openToAnyone ?? []) expect(listed.find((fn) => fn.selector === toFunctionSelector(signature)), `${key} ${signature} is open to anyone`).toBeUndefined();
    // A mint, blacklist or balance edit found by its effect is one a live holder has now.
    for (const kind of ["mint", "blacklist", "balance_edit", "pause"] as const) {
      const signal = byId.get(`power_${kind}`);
      const proven = (signal?.evidence as { proven_by?: string } | undefined)?.proven_by === "simulation";
      if (proven) expect(result.data.headline.powers[kind].live_holder, `${key} ${kind}`).toBe(true);
    }
    // Every function a live address can call was run, so a power no signal shows is absent (false), never unknown.
    const privileged = byId.get("privileged_functions")?.evidence as { probe: { run: number } | null; functions: FunctionView[] } | undefined;
    if (privileged) {
      const callable = privileged.functions.filter((fn) => fn.holders.some((holder) => holder.live !== false));
      expect(callable.filter((fn) => fn.outcome === "not_run").map((fn) => fn.selector), `${key}: callable functions not run`).toEqual([]);
      expect(privileged.probe?.run, key).toBe(callable.length);
    }
    // Nothing is unknown but a power whose catalogued name every run as its live holder left unshown.
    const unshown = [...scenario.powers.map((power) => expected[key].powers[power.signature]!), ...Object.values(expected[key].alsoListed ?? {})].flatMap((want) => (want.read === "shown_nothing" ? [`powers.${want.power}.present`, `powers.${want.power}.live_holder`] : []));
    expect(Object.keys(result.data.headline.unknown).sort(), key).toEqual(unshown.sort());
    expect(signals.filter((signal) => signal.flag).map((signal) => signal.id).sort(), `${key} red flags`).toEqual([...expected[key].flags].sort());
    expect([...result.data.flags].sort(), `${key} flags[]`).toEqual([...expected[key].flags].sort());
    expect(result.data.headline.red_flags).toBe(expected[key].flags.length);
    // With no owner(), the stored addresses are a hidden owner only while something they guard went unproven.
    const heldInStorage = storedPowers(key, listed).length > 0;
    if (!expected[key].flags.includes("hidden_owner") && (byId.get("ownership")?.evidence as { owner?: Address | null } | undefined)?.owner === null && heldInStorage) {
      expect(byId.get("privileged_addresses"), key).toMatchObject({ flag: false });
    }
  });

  it.each(Object.keys(expected) as RealTokenKey[])("%s: contract/analysis names the holder of every power a stored address holds among its controllers", async (key) => {
    const scenario = scenarios()[key];
    const client = getChainClient(chain, { env: { ETH_RPC_URL: proxy.url, BASE_RPC_URL: proxy.url, BSC_RPC_URL: proxy.url } });
    const analysis = (await analyzeContract({ chain, address: scenario.token.address, client })).data as unknown as {
      controllers: { accounts: { address: Address; role: string; kind: string; timelock?: { min_delay_seconds: number } }[] };
    };
    const named = new Set(analysis.controllers.accounts.map((account) => account.address));
    const delay = expected[key].timelockDelaySeconds;
    if (delay !== undefined) {
      expect(analysis.controllers.accounts, key).toContainEqual(expect.objectContaining({ role: "owner", kind: "timelock", timelock: { min_delay_seconds: delay } }));
    }
    const stored = storedPowers(key, listedFunctions(await answerFor(key)));
    for (const power of stored) expect(named.has(power.holder), `${key} ${power.signature}: ${power.holderWallet} ${power.holder}`).toBe(true);
  });

  it("through a node that takes no block override, UNI's mint is run at the block's time only: it stands on its name, and the answer says why", async () => {
    const refusing = await startProviderProxy(demo.chains[chain].rpcUrl, { ...providers.alchemyFree(), blockOverrideOff: { error: { code: -32602, message: "too many arguments, want at most 3" } } });
    try {
      forgetProviderProfiles();
      const env = { ETH_RPC_URL: refusing.url, BASE_RPC_URL: refusing.url, BSC_RPC_URL: refusing.url };
      const result = await analyzeRisk({ chain, address: scenarios().uniswapUni.token.address, env });
      const mint = result.data.signals.find((signal) => signal.id === "power_mint");
      expect(mint).toMatchObject({ flag: true, evidence: { proven_by: "name_only" } });
      const listed = result.data.signals.find((signal) => signal.id === "privileged_functions")!;
      expect(functionsIn(listed).find((fn) => fn.selector === toFunctionSelector("mint(address,uint256)"))).toMatchObject({ outcome: "reverted" });
      expect((listed.evidence as { reason: string | null }).reason).toMatch(/did not run the functions whose code reads the clock with the block's time moved ahead \(.*too many arguments/);
      expect(refusing.stats.refused.blockOverrideOff).toBeGreaterThan(0);
    } finally {
      await refusing.close();
      forgetProviderProfiles();
    }
  });

  it("through a node that caps eth_call's gas (geth's --rpc.gascap), every privileged function is still run, in more calls; where the cap leaves room for none, a power no signal shows is unknown (null, with why), never false", async () => {
    const readThrough = async (callGasCap: number) => {
      const capped = await startProviderProxy(demo.chains[chain].rpcUrl, { ...providers.alchemyFree(), callGasCap });
      try {
        forgetProviderProfiles();
        const result = await analyzeRisk({ chain, address: scenarios().circleFiatToken.token.address, env: { ETH_RPC_URL: capped.url, BASE_RPC_URL: capped.url, BSC_RPC_URL: capped.url } });
        riskResponse.data.parse(result.data);
        expect(capped.stats.refused.callGasCap, `cap ${callGasCap}`).toBeGreaterThan(0);
        const listed = result.data.signals.find((signal) => signal.id === "privileged_functions")!.evidence as { reason: string | null; probe: { run: number; calls: number; rounds: number }; functions: FunctionView[] };
        return { result, listed };
      } finally {
        await capped.close();
        forgetProviderProfiles();
      }
    };
    const whole = await answerFor("circleFiatToken");
    // A cap that holds a few functions a call: the follow-up round runs what the first did not reach; the answer is the uncapped one.
    const roomy = await readThrough(6_000_000);
    const callable = roomy.listed.functions.filter((fn) => fn.holders.some((holder) => holder.live !== false));
    expect(roomy.listed.functions.filter((fn) => fn.outcome === "not_run" && callable.includes(fn))).toEqual([]);
    expect(roomy.listed.probe.run).toBe(callable.length);
    expect(roomy.listed.probe.rounds).toBeGreaterThan(1);
    expect(roomy.result.data.headline.powers).toEqual(whole.data.headline.powers);
    expect(roomy.result.data.flags).toEqual(whole.data.flags);
    // A cap below the probe's reserve for one function: nothing is run, and the answer says so.
    const cramped = await readThrough(2_000_000);
    expect(cramped.listed.probe.run).toBe(0);
    expect(cramped.listed.reason).toMatch(/could not be run as their holder within a call's gas, even alone/);
    const headline = cramped.result.data.headline;
    for (const [kind, power] of Object.entries(headline.powers)) {
      const signal = cramped.result.data.signals.find((entry) => entry.id === `power_${kind}`);
      if (signal) expect(power.present, kind).toBe(true);
      else {
        expect(power, kind).toEqual({ present: null, live_holder: null });
        expect(headline.unknown[`powers.${kind}.present` as keyof typeof headline.unknown], kind).toBe(cramped.listed.reason);
      }
    }
  });

  it("the walk of every token's code finished within its step budget (real contracts are larger than fixtures)", async () => {
    for (const key of Object.keys(expected) as RealTokenKey[]) {
      const result = await answerFor(key);
      expect(result.data.limitations.join(" "), key).not.toMatch(/stopped at its step budget/);
    }
  });
});
