// Owner powers proven by effect, on all three demo chains: each power found by what running it as
// its holder changed, whatever its name, with that holder named. The cases in detail: the describes
// below.
import { beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, encodeDeployData, encodeFunctionData, erc20Abi, getAddress, http, keccak256, maxUint256, parseAbi, parseEther, toFunctionSelector, toHex, type Abi, type Address, type Hex } from "viem";
import { rpc } from "../chain/support/anvil";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { DEMO_CHAINS } from "@/demo-chain";
import { analyzeRisk, type Signal } from "@/lib/intel/endpoints/intel/risk";
import { analyzeContract } from "@/lib/intel/endpoints/contract/analysis";
import { getChainClient } from "@/lib/chain/clients";
import { compilePowerProbe } from "@/lib/intel/reads/placed/compile";
import { powerProbeRuntime } from "@/lib/intel/reads/placed/power-probe.generated";
import { knownFunction } from "@/lib/intel/endpoints/intel/risk/selectors";
import { forgetProviderProfiles } from "@/lib/chain/provider-profile";
import { useDemoChains } from "../support/demo-chains";
import { compileFixtureFile, send, transferData, type Artifact } from "./support/solidity-fixtures";
import { providers, startProviderProxy } from "../support/provider-proxy";
import { riskResponse } from "@/lib/schemas/responses/risk";
import { analyzeLiquidity } from "@/lib/intel/endpoints/intel/liquidity";
import { liquidityResponse } from "@/lib/schemas/responses/liquidity";

type FixtureName = "ControlledToken" | "MinterToken" | "RationedMinterToken" | "PerCallCapToken" | "ShiftingToken" | "CrewToken" | "OpenGate" | "GatedToken" | "LpStaking" | "TetherStyleToken" | "ReflectionStyleToken" | "MemeStyleToken" | "LaunchStyleToken" | "MisnamedToken";

function compileFixtures(): Record<FixtureName, Artifact> {
  return compileFixtureFile("PowerFixtures.sol") as Record<FixtureName, Artifact>;
}

const accounts = {
  deployer: getAddress("0x5eed000000000000000000000000000000000d01"),
  controller: getAddress("0x5eed000000000000000000000000000000000c02"),
  minter: getAddress("0x5eed000000000000000000000000000000000a03"),
  crew: getAddress("0x5eed000000000000000000000000000000000b04"),
  holderA: getAddress("0x5eed000000000000000000000000000000000e05"),
  holderB: getAddress("0x5eed000000000000000000000000000000000f06"),
  provider: getAddress("0x5eed000000000000000000000000000000001007"),
};
const supply = parseEther("1000000");


type Deployed = { controlled: Address; minted: Address; rationed: Address; perCallCap: Address; shifting: Address; crew: Address; gate: Address; gated: Address; tetherStyle: Address; reflectionStyle: Address };

async function deployAll(url: string, artifacts: Record<FixtureName, Artifact>): Promise<Deployed> {
  for (const account of Object.values(accounts)) {
    await rpc(url, "anvil_setBalance", [account, toHex(parseEther("100"))]);
    await rpc(url, "anvil_impersonateAccount", [account]);
  }
  const deploy = async (name: FixtureName, args: unknown[]) => (await send(url, accounts.deployer, { data: encodeDeployData({ abi: artifacts[name].abi, bytecode: artifacts[name].bytecode, args }) }))!;
  const controlled = await deploy("ControlledToken", [accounts.controller, supply]);
  const minted = await deploy("MinterToken", [accounts.minter, supply]);
  const rationed = await deploy("RationedMinterToken", [accounts.minter, supply]);
  const perCallCap = await deploy("PerCallCapToken", [accounts.minter, supply]);
  const shifting = await deploy("ShiftingToken", [accounts.controller, supply]);
  const crew = await deploy("CrewToken", [accounts.crew, supply]);
  const gate = await deploy("OpenGate", []);
  const gated = await deploy("GatedToken", [gate, supply]);
  const tetherStyle = await deploy("TetherStyleToken", [supply]);
  const reflectionStyle = await deploy("ReflectionStyleToken", [supply]);
  // Holders beside the deployer, so the Transfer history has wallets to fund the probe from.
  for (const token of [controlled, minted, rationed, perCallCap, shifting, crew, gated, tetherStyle, reflectionStyle]) {
    await send(url, accounts.deployer, { to: token, data: transferData(accounts.holderA, supply / 10n) });
    await send(url, accounts.deployer, { to: token, data: transferData(accounts.holderB, supply / 20n) });
  }
  return { controlled, minted, rationed, perCallCap, shifting, crew, gate, gated, tetherStyle, reflectionStyle };
}

