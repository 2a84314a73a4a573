// Places the concentrated-liquidity venues at the addresses the product registry names, without a
// transaction, so the existing scenarios' history is untouched. How: placeVenues below.
import {
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  keccak256,
  pad,
  toHex,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
} from "viem";
import type { Artifact } from "../compile";
import { DEMO_VENUES, type DemoChainName, type DemoNetwork, type DemoVenues, type V3FeeTier } from "../networks";
import type { Player } from "../player";
import { venueArtifacts } from "./artifacts";

export type VenueContractRole =
  | "uniswapV3Factory"
  | "uniswapV3PositionManager"
  | "permit2"
  | "uniswapV4PoolManager"
  | "uniswapV4PositionManager"
  | "uniswapV4StateView"
  | "uniswapV4Quoter"
  | "universalRouter"
  | "pancakeV3PoolCode"
  | "pancakeV3PoolDeployer"
  | "pancakeV3Factory";

export type PlacedVenueContract = {
  role: VenueContractRole;
  address: Address;
  /** The contract whose runtime code sits there. */
  contract: string;
  /** Where that code comes from (package and version, or this repository's contracts/). */
  source: string;
  codeHash: Hex;
  /** Storage the constructor (and any set-up call) wrote, slot by slot. */
  storage: { slot: Hex; value: Hex }[];
};

export type VenueMap = {
  uniswapV3: DemoVenues["uniswapV3"] & { owner: Address };
  uniswapV4: DemoVenues["uniswapV4"] & {
    /** PoolManager owner (protocol fee controller setter). */
    owner: Address;
    /** PositionManager's gas limit for notifying unsubscribing contracts (300,000 as deployed). */
    unsubscribeGasLimit: string;
  };
  permit2: Address;
  /** The V2 venue the Universal Router routes V2 swaps to: the demo chain's own V2 factory and pair code. */
  universalRouterV2: { factory: Address; pairInitCodeHash: Hex };
  pancakeV3: (NonNullable<DemoVenues["pancakeV3"]> & { owner: Address; poolCode: Address }) | null;
  /**
   * The first block mined after the placement. Anvil writes set code and storage into the state of
   * the newest block, so the block before this one shows them too; older blocks do not.
   */
  placedInBlock: number;
  placed: PlacedVenueContract[];
};

/** 300,000 gas: what the deployed V4 PositionManagers give an unsubscribing contract. */
const UNSUBSCRIBE_GAS_LIMIT = 300_000n;
const CALL_GAS = toHex(30_000_000n);

type StorageMap = Record<string, string>;
type AccountDiff = { storage?: StorageMap; code?: string; balance?: string; nonce?: number };
type PrestateDiff = { pre: Record<string, AccountDiff>; post: Record<string, AccountDiff> };

const word = (value: string): Hex => pad(value as Hex, { size: 32 });

function sortedStorage(storage: StorageMap): { slot: Hex; value: Hex }[] {
  return Object.entries(storage)
    .map(([slot, value]) => ({ slot: word(slot), value: word(value) }))
    .sort((a, b) => (a.slot < b.slot ? -1 : a.slot > b.slot ? 1 : 0));
}

/** Runs creation code at `address` (eth_call with a code override) and captures code and storage. */
async function buildAt(
  player: Player,
  options: { address: Address; initCode: Hex; from: Address },
): Promise<{ code: Hex; storage: { slot: Hex; value: Hex }[] }> {
  const { address, initCode, from } = options;
  const overrides = { [address]: { code: initCode } };
  const call = { from, to: address, data: "0x", gas: CALL_GAS };
  const code = await player.rpc<Hex>("eth_call", [call, "latest", overrides]);
  if (!code || code === "0x") throw new Error(`creation code at ${address} returned no runtime code`);
  const diff = await player.rpc<PrestateDiff>("debug_traceCall", [
    call,
    "latest",
    { tracer: "prestateTracer", tracerConfig: { diffMode: true }, stateOverrides: overrides },
  ]);
  const touched = Object.keys(diff.post).map((account) => getAddress(account));
  const strangers = touched.filter((account) => account !== address && account !== getAddress(from));
  if (strangers.length > 0) throw new Error(`constructor at ${address} also changed ${strangers.join(", ")}`);
  const post = Object.entries(diff.post).find(([account]) => getAddress(account) === address)?.[1];
  return { code, storage: sortedStorage(post?.storage ?? {}) };
}

