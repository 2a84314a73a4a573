// The real published token contracts on the demo chains: each is there on every chain with the code
// its committed source compiles to, its recorded holders are the ones the chain names, and every
// recorded power does what the record says when its holder calls it (the real transaction, sent
// on a snapshot and reverted), and nothing when anybody else does.
import { readFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import {
  encodeFunctionData,
  erc20Abi,
  getAddress,
  keccak256,
  parseAbi,
  slice,
  toFunctionSelector,
  toHex,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_CHAINS, startDemoChains, type AddressBook, type DemoChains, type RealTokenPower, type RealTokenScenario } from "@/demo-chain";
import { REAL_TOKEN_BUILDS, UNI_ARTIFACT } from "@/demo-chain/real-tokens/catalog";
import {
  compiledRealTokens,
  readRealTokenSources,
  realTokensCompileKey,
  realTokensDir,
  sha256,
  type RealTokenArtifacts,
} from "@/demo-chain/real-tokens/compile";
import { demoChainDataDir, requireFromHere } from "@/demo-chain/paths";
import { ADMIN_SLOT, clientFor, IMPLEMENTATION_SLOT } from "./helpers";

let chains: DemoChains;
let artifacts: RealTokenArtifacts;

beforeAll(async () => {
  chains = await startDemoChains({ log: () => undefined });
  artifacts = await compiledRealTokens();
}, 900_000);

afterAll(async () => {
  await chains?.stop();
});

const PROBE: Address = "0x00000000000000000000000000000000000b0B0b";
const DAY = 86_400;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : Promise.resolve([path.join(dir, entry.name)]))),
  );
  return nested.flat();
}

describe("the committed sources", () => {
  it.each(Object.entries(REAL_TOKEN_BUILDS))("%s: every file is the published one, and nothing else is compiled", async (_key, build) => {
    const sources = await readRealTokenSources(build);
    for (const [unit, expected] of Object.entries(build.files)) expect(sha256(sources[unit]!), unit).toBe(expected);
    const onDisk = (await filesUnder(path.join(realTokensDir, build.folder, "src")))
      .filter((file) => file.endsWith(".sol"))
      .map((file) => path.relative(path.join(realTokensDir, build.folder, "src"), file))
      .sort();
    expect(onDisk).toEqual(Object.keys(build.files).sort());
  });

  it("the cached build is the build of these sources", async () => {
    // The cache file is named by the key of what it was compiled from.
    const key = await realTokensCompileKey();
    const cacheDir = path.join(demoChainDataDir(), "compiled", "real-tokens");
    expect(await readdir(cacheDir)).toContain(`${key}.json`);
  });

  it("UNI is Uniswap's published build of contracts/Uni.sol", () => {
    const build = requireFromHere(`${UNI_ARTIFACT.package}/${UNI_ARTIFACT.file}`) as { metadata: string };
    const metadata = JSON.parse(build.metadata) as { sources: Record<string, { keccak256: string }>; compiler: { version: string } };
    expect(metadata.sources["contracts/Uni.sol"]?.keccak256).toBe(UNI_ARTIFACT.sourceKeccak256);
    expect(UNI_ARTIFACT.compiler.startsWith(metadata.compiler.version)).toBe(true);
  });
});

type Effect = (run: Runner, scenario: RealTokenScenario, power: RealTokenPower) => Promise<void>;

type Runner = {
  client: PublicClient;
  book: AddressBook;
  /** Sends the call from `from` (impersonated) and fails if it reverts. */
  send(from: Address, to: Address, data: Hex): Promise<void>;
  /** Whether the call from `from` would revert, without sending it. */
  reverts(from: Address, to: Address, data: Hex): Promise<boolean>;
  /** Whether the call from `from` would revert or answer false (old tokens refuse so), without sending it. */
  refuses(from: Address, to: Address, data: Hex): Promise<boolean>;
  rpc(method: string, params: unknown[]): Promise<unknown>;
};