type Result = Awaited<ReturnType<typeof analyzeRisk>>;
type PowerEvidence = {
  proven_by: "simulation" | "name_only";
  holders: { address: Address | null; kind: string; slot: string; live: boolean | null; provenance: string }[];
  functions: {
    selector: Hex;
    signature: string | null;
    outcome: string;
    effect: { kind: string | null; shape: string; changes: Record<string, { before: unknown; after: unknown }>; after: { selector: Hex; signature: string | null; shape: string; arguments: string[] } | null } | null;
    highest_rate: { accepted: number; transfer_tax_bps: number | null; sell_tax_bps: number | null; buy_tax_bps: number | null } | null;
    mint_cap: { accepted_bps: number; refused_bps: number | null; again_at_once: boolean | null } | null;
  }[];
};

function signal(result: Result, id: string): Signal {
  const found = result.data.signals.find((entry) => entry.id === id);
  expect(found, `signal ${id}`).toBeDefined();
  return found!;
}
const evidenceOf = (result: Result, id: string) => signal(result, id).evidence as unknown as PowerEvidence;
const selector = (signature: string) => toFunctionSelector(signature);

/** The power signal `id` proven by simulation, held by the deployer as owner(), with `signature`'s function showing that effect. */
function provenAsOwner(result: Result, id: string, signature: string) {
  const evidence = evidenceOf(result, id);
  expect(evidence.proven_by, id).toBe("simulation");
  expect(evidence.holders, signature).toEqual([expect.objectContaining({ address: accounts.deployer, kind: "owner", live: true, provenance: "verified_onchain" })]);
  const fn = evidence.functions.find((entry) => entry.selector === selector(signature));
  expect(fn, signature).toMatchObject({ outcome: "effect", effect: { kind: id.slice("power_".length) } });
  return fn!;
}

const demo = useDemoChains();

// Owner powers proven by effect, on all three demo chains: fixture tokens whose privileged
// functions carry names the catalogue does not hold (ban, issue, halt, levy, cap, seize), held by a
// controller in a slot with a getter of another name, by a minter with no owner(), by the members
// of a mapping keyed by msg.sender; each power must be found by what running it as its holder
// changed, with that holder named. A token whose transfers ask an outside contract at a settable
// address names it and who can re-point it. Our own contracts with Tether's and SafeMoon's
// interfaces have their powers proven the same way. Through the provider-like proxy, a node that refuses
// state overrides reads the powers by name only and says so.
describe("the power probe", () => {
  it("the committed runtime code is what its source compiles to", () => {
    expect(compilePowerProbe().runtime).toBe(powerProbeRuntime);
  }, 120_000);

  it("the fixtures' function names are not in the catalogue, so a power found is found by its effect", () => {
    for (const signature of ["shift(address,address,uint256)", "ban(address)", "issue(uint256)", "halt(bool)", "levy(uint256)", "cap(uint256)", "seize(address)", "grow(address,uint256)", "reroute(address)"]) expect(knownFunction(selector(signature)), signature).toBeNull();
  });
});