/**
 * What a call would write, written without a transaction: the call is traced and each storage
 * slot it changed is set. Only storage may change (no code, no value moved).
 */
async function applyCall(player: Player, options: { from: Address; to: Address; data: Hex }): Promise<{ slot: Hex; value: Hex }[]> {
  const call = { from: options.from, to: options.to, data: options.data, gas: CALL_GAS };
  // A reverting call must not be applied as if it had run.
  await player.rpc("eth_call", [call, "latest"]);
  const diff = await player.rpc<PrestateDiff>("debug_traceCall", [
    call,
    "latest",
    { tracer: "prestateTracer", tracerConfig: { diffMode: true } },
  ]);
  const writes: { slot: Hex; value: Hex }[] = [];
  for (const [account, post] of Object.entries(diff.post)) {
    if (getAddress(account) === getAddress(options.from)) continue;
    if (getAddress(account) !== getAddress(options.to) || post.code || post.balance) {
      throw new Error(`set-up call to ${options.to} changed more than its own storage (${account})`);
    }
    const pre = diff.pre[account]?.storage ?? {};
    const after: StorageMap = { ...Object.fromEntries(Object.keys(pre).map((slot) => [slot, "0x0"])), ...(post.storage ?? {}) };
    writes.push(...sortedStorage(after));
  }
  for (const { slot, value } of writes) await player.rpc("anvil_setStorageAt", [options.to, slot, value]);
  return writes;
}

async function setAll(player: Player, address: Address, code: Hex, storage: { slot: Hex; value: Hex }[]): Promise<void> {
  await player.rpc("anvil_setCode", [address, code]);
  for (const { slot, value } of storage) await player.rpc("anvil_setStorageAt", [address, slot, value]);
}

function initCodeOf(artifact: Artifact, args: readonly unknown[]): Hex {
  return args.length === 0
    ? artifact.bytecode
    : encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: args as unknown[] });
}

type PlaceRequest = {
  role: VenueContractRole;
  address: Address;
  contract: string;
  source: string;
  artifact: Artifact;
  args?: readonly unknown[];
  from: Address;
};

async function placeBuilt(player: Player, request: PlaceRequest): Promise<PlacedVenueContract> {
  const built = await buildAt(player, {
    address: request.address,
    initCode: initCodeOf(request.artifact, request.args ?? []),
    from: request.from,
  });
  await setAll(player, request.address, built.code, built.storage);
  return {
    role: request.role,
    address: request.address,
    contract: request.contract,
    source: request.source,
    codeHash: keccak256(built.code),
    storage: built.storage,
  };
}

const feeTierAbi = [
  {
    type: "function",
    name: "feeAmountTickSpacing",
    stateMutability: "view",
    inputs: [{ type: "uint24" }],
    outputs: [{ type: "int24" }],
  },
  {
    type: "function",
    name: "enableFeeAmount",
    stateMutability: "nonpayable",
    inputs: [{ type: "uint24" }, { type: "int24" }],
    outputs: [],
  },
] as const satisfies Abi;

/** Enables every tier the factory's constructor did not, as its owner would, and checks them all. */
async function enableFeeTiers(player: Player, factory: PlacedVenueContract, owner: Address, tiers: readonly V3FeeTier[]) {
  for (const tier of tiers) {
    const spacing = await player.read<number>(factory.address, feeTierAbi, "feeAmountTickSpacing", [tier.fee]);
    if (spacing === tier.tickSpacing) continue;
    if (spacing !== 0) throw new Error(`fee ${tier.fee} has tick spacing ${spacing}, expected ${tier.tickSpacing}`);
    const data = encodeFunctionData({ abi: feeTierAbi, functionName: "enableFeeAmount", args: [tier.fee, tier.tickSpacing] });
    factory.storage = [...factory.storage, ...(await applyCall(player, { from: owner, to: factory.address, data }))];
  }
  for (const tier of tiers) {
    const spacing = await player.read<number>(factory.address, feeTierAbi, "feeAmountTickSpacing", [tier.fee]);
    if (spacing !== tier.tickSpacing) throw new Error(`fee ${tier.fee} not enabled at ${factory.address}`);
  }
}