const tokenAbi = parseAbi([
  "function totalSupply() view returns (uint256)",
  "function balanceOf(address) view returns (uint256)",
  "function transfer(address to, uint256 amount) returns (bool)",
]);
const getterAbi = (getter: string) => parseAbi([`function ${getter} view returns (address)` as string]);
const call = (signature: string, args: readonly unknown[]): Hex =>
  encodeFunctionData({ abi: parseAbi([`function ${signature}` as string]) as Abi, args: args as unknown[] });

const supply = (run: Runner, token: Address) => run.client.readContract({ address: token, abi: tokenAbi, functionName: "totalSupply" });
const balance = (run: Runner, token: Address, owner: Address) =>
  run.client.readContract({ address: token, abi: tokenAbi, functionName: "balanceOf", args: [owner] });
const buyerA = (run: Runner) => getAddress(run.book.realTokens.wallets.buyerA!);

/** The holder's call raises the supply and the receiver's balance by exactly the amount. */
function mints(data: (amount: bigint) => Hex, amount: bigint, options: { receiver?: Address; before?: (run: Runner) => Promise<void> } = {}): Effect {
  return async (run, scenario, power) => {
    const token = scenario.token.address;
    const receiver = options.receiver ?? PROBE;
    await options.before?.(run);
    const [supplyBefore, balanceBefore] = [await supply(run, token), await balance(run, token, receiver)];
    await run.send(power.holder, token, data(amount));
    expect(await supply(run, token)).toBe(supplyBefore + amount);
    expect(await balance(run, token, receiver)).toBe(balanceBefore + amount);
  };
}

/** The holder's call lowers a buyer's balance without the buyer sending anything. */
function takes(data: (holder: Address, amount: bigint) => Hex, options: { supplyFalls: boolean }): Effect {
  return async (run, scenario, power) => {
    const token = scenario.token.address;
    const victim = buyerA(run);
    const held = await balance(run, token, victim);
    expect(held).toBeGreaterThan(0n);
    const supplyBefore = await supply(run, token);
    await run.send(power.holder, token, data(victim, held / 2n));
    expect(await balance(run, token, victim)).toBe(held - held / 2n);
    expect(await supply(run, token)).toBe(options.supplyFalls ? supplyBefore - held / 2n : supplyBefore);
  };
}

/** After the holder's call, a buyer who could send the token no longer can. */
function stopsTransfers(data: (run: Runner) => Hex): Effect {
  return async (run, scenario, power) => {
    const token = scenario.token.address;
    const transfer = encodeFunctionData({ abi: tokenAbi, functionName: "transfer", args: [PROBE, 1n] });
    expect(await run.reverts(buyerA(run), token, transfer)).toBe(false);
    await run.send(power.holder, token, data(run));
    expect(await run.reverts(buyerA(run), token, transfer)).toBe(true);
  };
}

/** After the holder's call, `getter` names the probe. */
function handsOver(data: () => Hex, getter: string, target?: (scenario: RealTokenScenario) => Address): Effect {
  return async (run, scenario, power) => {
    const at = target?.(scenario) ?? scenario.token.address;
    await run.send(power.holder, scenario.token.address, data());
    expect(getAddress(await run.client.readContract({ address: at, abi: getterAbi(getter), functionName: getter.replace("()", "") }))).toBe(PROBE);
  };
}

const addressIn = async (run: Runner, address: Address, slot: Hex) => getAddress(slice((await run.client.getStorageAt({ address, slot }))!, 12));

/** After the holder's call the proxy runs other code: Aave's first implementation again. */
function upgrades(data: (implementation: Address) => Hex): Effect {
  return async (run, scenario, power) => {
    const proxy = scenario.token.address;
    const previous = scenario.contracts.AaveToken!;
    expect(await addressIn(run, proxy, IMPLEMENTATION_SLOT)).toBe(scenario.contracts.AaveTokenV2);
    await run.send(power.holder, proxy, data(previous));
    expect(await addressIn(run, proxy, IMPLEMENTATION_SLOT)).toBe(previous);
  };
}