describe.each(DEMO_CHAINS)("powers by effect on demo %s", (chain: ChainId) => {
  let deployed: Deployed;
  const url = () => demo.chains[chain].rpcUrl;
  const analyze = async (address: Address, rounds = 3) => {
    const { result, usage } = await withRpcMeter(() => analyzeRisk({ chain, address, env: demo.env(chain) }));
    expect(usage.roundTrips).toBeLessThanOrEqual(rounds);
    riskResponse.data.parse(result.data);
    return result;
  };

  beforeAll(async () => {
    deployed = await deployAll(url(), compileFixtures());
  }, 120_000);

  it("a controller's powers under names the catalogue lacks: each found by what it did, held by the address in the slot the code checks", async () => {
    const result = await analyze(deployed.controlled);
    const holder = { address: accounts.controller, kind: "stored_address", live: true, provenance: "verified_onchain" };
    const proven = (id: string) => {
      const evidence = evidenceOf(result, id);
      expect(evidence.proven_by, id).toBe("simulation");
      expect(evidence.holders, id).toEqual([expect.objectContaining(holder)]);
      expect(signal(result, id)).toMatchObject({ flag: true, provenance: "verified_onchain" });
      return evidence.functions;
    };
    expect(proven("power_blacklist")).toEqual([expect.objectContaining({ selector: selector("ban(address)"), signature: null, outcome: "effect", effect: expect.objectContaining({ kind: "blacklist", shape: "(address)" }) })]);
    const [ban] = proven("power_blacklist");
    expect(ban.effect!.changes).toMatchObject({ probe_holder_can_send: { before: true, after: false }, probe_holder_can_receive: { before: true, after: false } });
    expect(ban.effect!.changes.others_can_transfer).toBeUndefined();

    const [issue] = proven("power_mint");
    expect(issue).toMatchObject({ selector: selector("issue(uint256)"), signature: null, effect: { kind: "mint" } });
    expect(BigInt(issue.effect!.changes.total_supply.after as string)).toBeGreaterThan(BigInt(issue.effect!.changes.total_supply.before as string));

    const [halt] = proven("power_pause");
    expect(halt).toMatchObject({ selector: selector("halt(bool)"), effect: { kind: "pause", shape: "(bool)", changes: { others_can_transfer: { before: true, after: false } } } });

    const [levy] = proven("power_fees");
    expect(levy).toMatchObject({ selector: selector("levy(uint256)"), effect: { kind: "fees", changes: { transfer_tax_bps: { before: 0, after: 5 } } } });
    // The setter refuses more than 2,500 bps: the ladder's highest accepted value, and the tax it takes.
    expect(levy.highest_rate).toEqual({ accepted: 2500, transfer_tax_bps: 2500, sell_tax_bps: null, buy_tax_bps: null });

    const [cap] = proven("power_limits");
    expect(cap).toMatchObject({ selector: selector("cap(uint256)"), effect: { kind: "limits", changes: { large_transfer_goes_through: { before: true, after: false } } } });

    const [seize] = proven("power_balance_edit");
    expect(seize).toMatchObject({ selector: selector("seize(address)"), effect: { kind: "balance_edit", changes: { probe_holder_balance: { after: "0" } } } });

    // touch() is privileged and does nothing: listed and counted as such.
    const listed = signal(result, "privileged_functions").evidence as { simulated: boolean; outcomes: Record<string, number>; functions: { selector: Hex; outcome: string }[] };
    expect(listed.simulated).toBe(true);
    expect(listed.outcomes).toEqual({ total: 7, with_effect: 6, no_effect: 1, reverted: 0, not_run: 0 });
    expect(listed.functions.find((fn) => fn.selector === selector("touch()"))).toMatchObject({ outcome: "no_effect" });
    expect(result.data.signals.some((entry) => entry.id === "power_trading_switch" || entry.id === "power_exemptions")).toBe(false);
  });

  it("a minter with no owner(): the mint power names the minter; contract/analysis lists it among the controllers", async () => {
    const result = await analyze(deployed.minted);
    const evidence = evidenceOf(result, "power_mint");
    expect(evidence.proven_by).toBe("simulation");
    expect(evidence.holders).toEqual([expect.objectContaining({ address: accounts.minter, kind: "stored_address", live: true })]);
    // mint(address,uint256) is in the catalogue: its name is the label, the effect is the proof.
    expect(evidence.functions).toEqual([expect.objectContaining({ selector: selector("mint(address,uint256)"), signature: "mint(address,uint256)", outcome: "effect" })]);
    expect(evidence.functions[0].effect!.changes.probe_holder_balance).toBeDefined();
    const listed = signal(result, "privileged_functions").evidence as { functions: { selector: Hex; outcome: string }[] };
    expect(listed.functions.find((fn) => fn.selector === selector("setMinter(address)"))).toMatchObject({ outcome: "no_effect" });

    const analysis = (await analyzeContract({ chain, address: deployed.minted, client: getChainClient(chain, { env: demo.env(chain) }) })).data as unknown as { controllers: { accounts: { role: string; address: Address; slot?: string; functions?: Hex[] }[] } };
    expect(analysis.controllers.accounts).toContainEqual(expect.objectContaining({ role: "stored_address", address: accounts.minter, kind: "eoa", slot: evidence.holders[0].slot, functions: [selector("mint(address,uint256)"), selector("setMinter(address)")].sort() }));
  });

  it("a mint held to a share of the supply says how much in its title and weighs a step less; a cap one call at a time repeats at once, caps nothing and weighs as none", async () => {
    const uncapped = evidenceOf(await analyze(deployed.minted), "power_mint");
    expect(uncapped.functions.map((fn) => fn.mint_cap)).toEqual([{ accepted_bps: 10_000, refused_bps: null, again_at_once: null }]);

    const rationed = await analyze(deployed.rationed);
    expect(evidenceOf(rationed, "power_mint").functions.map((fn) => fn.mint_cap)).toEqual([{ accepted_bps: 200, refused_bps: 500, again_at_once: false }]);
    expect(signal(rationed, "power_mint")).toMatchObject({ severity: "medium", flag: true });
    expect(signal(rationed, "power_mint").title).toMatch(/can mint new tokens, at most 2 % of the supply in a call \(5 % is refused, and so is a second 2 % at once\)$/);

    const perCall = await analyze(deployed.perCallCap);
    expect(evidenceOf(perCall, "power_mint").functions.map((fn) => fn.mint_cap)).toEqual([{ accepted_bps: 200, refused_bps: 500, again_at_once: true }]);
    expect(signal(perCall, "power_mint")).toMatchObject({ severity: "high", flag: true });
    expect(signal(perCall, "power_mint").title).toMatch(/can mint new tokens$/);
  });

  it("a function of (from, to, amount) that moves a chosen holder's tokens to someone else is run with the probe wallet as from and another wallet as to, and proven a balance edit", async () => {
    const result = await analyze(deployed.shifting);
    const evidence = evidenceOf(result, "power_balance_edit");
    expect(evidence.proven_by).toBe("simulation");
    expect(evidence.holders).toEqual([expect.objectContaining({ address: accounts.controller, kind: "stored_address", live: true })]);
    const [shifted] = evidence.functions;
    expect(shifted).toMatchObject({ selector: selector("shift(address,address,uint256)"), outcome: "effect", effect: { kind: "balance_edit", shape: "(address,address,uint256)", arguments: ["target", "wallet", "amount"] } });
    const balance = shifted.effect!.changes.probe_holder_balance;
    expect(BigInt(balance.after as string)).toBeLessThan(BigInt(balance.before as string));
    expect(signal(result, "power_balance_edit")).toMatchObject({ flag: true, severity: "high" });
  });

  /** A MinterToken whose minter is accounts.minter, and a Uniswap V2 pool against the wrapped native coin seeded by `provider` (who got the tokens two steps from the deployer). */
  async function minterTokenPooledBy(provider: Address): Promise<{ token: Address; pair: Address }> {
    const artifacts = compileFixtures();
    const token = (await send(url(), accounts.deployer, { data: encodeDeployData({ abi: artifacts.MinterToken.abi, bytecode: artifacts.MinterToken.bytecode, args: [accounts.minter, supply] }) }))!;
    await send(url(), accounts.deployer, { to: token, data: transferData(accounts.holderB, supply / 2n) });
    await send(url(), accounts.holderB, { to: token, data: transferData(provider, supply / 2n) });
    await send(url(), accounts.deployer, { to: token, data: transferData(accounts.holderA, supply / 10n) });
    const dex = getNetwork(chain).dexes.find((entry) => entry.kind === "uniswap-v2")!;
    await send(url(), provider, { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [dex.router, maxUint256] }) });
    const addLiquidityEth = parseAbi(["function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable"]);
    await send(url(), provider, { to: dex.router, value: toHex(parseEther("10")), data: encodeFunctionData({ abi: addLiquidityEth, functionName: "addLiquidityETH", args: [token, supply / 4n, 0n, 0n, provider, 2n ** 40n] }) });
    const pair = await createPublicClient({ transport: http(url()) }).readContract({ address: dex.factory, abi: parseAbi(["function getPair(address, address) view returns (address)"]), functionName: "getPair", args: [token, getNetwork(chain).wrappedNative.address] });
    return { token, pair };
  }

  it("LP held by a controller is the team's: a minter (no owner()) that seeded its own pool is named as team, and the LP is not secured", async () => {
    // The minter's tokens come two steps from the deployer, so no Transfer links it to the team: only the code does.
    const { token } = await minterTokenPooledBy(accounts.minter);

    const result = await analyze(token);
    const custody = signal(result, "lp_custody");
    expect(custody.flag).toBe(true);
    // The minter is linked by the code alone (a controller) and, being team, its first LP mint counts too.
    expect((custody.evidence as { team_holders: unknown[] }).team_holders).toEqual([{ address: accounts.minter, relations: ["controller", "initial_liquidity_provider"] }]);
    const holders = (signal(result, "holder_concentration").evidence as { holders: { address: Address; team: string[] }[] }).holders;
    expect(holders.find((holder) => holder.address === accounts.minter)?.team).toEqual(["controller"]);

    // intel/liquidity tells the same story: the minter is a controller, and its LP the team's.
    const { data: liquidity } = await analyzeLiquidity({ chain, address: token, client: getChainClient(chain, { env: demo.env(chain) }) });
    liquidityResponse.data.parse(liquidity);
    expect(liquidity.team_wallets.controllers).toEqual([accounts.minter]);
    const [custodyRead] = liquidity.lp_custody;
    expect(custodyRead.team.holders).toEqual([expect.objectContaining({ address: accounts.minter, relations: ["controller", "initial_liquidity_provider"] })]);
  });

  it("LP a staking contract holds is not the team's, though the token lets it mint: a contract that is no wallet holds it on its own terms (unverified custody)", async () => {
    const artifacts = compileFixtures();
    // An outside provider, two steps from the deployer (no Transfer links it to the team), seeds the pool.
    const { token, pair } = await minterTokenPooledBy(accounts.provider);
    const client = createPublicClient({ transport: http(url()) });
    // The provider stakes all its LP; the minter hands the mint power to the staking contract (rewards).
    const staking = (await send(url(), accounts.deployer, { data: encodeDeployData({ abi: artifacts.LpStaking.abi, bytecode: artifacts.LpStaking.bytecode, args: [pair] }) }))!;
    const lpHeld = await client.readContract({ address: pair, abi: erc20Abi, functionName: "balanceOf", args: [accounts.provider] });
    await send(url(), accounts.provider, { to: pair, data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [staking, maxUint256] }) });
    await send(url(), accounts.provider, { to: staking, data: encodeFunctionData({ abi: artifacts.LpStaking.abi, functionName: "stake", args: [lpHeld] }) });
    await send(url(), accounts.minter, { to: token, data: encodeFunctionData({ abi: artifacts.MinterToken.abi, functionName: "setMinter", args: [staking] }) });

    const result = await analyze(token);
    // The staking contract holds the mint power (the code checks the caller against it)...
    expect(evidenceOf(result, "power_mint").holders).toEqual([expect.objectContaining({ address: staking, kind: "stored_address", live: true })]);
    // ...but the LP it holds is its stakers', on its own terms: unverified custody, not team LP. Neither
    // burned nor locked, it is still not secured (stakers can take it out), but no team can pull it.
    const custody = signal(result, "lp_custody");
    expect(custody.evidence).toMatchObject({ pool: pair, team_held_bps: 0, team_holders: [] });
    expect((custody.evidence as { unverified_custody_bps: number }).unverified_custody_bps).toBeGreaterThan(9_900);
    expect(custody).toMatchObject({ flag: true, severity: "low", title: "Liquidity is not locked, but no team wallet holds it: its providers can withdraw it" });
  });

  it("a mapping keyed by msg.sender: its members' mint power is proven with the probe made a member", async () => {
    const result = await analyze(deployed.crew);
    const evidence = evidenceOf(result, "power_mint");
    expect(evidence.proven_by).toBe("simulation");
    expect(evidence.holders).toEqual([expect.objectContaining({ address: null, kind: "mapping_member", live: null })]);
    expect(evidence.functions).toEqual([expect.objectContaining({ selector: selector("grow(address,uint256)"), signature: null, outcome: "effect" })]);
  });

  it("an outside gate: every transfer asks a stored contract; the owner can re-point it, and doing so stops transfers", async () => {
    const result = await analyze(deployed.gated);
    const gate = signal(result, "outside_gate");
    expect(gate).toMatchObject({ flag: true, severity: "medium", evidence: { address: deployed.gate, can: ["refuse_transfer"] } });
    const changedBy = (gate.evidence as { changed_by: { selector: Hex; holders: { address: Address; kind: string }[] }[] }).changed_by;
    expect(changedBy).toEqual([expect.objectContaining({ selector: selector("reroute(address)"), holders: [expect.objectContaining({ address: accounts.deployer, kind: "owner" })] })]);
    // Re-pointed at an address that does not answer, every transfer reverts: a pause in effect.
    const [reroute] = evidenceOf(result, "power_pause").functions;
    expect(reroute).toMatchObject({ selector: selector("reroute(address)"), effect: { kind: "pause" } });
  });

  it("a function named as a hand-over of control (transferOwnership) whose code writes no holder's slot but mints is run like any other and proven a mint: the name is a label, never a reason to pass it by", async () => {
    const { abi, bytecode } = compileFixtures().MisnamedToken;
    const token = (await send(url(), accounts.deployer, { data: encodeDeployData({ abi, bytecode, args: [supply] }) }))!;
    await send(url(), accounts.deployer, { to: token, data: transferData(accounts.holderA, supply / 10n) });
    const result = await analyze(token);
    const mint = provenAsOwner(result, "power_mint", "transferOwnership(address)");
    expect(mint).toMatchObject({ signature: "transferOwnership(address)", effect: { shape: "(address)" } });
  });

  it("Tether's interface (our own contract with USDT's functions): addBlackList, issue, setParams and pause are each proven by what running them as owner() did; destroyBlackFunds, which reverts alone, is proven run right after addBlackList", async () => {
    const result = await analyze(deployed.tetherStyle);
    provenAsOwner(result, "power_blacklist", "addBlackList(address)");
    provenAsOwner(result, "power_mint", "issue(uint256)");
    provenAsOwner(result, "power_pause", "pause()");
    // The fee setter takes two numbers and refuses 20 basis points or more: the ladder's highest accepted step is 15.
    const fees = provenAsOwner(result, "power_fees", "setParams(uint256,uint256)");
    expect(fees.highest_rate?.accepted).toBe(15);
    expect(fees.highest_rate?.transfer_tax_bps).toBeGreaterThan(0);
    // It needs the holder blacklisted first: alone it reverts, after addBlackList it empties the probe holder.
    const destroy = provenAsOwner(result, "power_balance_edit", "destroyBlackFunds(address)");
    expect(destroy.effect).toMatchObject({ shape: "(address)", after: { selector: selector("addBlackList(address)"), signature: null, shape: "(address)", arguments: ["target"] } });
    expect(destroy.effect!.changes.probe_holder_balance.after).toBe("0");
    // Read against the state after addBlackList: the blacklisting itself is not this call's change.
    expect(destroy.effect!.changes.probe_holder_can_send).toBeUndefined();
    // Functions that went through alone are never run after another.
    expect(provenAsOwner(result, "power_blacklist", "addBlackList(address)").effect!.after).toBeNull();
  });

  it("SafeMoon's interface (our own reflection token with its owner functions): setTaxFeePercent (no upper " +
    "bound), setMaxTxPercent and excludeFromFee are proven by what running them as owner() did, under " +
    "names the catalogue lacks; includeInFee changes nothing for a holder who pays the fee already", async () => {
    const result = await analyze(deployed.reflectionStyle);
    expect(knownFunction(selector("setTaxFeePercent(uint256)"))).toBeNull();
    expect(knownFunction(selector("setMaxTxPercent(uint256)"))).toBeNull();
    // A 2 % reflection fee reads a little under 200 bps (the receiver gets its share back); the setter's 5 reads under 500.
    const fee = provenAsOwner(result, "power_fees", "setTaxFeePercent(uint256)");
    const taxed = fee.effect!.changes.transfer_tax_bps as { before: number; after: number };
    expect(taxed.before).toBeGreaterThan(150);
    expect(taxed.after).toBeGreaterThan(taxed.before);
    // No cap: the ladder's top step (10,000) is accepted, and then no transfer goes through, so no tax is measured.
    expect(fee.highest_rate).toEqual({ accepted: 10_000, transfer_tax_bps: null, sell_tax_bps: null, buy_tax_bps: null });
    expect(provenAsOwner(result, "power_limits", "setMaxTxPercent(uint256)").effect!.changes.large_transfer_goes_through).toEqual({ before: true, after: false });
    expect(provenAsOwner(result, "power_exemptions", "excludeFromFee(address)").effect!.changes.probe_holder_transfer_tax_bps).toMatchObject({ after: 0 });
    const listed = signal(result, "privileged_functions").evidence as { functions: { selector: Hex; outcome: string }[] };
    expect(listed.functions.find((fn) => fn.selector === selector("includeInFee(address)"))).toMatchObject({ outcome: "no_effect" });
  });
});