function pkg(name: string, file: string): string {
  return `${name} (${file})`;
}

/**
 * Places the concentrated-liquidity venues at the addresses the product registry names, without a
 * transaction (so the history of the existing scenarios is untouched). Each contract's creation
 * code runs AT its canonical address: an eth_call to that address, with a state override putting
 * the creation code (constructor arguments appended) there, returns runtime code whose immutables
 * were computed there (address(this) in NoDelegateCall, EIP-712 domain separators). The same call
 * traced with the prestate tracer in diff mode gives every storage slot the constructor wrote;
 * anvil_setCode and anvil_setStorageAt then reproduce both. Owner-only set-up calls (the V3 fee
 * tier 100) are applied the same way: traced, and their storage writes replayed.
 */
export async function placeVenues(
  player: Player,
  options: {
    chain: DemoChainName;
    network: DemoNetwork;
    admin: Address;
    v2: { factory: Address; pairInitCodeHash: Hex };
    artifacts: Record<string, Artifact>;
  },
): Promise<VenueMap> {
  const { network, admin } = options;
  const venues = DEMO_VENUES[options.chain];
  const packaged = venueArtifacts();
  const weth = network.wrappedNative.address;
  const placed: PlacedVenueContract[] = [];
  const placedInBlock = Number(await player.client.getBlockNumber()) + 1;
  const own = (name: string): Artifact => {
    const artifact = options.artifacts[name];
    if (!artifact) throw new Error(`no compiled contract ${name}`);
    return artifact;
  };

  // Uniswap V3: factory (owner = admin), then the fee tier governance added, then the NFT manager.
  const v3Factory = await placeBuilt(player, {
    role: "uniswapV3Factory",
    address: venues.uniswapV3.factory,
    contract: "UniswapV3Factory",
    source: pkg("@uniswap/v3-core@1.0.1", "artifacts/contracts/UniswapV3Factory.sol"),
    artifact: packaged.v3Factory,
    from: admin,
  });
  await enableFeeTiers(player, v3Factory, admin, venues.uniswapV3.feeTiers);
  placed.push(v3Factory);
  placed.push(
    await placeBuilt(player, {
      role: "uniswapV3PositionManager",
      address: venues.uniswapV3.positionManager,
      contract: "NonfungiblePositionManager",
      source: pkg("@uniswap/v3-periphery@1.4.4", "artifacts/contracts/NonfungiblePositionManager.sol"),
      artifact: packaged.v3PositionManager,
      // No token descriptor: tokenURI is the one call that does not answer.
      args: [venues.uniswapV3.factory, weth, zeroAddress],
      from: admin,
    }),
  );

  // Permit2 keeps no constructor storage; its domain separator is rebuilt for any other chain id.
  await player.rpc("anvil_setCode", [venues.permit2, packaged.permit2Runtime]);
  placed.push({
    role: "permit2",
    address: venues.permit2,
    contract: "Permit2",
    source: pkg("@uniswap/v4-periphery@1.0.3", "lib/permit2/test/utils/DeployPermit2.sol runtime code"),
    codeHash: keccak256(packaged.permit2Runtime),
    storage: [],
  });

  // Uniswap V4.
  const v4 = venues.uniswapV4;
  placed.push(
    await placeBuilt(player, {
      role: "uniswapV4PoolManager",
      address: v4.poolManager,
      contract: "PoolManager",
      source: pkg("@uniswap/v4-core@1.0.2", "out/PoolManager.sol"),
      artifact: packaged.v4PoolManager,
      args: [admin],
      from: admin,
    }),
  );
  placed.push(
    await placeBuilt(player, {
      role: "uniswapV4PositionManager",
      address: v4.positionManager,
      contract: "PositionManager",
      source: pkg("@uniswap/v4-periphery@1.0.3", "foundry-out/PositionManager.sol"),
      artifact: packaged.v4PositionManager,
      args: [v4.poolManager, venues.permit2, UNSUBSCRIBE_GAS_LIMIT, zeroAddress, weth],
      from: admin,
    }),
  );
  placed.push(
    await placeBuilt(player, {
      role: "uniswapV4StateView",
      address: v4.stateView,
      contract: "StateView",
      source: pkg("@uniswap/v4-periphery@1.0.3", "foundry-out/StateView.sol"),
      artifact: packaged.v4StateView,
      args: [v4.poolManager],
      from: admin,
    }),
  );
  placed.push(
    await placeBuilt(player, {
      role: "uniswapV4Quoter",
      address: v4.quoter,
      contract: "V4Quoter",
      source: pkg("@uniswap/v4-periphery@1.0.3", "foundry-out/V4Quoter.sol"),
      artifact: packaged.v4Quoter,
      args: [v4.poolManager],
      from: admin,
    }),
  );
  placed.push(
    await placeBuilt(player, {
      role: "universalRouter",
      address: v4.universalRouter,
      contract: "UniversalRouter",
      source: pkg("@uniswap/universal-router@2.1.0", "artifacts/contracts/UniversalRouter.sol"),
      artifact: packaged.universalRouter,
      args: [
        {
          permit2: venues.permit2,
          weth9: weth,
          v2Factory: options.v2.factory,
          v3Factory: venues.uniswapV3.factory,
          pairInitCodeHash: options.v2.pairInitCodeHash,
          poolInitCodeHash: venues.uniswapV3.poolInitCodeHash,
          v4PoolManager: v4.poolManager,
          v3NFTPositionManager: venues.uniswapV3.positionManager,
          v4PositionManager: v4.positionManager,
          // No Across spoke pool on the demo chains.
          spokePool: zeroAddress,
        },
      ],
      from: admin,
    }),
  );

  // PancakeSwap V3 (bsc): the pool creation code, our deployer, then PancakeSwap's factory.
  let pancakeV3: VenueMap["pancakeV3"] = null;
  if (venues.pancakeV3) {
    const pancake = venues.pancakeV3;
    // An account that holds the pool creation code as its code; the deployer copies it out.
    const poolCode = getContractAddress({ from: pancake.poolDeployer, nonce: 1n });
    await player.rpc("anvil_setCode", [poolCode, packaged.pancakePool.bytecode]);
    placed.push({
      role: "pancakeV3PoolCode",
      address: poolCode,
      contract: "PancakeV3Pool creation code",
      source: pkg("@pancakeswap/v3-core@1.0.2", "artifacts/contracts/PancakeV3Pool.sol bytecode"),
      codeHash: keccak256(packaged.pancakePool.bytecode),
      storage: [],
    });
    placed.push(
      await placeBuilt(player, {
        role: "pancakeV3PoolDeployer",
        address: pancake.poolDeployer,
        contract: "DemoPancakeV3PoolDeployer",
        source: "contracts/DemoPancakeV3PoolDeployer.sol (this repository)",
        artifact: own("DemoPancakeV3PoolDeployer"),
        args: [pancake.factory, poolCode],
        from: admin,
      }),
    );
    const factory = await placeBuilt(player, {
      role: "pancakeV3Factory",
      address: pancake.factory,
      contract: "PancakeV3Factory",
      source: pkg("@pancakeswap/v3-core@1.0.2", "artifacts/contracts/PancakeV3Factory.sol"),
      artifact: packaged.pancakeFactory,
      args: [pancake.poolDeployer],
      from: admin,
    });
    await enableFeeTiers(player, factory, admin, pancake.feeTiers);
    placed.push(factory);
    pancakeV3 = { ...pancake, owner: admin, poolCode };
  }

  return {
    uniswapV3: { ...venues.uniswapV3, owner: admin },
    uniswapV4: { ...v4, owner: admin, unsubscribeGasLimit: UNSUBSCRIBE_GAS_LIMIT.toString() },
    permit2: venues.permit2,
    universalRouterV2: options.v2,
    pancakeV3,
    placedInBlock,
    placed,
  };
}