const MINIMUM_TIME_BETWEEN_UNI_MINTS = 365 * DAY;
const MINTER_ROLE = keccak256(toHex("MINTER_ROLE"));
const RAY = 10n ** 27n;
/** Equal within the rounding of a ray division and multiplication (a rebasing token's balances). */
const near = (actual: bigint, wanted: bigint) => actual >= wanted - 2n && actual <= wanted + 2n;
const normalizedIncome = (run: Runner, scenario: RealTokenScenario) =>
  run.client.readContract({
    address: scenario.contracts["InitializableImmutableAdminUpgradeabilityProxy (LendingPool)"]!,
    abi: parseAbi(["function getReserveNormalizedIncome(address asset) view returns (uint256)"]),
    functionName: "getReserveNormalizedIncome",
    args: [scenario.contracts.MintableERC20!],
  });
const roleAbi = parseAbi(["function hasRole(bytes32 role, address account) view returns (bool)"]);

/** After the holder's call, the probe holds the minter role and mints. */
function makesMinter(data: Hex): Effect {
  return async (run, scenario, power) => {
    const token = scenario.token.address;
    expect(await run.client.readContract({ address: token, abi: roleAbi, functionName: "hasRole", args: [MINTER_ROLE, PROBE] })).toBe(false);
    await run.send(power.holder, token, data);
    await mints((amount) => call("mint(address,uint256)", [PROBE, amount]), 10n ** 18n)(run, scenario, { ...power, holder: PROBE });
  };
}

/** After the holder's call the proxy runs the code at `next`. */
function upgradesTo(data: (next: Address) => Hex, next: (scenario: RealTokenScenario) => Address): Effect {
  return async (run, scenario, power) => {
    const proxy = scenario.token.address;
    await run.send(power.holder, proxy, data(next(scenario)));
    expect(await addressIn(run, proxy, IMPLEMENTATION_SLOT)).toBe(next(scenario));
  };
}