describe.each(DEMO_CHAINS)("powers by effect on a meme token's and a launch token's interfaces, traded on Uniswap V2 on demo %s", (chain: ChainId) => {
  const url = () => demo.chains[chain].rpcUrl;
  const dex = () => getNetwork(chain).dexes.find((entry) => entry.kind === "uniswap-v2")!;
  const analyze = async (address: Address) => {
    const { result, usage } = await withRpcMeter(() => analyzeRisk({ chain, address, env: demo.env(chain) }));
    expect(usage.roundTrips).toBeLessThanOrEqual(3);
    riskResponse.data.parse(result.data);
    return result;
  };
  const call = (abi: Abi, to: Address, functionName: string, args: unknown[] = []) => send(url(), accounts.deployer, { to, data: encodeFunctionData({ abi, functionName, args }) });

  /** The deployer seeds a Uniswap V2 pool against the wrapped native coin with `share` of the supply and hands two holders a slice each. */
  async function launch(name: "MemeStyleToken" | "LaunchStyleToken"): Promise<{ token: Address; pair: Address; abi: Abi }> {
    const artifacts = compileFixtures();
    for (const account of Object.values(accounts)) {
      await rpc(url(), "anvil_setBalance", [account, toHex(parseEther("100"))]);
      await rpc(url(), "anvil_impersonateAccount", [account]);
    }
    const { abi, bytecode } = artifacts[name];
    const token = (await send(url(), accounts.deployer, { data: encodeDeployData({ abi, bytecode, args: name === "LaunchStyleToken" ? [dex().router, supply] : [supply] }) }))!;
    await call(erc20Abi, token, "approve", [dex().router, maxUint256]);
    const addLiquidityEth = parseAbi(["function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable"]);
    await send(url(), accounts.deployer, { to: dex().router, value: toHex(parseEther("10")), data: encodeFunctionData({ abi: addLiquidityEth, functionName: "addLiquidityETH", args: [token, (supply * 8n) / 10n, 0n, 0n, accounts.deployer, 2n ** 40n] }) });
    const pair = await createPublicClient({ transport: http(url()) }).readContract({ address: dex().factory, abi: parseAbi(["function getPair(address, address) view returns (address)"]), functionName: "getPair", args: [token, getNetwork(chain).wrappedNative.address] });
    await send(url(), accounts.deployer, { to: token, data: transferData(accounts.holderA, (supply * 15n) / 1000n) });
    await send(url(), accounts.deployer, { to: token, data: transferData(accounts.holderB, (supply * 12n) / 1000n) });
    return { token, pair, abi };
  }

  it("PEPE's interface: blacklist(address,bool) and setRule(bool,address,uint256,uint256), a four-word setter no common shape fits, are each proven by what running them as owner() did", async () => {
    const { token, pair, abi } = await launch("MemeStyleToken");
    // Trading opens as PEPE's did: the rule names the pool, unlimited.
    await call(abi, token, "setRule", [false, pair, 0n, 0n]);
    const result = await analyze(token);
    const blacklisting = evidenceOf(result, "power_blacklist");
    expect(blacklisting.proven_by).toBe("simulation");
    expect(blacklisting.holders).toEqual([expect.objectContaining({ address: accounts.deployer, kind: "owner", live: true, provenance: "verified_onchain" })]);
    const bySelector = (signature: string) => blacklisting.functions.find((fn) => fn.selector === selector(signature));
    expect(bySelector("blacklist(address,bool)")).toMatchObject({ outcome: "effect", effect: { kind: "blacklist", shape: "(address,bool)" } });
    // The rule's four words were read from the code (a bool, an address, two numbers): naming the
    // probe wallet as "the pool" with bounds of 5 wei stops it from sending, as a blacklist does.
    const rule = bySelector("setRule(bool,address,uint256,uint256)");
    expect(rule).toMatchObject({ outcome: "effect", effect: { kind: "blacklist", shape: "(bool,address,uint256,uint256)", arguments: ["true", "target", "rate", "rate"] } });
    expect(rule!.effect!.changes).toMatchObject({ probe_holder_can_send: { before: true, after: false }, probe_holder_can_sell: { before: true, after: false } });
    expect(rule!.effect!.changes.others_can_transfer).toBeUndefined();
  });

  it("a launch token's interface: before launch enableTrading() is the trading switch; after it, " +
    "updateSellFees and updateBuyFees(uint256,uint256,uint256) are fee setters whose cap the ladder finds, " +
    "removeLimits() lifts a limit and excludeFromFees(address,bool) is an exemption, all as owner()", async () => {
    const { token, abi } = await launch("LaunchStyleToken");
    const before = await analyze(token);
    const [enable] = evidenceOf(before, "power_trading_switch").functions.filter((fn) => fn.selector === selector("enableTrading()"));
    expect(enable).toMatchObject({ outcome: "effect", effect: { kind: "trading_switch", changes: { others_can_transfer: { before: false, after: true }, others_can_buy: { before: false, after: true } } } });
    expect(evidenceOf(before, "power_trading_switch").holders).toEqual([expect.objectContaining({ address: accounts.deployer, kind: "owner", live: true })]);

    await call(abi, token, "enableTrading");
    const after = await analyze(token);
    const fees = provenAsOwner(after, "power_fees", "updateSellFees(uint256,uint256,uint256)");
    // 3 % on sells at launch; the setter's three parts of 5 make 15 %; the cap (25 in all) lets each part reach 5 of the ladder, not 10.
    expect(fees.effect).toMatchObject({ shape: "(uint256,uint256,uint256)", changes: { sell_tax_bps: { before: 300, after: 1500 } } });
    expect(fees.highest_rate).toEqual({ accepted: 5, transfer_tax_bps: 0, sell_tax_bps: 1500, buy_tax_bps: 300 });
    // Buys are measured too: the probe buys from the pair with the wrapped native coin, as a router would.
    const buyFees = provenAsOwner(after, "power_fees", "updateBuyFees(uint256,uint256,uint256)");
    expect(buyFees.effect).toMatchObject({ shape: "(uint256,uint256,uint256)", changes: { buy_tax_bps: { before: 300, after: 1500 } } });
    expect(buyFees.effect!.changes.sell_tax_bps).toBeUndefined();
    expect(buyFees.highest_rate).toEqual({ accepted: 5, transfer_tax_bps: 0, sell_tax_bps: 300, buy_tax_bps: 1500 });
    expect(provenAsOwner(after, "power_limits", "removeLimits()").effect!.changes.large_transfer_goes_through).toEqual({ before: false, after: true });
    expect(provenAsOwner(after, "power_exemptions", "excludeFromFees(address,bool)").effect!.changes.probe_holder_sell_tax_bps).toEqual({ before: 300, after: 0 });
    // Once open, trading cannot be closed again: enableTrading() changes nothing.
    const listed = signal(after, "privileged_functions").evidence as { functions: { selector: Hex; outcome: string }[] };
    expect(listed.functions.find((fn) => fn.selector === selector("enableTrading()"))).toMatchObject({ outcome: "no_effect" });
  });

  it("through an Alchemy-like provider (its batch, rate and log-range limits, its error texts): a four-word setter, a buy-fee setter, a power run after a blacklisting and a misnamed mint are proven as straight against the node", async () => {
    const proxy = await startProviderProxy(url(), providers.alchemyFree());
    try {
      forgetProviderProfiles();
      const env = { ETH_RPC_URL: proxy.url, BASE_RPC_URL: proxy.url, BSC_RPC_URL: proxy.url };
      const viaProvider = async (address: Address) => {
        // The free tier's 10-block log ranges split the history scan, so rounds are not bounded here as straight against the node.
        const result = await analyzeRisk({ chain, address, env });
        riskResponse.data.parse(result.data);
        return result;
      };
      const meme = await launch("MemeStyleToken");
      await call(meme.abi, meme.token, "setRule", [false, meme.pair, 0n, 0n]);
      const rule = evidenceOf(await viaProvider(meme.token), "power_blacklist").functions.find((fn) => fn.selector === selector("setRule(bool,address,uint256,uint256)"));
      expect(rule).toMatchObject({ outcome: "effect", effect: { kind: "blacklist", shape: "(bool,address,uint256,uint256)" } });

      const launched = await launch("LaunchStyleToken");
      await call(launched.abi, launched.token, "enableTrading");
      const buyFees = provenAsOwner(await viaProvider(launched.token), "power_fees", "updateBuyFees(uint256,uint256,uint256)");
      expect(buyFees.effect!.changes.buy_tax_bps).toEqual({ before: 300, after: 1500 });

      const artifacts = compileFixtures();
      for (const name of ["TetherStyleToken", "MisnamedToken"] as const) {
        const { abi, bytecode } = artifacts[name];
        const token = (await send(url(), accounts.deployer, { data: encodeDeployData({ abi, bytecode, args: [supply] }) }))!;
        await send(url(), accounts.deployer, { to: token, data: transferData(accounts.holderA, supply / 10n) });
        const result = await viaProvider(token);
        if (name === "TetherStyleToken") expect(provenAsOwner(result, "power_balance_edit", "destroyBlackFunds(address)").effect!.after).toMatchObject({ selector: selector("addBlackList(address)") });
        else provenAsOwner(result, "power_mint", "transferOwnership(address)");
      }
    } finally {
      await proxy.close();
      forgetProviderProfiles();
    }
  });

  it("a launch token whose largest holder besides the pool is under its limits (a whale the team handed 15 %, more than the team keeps): the limit is still seen", async () => {
    const { token, abi } = await launch("LaunchStyleToken");
    await call(abi, token, "enableTrading");
    await send(url(), accounts.deployer, { to: token, data: transferData(accounts.provider, (supply * 15n) / 100n) });
    const result = await analyze(token);
    expect(provenAsOwner(result, "power_limits", "removeLimits()").effect!.changes.large_transfer_goes_through).toEqual({ before: false, after: true });
  });
});

