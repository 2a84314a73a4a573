// Puts real bytecode at the real mainnet addresses, so intelligence code reads the demo chain
// exactly as it reads mainnet. Runtime code comes from running each contract's creation code in
// an eth_call (which returns the deployed code, immutables included, and leaves no transaction in
// the history); anvil_setCode then places it, and anvil_setStorageAt writes what a constructor
// would have stored.
import { encodeAbiParameters, encodeDeployData, keccak256, pad, type Address, type Hex } from "viem";
import { uniswapArtifacts, type Artifact } from "./compile";
import type { DemoNetwork } from "./networks";
import type { Player } from "./player";

export type PlacedContract = {
  /** What the address is on the real network. */
  role: "wrappedNative" | "stablecoin" | "multicall3" | "dexFactory" | "dexRouter";
  address: Address;
  /** The contract whose runtime code sits there. */
  contract: string;
  codeHash: Hex;
  /** Storage a constructor would have written, set slot by slot. */
  storage: { slot: Hex; value: Hex }[];
};

export type CanonicalMap = {
  wrappedNative: DemoNetwork["wrappedNative"];
  stablecoin: DemoNetwork["stablecoin"];
  multicall3: Address;
  dex: DemoNetwork["dex"] & {
    /** keccak256 of the pair creation code the factory deploys with CREATE2. */
    pairInitCodeHash: Hex;
    /** Swap fee of the pair code placed here (Uniswap V2's 0.30%). */
    swapFeeBps: number;
    feeToSetter: Address;
  };
  placed: PlacedContract[];
};

// UniswapV2Factory storage: slot 0 feeTo (left unset: no protocol fee), slot 1 feeToSetter.
const FACTORY_FEE_TO_SETTER_SLOT = pad("0x1", { size: 32 });

async function runtimeCodeOf(player: Player, artifact: Artifact, args: readonly unknown[] = []): Promise<Hex> {
  const data =
    args.length === 0
      ? artifact.bytecode
      : encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: args as unknown[] });
  const code = await player.rpc<Hex>("eth_call", [{ data }, "latest"]);
  if (!code || code === "0x") throw new Error("creation code returned no runtime code");
  return code;
}

async function place(
  player: Player,
  entry: Omit<PlacedContract, "codeHash">,
  code: Hex,
): Promise<PlacedContract> {
  await player.rpc("anvil_setCode", [entry.address, code]);
  for (const { slot, value } of entry.storage) await player.rpc("anvil_setStorageAt", [entry.address, slot, value]);
  return { ...entry, codeHash: keccak256(code) };
}

function artifactNamed(player: Player, name: string): Artifact {
  const artifact = player.artifacts[name];
  if (!artifact) throw new Error(`no compiled contract ${name}`);
  return artifact;
}

export async function placeCanonicalContracts(
  player: Player,
  network: DemoNetwork,
  feeToSetter: Address,
): Promise<CanonicalMap> {
  const uniswap = uniswapArtifacts();
  const { wrappedNative, stablecoin, dex } = network;
  const placed: PlacedContract[] = [];

  placed.push(
    await place(
      player,
      { role: "wrappedNative", address: wrappedNative.address, contract: wrappedNative.contract, storage: [] },
      await runtimeCodeOf(player, artifactNamed(player, wrappedNative.contract)),
    ),
  );
  placed.push(
    await place(
      player,
      { role: "stablecoin", address: stablecoin.address, contract: stablecoin.contract, storage: [] },
      await runtimeCodeOf(player, artifactNamed(player, stablecoin.contract)),
    ),
  );
  placed.push(
    await place(
      player,
      { role: "multicall3", address: network.multicall3, contract: "Multicall3", storage: [] },
      await runtimeCodeOf(player, artifactNamed(player, "Multicall3")),
    ),
  );
  placed.push(
    await place(
      player,
      {
        role: "dexFactory",
        address: dex.factory,
        contract: "UniswapV2Factory",
        storage: [{ slot: FACTORY_FEE_TO_SETTER_SLOT, value: encodeAbiParameters([{ type: "address" }], [feeToSetter]) }],
      },
      await runtimeCodeOf(player, uniswap.factory, [feeToSetter]),
    ),
  );
  // The router keeps factory and wrapped-native as immutables, so it is built for the canonical
  // addresses; its pair addresses come from the init code hash compiled into it.
  placed.push(
    await place(
      player,
      { role: "dexRouter", address: dex.router, contract: "UniswapV2Router02", storage: [] },
      await runtimeCodeOf(player, uniswap.router, [dex.factory, wrappedNative.address]),
    ),
  );

  return {
    wrappedNative,
    stablecoin,
    multicall3: network.multicall3,
    dex: { ...dex, pairInitCodeHash: keccak256(uniswap.pair.bytecode), swapFeeBps: 30, feeToSetter },
    placed,
  };
}