// Every recorded power, by token and signature, with the effect its call must have.
const EFFECTS: Record<string, Record<string, Effect>> = {
  circleFiatToken: {
    "mint(address,uint256)": mints((amount) => call("mint(address,uint256)", [PROBE, amount]), 1_000n * 10n ** 6n),
    "configureMinter(address,uint256)": async (run, scenario, power) => {
      const token = scenario.token.address;
      const mint = call("mint(address,uint256)", [PROBE, 500n]);
      expect(await run.reverts(PROBE, token, mint)).toBe(true);
      await run.send(power.holder, token, call("configureMinter(address,uint256)", [PROBE, 500n]));
      await mints(() => mint, 500n)(run, scenario, { ...power, holder: PROBE });
    },
    "blacklist(address)": stopsTransfers((run) => call("blacklist(address)", [buyerA(run)])),
    "pause()": stopsTransfers(() => call("pause()", [])),
    "upgradeTo(address)": async (run, scenario, power) => {
      const proxy = scenario.token.address;
      const next = scenario.contracts.SignatureChecker!;
      await run.send(power.holder, proxy, call("upgradeTo(address)", [next]));
      const implementation = await run.client.readContract({ address: proxy, abi: getterAbi("implementation()"), functionName: "implementation" });
      expect(getAddress(implementation)).toBe(next);
    },
    "updateBlacklister(address)": handsOver(() => call("updateBlacklister(address)", [PROBE]), "blacklister()"),
  },
  uniswapUni: {
    "mint(address,uint256)": mints((amount) => call("mint(address,uint256)", [PROBE, amount]), 10n ** 24n, {
      // The next mint is allowed a year after the one the history played.
      before: async (run) => {
        await run.rpc("evm_increaseTime", [MINIMUM_TIME_BETWEEN_UNI_MINTS + DAY]);
      },
    }),
    "setMinter(address)": handsOver(() => call("setMinter(address)", [PROBE]), "minter()"),
  },
  minime: {
    "generateTokens(address,uint256)": mints((amount) => call("generateTokens(address,uint256)", [PROBE, amount]), 10n ** 21n),
    "destroyTokens(address,uint256)": takes((holder, amount) => call("destroyTokens(address,uint256)", [holder, amount]), { supplyFalls: true }),
    "transferFrom(address,address,uint256)": takes((holder, amount) => call("transferFrom(address,address,uint256)", [holder, PROBE, amount]), {
      supplyFalls: false,
    }),
    "enableTransfers(bool)": stopsTransfers(() => call("enableTransfers(bool)", [false])),
    "changeController(address)": handsOver(() => call("changeController(address)", [PROBE]), "controller()"),
  },
  gnosisOwl: {
    "mintOWL(address,uint256)": mints((amount) => call("mintOWL(address,uint256)", [PROBE, amount]), 10n ** 21n),
    "setMinter(address)": handsOver(() => call("setMinter(address)", [PROBE]), "minter()"),
    "startMasterCopyCountdown(address)": async (run, scenario, power) => {
      const proxy = scenario.token.address;
      const next = PROBE;
      await run.send(power.holder, proxy, call("startMasterCopyCountdown(address)", [next]));
      // The creator may swap the code thirty days after starting the countdown, not before.
      expect(await run.reverts(power.holder, proxy, call("updateMasterCopy()", []))).toBe(true);
      await run.rpc("evm_increaseTime", [30 * DAY + 1]);
      await run.send(power.holder, proxy, call("updateMasterCopy()", []));
      const masterCopy = await run.client.getStorageAt({ address: proxy, slot: toHex(0, { size: 32 }) });
      expect(getAddress(slice(masterCopy!, 12))).toBe(next);
    },
    "setNewOwner(address)": handsOver(() => call("setNewOwner(address)", [PROBE]), "creator()"),
  },
  tbtc: {
    "mint(address,uint256)": mints((amount) => call("mint(address,uint256)", [PROBE, amount]), 10n ** 18n),
  },
  across: {
    "mint(address,uint256)": mints((amount) => call("mint(address,uint256)", [PROBE, amount]), 10n ** 21n),
    "burn(address,uint256)": takes((holder, amount) => call("burn(address,uint256)", [holder, amount]), { supplyFalls: true }),
    "transferOwnership(address)": handsOver(() => call("transferOwnership(address)", [PROBE]), "owner()"),
  },
  zrx: {},
  aave: {
    "upgradeToAndCall(address,bytes)": upgrades((implementation) => call("upgradeToAndCall(address,bytes)", [implementation, toFunctionSelector("function name()")])),
    "upgradeTo(address)": upgrades((implementation) => call("upgradeTo(address)", [implementation])),
    "changeAdmin(address)": async (run, scenario, power) => {
      await run.send(power.holder, scenario.token.address, call("changeAdmin(address)", [PROBE]));
      expect(await addressIn(run, scenario.token.address, ADMIN_SLOT)).toBe(PROBE);
    },
  },
  optimismMintable: {
    "mint(address,uint256)": mints((amount) => call("mint(address,uint256)", [PROBE, amount]), 10n ** 21n),
    "burn(address,uint256)": takes((holder, amount) => call("burn(address,uint256)", [holder, amount]), { supplyFalls: true }),
  },
  chainlinkBurnMint: {
    "mint(address,uint256)": mints((amount) => call("mint(address,uint256)", [PROBE, amount]), 10n ** 21n),
    "grantMintAndBurnRoles(address)": makesMinter(call("grantMintAndBurnRoles(address)", [PROBE])),
    "grantRole(bytes32,address)": makesMinter(call("grantRole(bytes32,address)", [MINTER_ROLE, PROBE])),
    "setCCIPAdmin(address)": handsOver(() => call("setCCIPAdmin(address)", [PROBE]), "getCCIPAdmin()"),
  },
  sushi: {
    "mint(address,uint256)": mints((amount) => call("mint(address,uint256)", [PROBE, amount]), 10n ** 21n),
    "transferOwnership(address)": handsOver(() => call("transferOwnership(address)", [PROBE]), "owner()"),
  },
  xSushi: {},
  weth9: {},
  openzeppelinPreset: {
    "mint(address,uint256)": mints((amount) => call("mint(address,uint256)", [PROBE, amount]), 10n ** 21n),
    "pause()": stopsTransfers(() => call("pause()", [])),
    "grantRole(bytes32,address)": makesMinter(call("grantRole(bytes32,address)", [MINTER_ROLE, PROBE])),
    "upgradeTo(address)": upgradesTo((next) => call("upgradeTo(address)", [next]), (scenario) => scenario.contracts.ProxyAdmin!),
  },
  gnosisGno: {},
  uniswapDeflating: {},
  aaveV2AToken: {
    // Scaled at an index of one ray, the amount is minted as it is and then grows with the index.
    "mint(address,uint256,uint256)": async (run, scenario, power) => {
      const token = scenario.token.address;
      const supplyBefore = await supply(run, token);
      await run.send(power.holder, token, call("mint(address,uint256,uint256)", [PROBE, 10n ** 21n, RAY]));
      expect(await balance(run, token, PROBE)).toBeGreaterThanOrEqual(10n ** 21n);
      expect(await supply(run, token)).toBeGreaterThanOrEqual(supplyBefore + 10n ** 21n);
    },
    "burn(address,address,uint256,uint256)": async (run, scenario, power) => {
      const token = scenario.token.address;
      const victim = buyerA(run);
      const held = await balance(run, token, victim);
      const index = await normalizedIncome(run, scenario);
      await run.send(power.holder, token, call("burn(address,address,uint256,uint256)", [victim, PROBE, held / 2n, index]));
      expect(near(await balance(run, token, victim), held - held / 2n)).toBe(true);
    },
    "transferOnLiquidation(address,address,uint256)": async (run, scenario, power) => {
      const token = scenario.token.address;
      const victim = buyerA(run);
      const held = await balance(run, token, victim);
      const supplyBefore = await supply(run, token);
      await run.send(power.holder, token, call("transferOnLiquidation(address,address,uint256)", [victim, PROBE, held / 2n]));
      expect(near(await balance(run, token, victim), held - held / 2n)).toBe(true);
      expect(near(await balance(run, token, PROBE), held / 2n)).toBe(true);
      expect(await supply(run, token)).toBe(supplyBefore);
    },
    "mintToTreasury(uint256,uint256)": async (run, scenario, power) => {
      const token = scenario.token.address;
      const treasury = getAddress(run.book.realTokens.wallets.aaveV2Treasury!);
      const before = await balance(run, token, treasury);
      await run.send(power.holder, token, call("mintToTreasury(uint256,uint256)", [10n ** 21n, await normalizedIncome(run, scenario)]));
      expect(near(await balance(run, token, treasury), before + 10n ** 21n)).toBe(true);
    },
  },
  arbitrumStandard: {
    "bridgeMint(address,uint256)": mints((amount) => call("bridgeMint(address,uint256)", [PROBE, amount]), 10n ** 21n),
    "bridgeBurn(address,uint256)": takes((holder, amount) => call("bridgeBurn(address,uint256)", [holder, amount]), { supplyFalls: true }),
  },
};