describe("a node that cannot simulate", () => {
  it("through the provider-like proxy refusing state overrides, the powers are read by name only and the answer says so", async () => {
    const chain: ChainId = "base";
    const url = demo.chains[chain].rpcUrl;
    const deployed = await deployAll(url, compileFixtures());
    const noOverrides = await startProviderProxy(url, { name: "no overrides", stateOverrideOff: { error: { code: -32602, message: "invalid argument 2: state override is not supported" } } });
    try {
      forgetProviderProfiles();
      const env = { ETH_RPC_URL: noOverrides.url, BASE_RPC_URL: noOverrides.url, BSC_RPC_URL: noOverrides.url };
      const minted = await analyzeRisk({ chain, address: deployed.minted, env });
      const mint = minted.data.signals.find((entry) => entry.id === "power_mint")!;
      expect(mint).toMatchObject({ provenance: "interpretation", evidence: { proven_by: "name_only" } });
      const listed = minted.data.signals.find((entry) => entry.id === "privileged_functions")!;
      expect(listed.evidence).toMatchObject({ simulated: false, outcomes: { total: 2, not_run: 2 } });
      expect(String((listed.evidence as { reason: string }).reason)).toMatch(/read by name only/);
      // Uncatalogued names with no simulation: nothing to prove a power, so none is claimed.
      const controlled = await analyzeRisk({ chain, address: deployed.controlled, env });
      expect(controlled.data.signals.filter((entry) => entry.id.startsWith("power_"))).toEqual([]);
      expect(controlled.data.limitations.join(" ")).toMatch(/read by name only/);
    } finally {
      await noOverrides.close();
      forgetProviderProfiles();
    }
  });
});