/** The build a token's contracts come from (SUSHI and xSUSHI share SushiSwap's). */
function buildOf(scenario: RealTokenScenario): keyof typeof REAL_TOKEN_BUILDS {
  const found = (Object.entries(REAL_TOKEN_BUILDS) as [keyof typeof REAL_TOKEN_BUILDS, { folder: string }][]).find(([, build]) => scenario.source.folder === `contracts/real-tokens/${build.folder}`);
  if (!found) throw new Error(`no build for ${scenario.source.folder}`);
  return found[0];
}

/** The library a placeholder stands for: solc names it by the keccak256 of its fully qualified name. */
function linkedLibrary(scenario: RealTokenScenario, hash: string): Address {
  const build = REAL_TOKEN_BUILDS[buildOf(scenario)];
  for (const unit of Object.keys(build.files)) {
    for (const [name, address] of Object.entries(scenario.contracts)) {
      if (keccak256(toHex(`${unit}:${name}`)).slice(2, 36) === hash) return address;
    }
  }
  throw new Error(`no library of ${scenario.title} has the placeholder ${hash}`);
}

/** Arguments a non-holder's attempt uses: the same call the effect makes first. */
function firstCall(power: RealTokenPower): Hex {
  const types = power.signature.slice(power.signature.indexOf("(") + 1, -1).split(",").filter(Boolean);
  const args = types.map((type) => (type === "address" ? PROBE : type === "bool" ? false : type === "bytes" ? "0x" : type === "bytes32" ? MINTER_ROLE : 1n));
  return call(power.signature, args);
}

describe.each(DEMO_CHAINS)("real tokens on demo chain %s", (name) => {
  let book: AddressBook;
  let client: PublicClient;
  let snapshot: Hex | null = null;
  let run: Runner;

  beforeAll(() => {
    book = chains[name].addressBook;
    client = clientFor(chains[name].rpcUrl);
    const rpc = (method: string, params: unknown[]) => client.request({ method: method as never, params: params as never }) as Promise<unknown>;
    run = {
      client,
      book,
      rpc,
      async send(from, to, data) {
        await rpc("anvil_impersonateAccount", [from]);
        await rpc("anvil_setBalance", [from, toHex(10n ** 20n)]);
        const hash = (await rpc("eth_sendTransaction", [{ from, to, data, gas: toHex(3_000_000) }])) as Hex;
        const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
        expect(receipt.status, `${from} → ${to} ${data.slice(0, 10)}`).toBe("success");
      },
      async reverts(from, to, data) {
        return client.call({ account: from, to, data }).then(
          () => false,
          () => true,
        );
      },
      async refuses(from, to, data) {
        return client.call({ account: from, to, data }).then(
          ({ data: answer }) => answer !== undefined && answer !== "0x" && BigInt(answer) === 0n,
          () => true,
        );
      },
    };
  });

  beforeEach(async () => {
    snapshot = (await run.rpc("evm_snapshot", [])) as Hex;
  });

  afterEach(async () => {
    if (snapshot) await run.rpc("evm_revert", [snapshot]);
    snapshot = null;
  });

  const scenarios = () => Object.entries(book.realTokens.scenarios) as [string, RealTokenScenario][];

  it("carries at least eight tokens from real published sources, each launched and traded on the canonical V2 router", () => {
    const all = scenarios();
    expect(all.length).toBeGreaterThanOrEqual(8);
    for (const [key, scenario] of all) {
      expect(scenario.trades.length, key).toBeGreaterThanOrEqual(2);
      expect(scenario.pool.pair, key).toBe(getAddress(scenario.pool.pair));
    }
  });

  it("runs, at every recorded address, the code the committed source compiles to", async () => {
    for (const [key, scenario] of scenarios()) {
      const compiled: Record<string, { deployedBytecode: Hex; immutables: { start: number; length: number }[] }> = key === "uniswapUni" ? artifacts.uni : artifacts[buildOf(scenario)];
      for (const [named, address] of Object.entries(scenario.contracts)) {
        // "Proxy (LendingPool)": one of several addresses running the same contract, told apart by what it stands for.
        const contract = named.replace(/ \(.*\)$/, "");
        // The constructor's immutables (a bridge, a maximum supply) are the deployment's, not the source's: left out on both sides.
        const withoutImmutables = (code: Hex) => compiled[contract]!.immutables.reduce<string>((at, { start, length }) => `${at.slice(0, 2 + start * 2)}${"0".repeat(length * 2)}${at.slice(2 + (start + length) * 2)}`, code);
        const onChain = withoutImmutables((await client.getCode({ address }))!);
        const expected = compiled[contract]!.deployedBytecode
          // A linked library's address where the compiler left its placeholder,
          .replace(/__\$([0-9a-f]{34})\$__/g, (_, hash: string) => linkedLibrary(scenario, hash).slice(2).toLowerCase())
          // and a library's own address, which its deployment writes over the zeros it starts with.
          .replace(/^0x730{40}/, `0x73${address.slice(2).toLowerCase()}`);
        expect(onChain?.toLowerCase(), `${key} ${named}`).toBe(expected.toLowerCase());
      }
    }
  });

  it("names every power's holder as the chain does (its getter, or the storage the code checks)", async () => {
    for (const [key, scenario] of scenarios()) {
      for (const power of scenario.powers) {
        expect(power.selector, `${key} ${power.signature}`).toBe(toFunctionSelector(`function ${power.signature}`));
        const named = power.holderWallet !== null ? book.realTokens.wallets[power.holderWallet] : scenario.contracts[power.holderContract!];
        expect(power.holder, `${key} ${power.signature}`).toBe(getAddress(named!));
        const token = scenario.token.address;
        if (power.holderGetter === "hasRole(bytes32,address)") {
          const abi = parseAbi(["function hasRole(bytes32 role, address account) view returns (bool)"]);
          expect(await client.readContract({ address: token, abi, functionName: "hasRole", args: [power.holderRoleId!, power.holder] }), `${key} ${power.role}`).toBe(true);
        } else if (power.holderGetter === null) {
          const word = await client.getStorageAt({ address: token, slot: power.holderSlot! });
          expect(getAddress(slice(word!, 12)), `${key} ${power.role}`).toBe(power.holder);
        } else if (power.holderGetter.endsWith("(address)")) {
          const abi = parseAbi([`function ${power.holderGetter} view returns (bool)` as string]);
          const named = await client.readContract({ address: token, abi, functionName: power.holderGetter.split("(")[0]!, args: [power.holder] });
          expect(named, `${key} ${power.holderGetter}`).toBe(true);
        } else {
          const getter = power.holderGetter.replace("()", "");
          const named = await client.readContract({ address: token, abi: getterAbi(power.holderGetter), functionName: getter });
          expect(getAddress(named), `${key} ${power.holderGetter}`).toBe(power.holder);
        }
      }
    }
  });

  it("records the powers the history used with their transactions, and leaves others for a simulation to find", async () => {
    const powers = scenarios().flatMap(([, scenario]) => scenario.powers);
    const used = powers.filter((power) => power.exercisedTx);
    expect(used.length).toBeGreaterThanOrEqual(5);
    expect(powers.length - used.length).toBeGreaterThanOrEqual(5);
    for (const power of used) {
      const tx = await client.getTransaction({ hash: power.exercisedTx!.hash });
      expect(getAddress(tx.from)).toBe(power.holder);
      expect(tx.input.slice(0, 10)).toBe(power.selector);
    }
    const kinds = new Set(powers.map((power) => power.kind));
    for (const kind of ["mint", "pause", "blacklist", "balance_edit", "trading_switch", "upgrade"] as const) expect(kinds).toContain(kind);
  });

  it("shows the history's blacklisting: the blacklisted buyer cannot send", async () => {
    const circle = book.realTokens.scenarios.circleFiatToken;
    const blacklisted = getAddress(book.realTokens.wallets.buyerB!);
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [PROBE, 1n] });
    expect(await run.reverts(blacklisted, circle.token.address, transfer)).toBe(true);
    expect(await balance(run, circle.token.address, blacklisted)).toBeGreaterThan(0n);
  });

  it("the table of real tokens in docs/demo-chain.md lists these tokens, in this order", () => {
    const page = readFileSync(path.join(process.cwd(), "docs/demo-chain.md"), "utf8");
    const start = page.indexOf("| token | address | powers and their holders");
    const table = page.slice(start, page.indexOf("\n\n", start));
    const listed = [...table.matchAll(/^\| [^|`]+ \| `(0x[0-9a-fA-F]{40})` \|/gm)].map((match) => match[1]);
    expect(listed).toEqual(scenarios().map(([, scenario]) => scenario.token.address));
  });

  it("a token with no power has none recorded and no owner", async () => {
    const zrx = book.realTokens.scenarios.zrx;
    expect(zrx.powers).toEqual([]);
    await expect(client.readContract({ address: zrx.token.address, abi: getterAbi("owner()"), functionName: "owner" })).rejects.toThrow();
  });

  it("has an effect check for every recorded power, and for nothing unrecorded", () => {
    for (const [key, scenario] of scenarios()) {
      expect(Object.keys(EFFECTS[key] ?? {}).sort(), key).toEqual(scenario.powers.map((power) => power.signature).sort());
    }
  });

  for (const [key, effects] of Object.entries(EFFECTS)) {
    for (const signature of Object.keys(effects)) {
      it(`${key} ${signature}: the holder's call does what the record says; anybody else's is refused`, async () => {
        const scenario = book.realTokens.scenarios[key as keyof AddressBook["realTokens"]["scenarios"]];
        const power = scenario.powers.find((candidate) => candidate.signature === signature)!;
        expect(await run.refuses(PROBE, scenario.token.address, firstCall(power))).toBe(true);
        await effects[signature]!(run, scenario, power);
      });
    }
  }
});
