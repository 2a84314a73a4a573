// Puts Aerodrome classic and Aerodrome Slipstream at their Base addresses without a transaction.
// Each contract's creation code runs AT its Base address (an eth_call to that address with the
// creation code put there by a state override), so immutables that name the contract itself come
// out right; the storage the constructor wrote is read from the same call traced with the prestate
// tracer in diff mode; anvil_setCode and anvil_setStorageAt then place both.
import { encodeDeployData, getAddress, keccak256, type Address, type Hex } from "viem";
import type { Artifact } from "../compile";
import type { DemoAerodrome } from "../networks";
import type { Player } from "../player";

export type AerodromeRole =
  | "aerodromePoolImplementation"
  | "aerodromePoolFactory"
  | "aerodromeRouter"
  | "slipstreamPoolImplementation"
  | "slipstreamFactory"
  | "slipstreamSwapRouter"
  | "slipstreamPositionManager";

export type AerodromePlacedContract = {
  role: AerodromeRole;
  address: Address;
  /** The contract of this repository whose runtime code sits there. */
  contract: string;
  codeHash: Hex;
  /** What its constructor stored, slot by slot. */
  storage: { slot: Hex; value: Hex }[];
};

export type AerodromeCanonical = {
  classic: {
    factory: Address;
    router: Address;
    poolImplementation: Address;
    /** The factory's default fees in basis points. */
    stableFeeBps: number;
    volatileFeeBps: number;
    /** Holds the factory's voter, pauser and fee-manager roles. */
    admin: Address;
  };
  slipstream: DemoAerodrome["slipstream"] & { owner: Address };
  placed: AerodromePlacedContract[];
};

type Built = { code: Hex; storage: { slot: Hex; value: Hex }[] };

type PrestateDiff = { post?: Record<string, { storage?: Record<string, Hex> }> };

async function buildAt(player: Player, address: Address, artifact: Artifact, args: readonly unknown[]): Promise<Built> {
  const creation =
    args.length === 0 ? artifact.bytecode : encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: args as unknown[] });
  const call = { to: address, data: "0x" };
  const override = { [address]: { code: creation } };
  const code = await player.rpc<Hex>("eth_call", [call, "latest", override]);
  if (!code || code === "0x") throw new Error(`creation code at ${address} returned no runtime code`);
  const diff = await player.rpc<PrestateDiff>("debug_traceCall", [
    call,
    "latest",
    { tracer: "prestateTracer", tracerConfig: { diffMode: true }, stateOverrides: override },
  ]);
  const written = Object.entries(diff.post ?? {}).find(([account]) => getAddress(account) === address)?.[1].storage ?? {};
  const storage = Object.entries(written)
    .map(([slot, value]) => ({ slot: slot as Hex, value }))
    .sort((a, b) => (BigInt(a.slot) < BigInt(b.slot) ? -1 : 1));
  return { code, storage };
}

async function placeBuilt(
  player: Player,
  role: AerodromeRole,
  address: Address,
  contract: string,
  args: readonly unknown[] = [],
): Promise<AerodromePlacedContract> {
  const artifact = player.artifacts[contract];
  if (!artifact) throw new Error(`no compiled contract ${contract}`);
  const { code, storage } = await buildAt(player, address, artifact, args);
  await player.rpc("anvil_setCode", [address, code]);
  for (const { slot, value } of storage) await player.rpc("anvil_setStorageAt", [address, slot, value]);
  return { role, address, contract, codeHash: keccak256(code), storage };
}

export async function placeAerodrome(
  player: Player,
  config: DemoAerodrome,
  wrappedNative: Address,
  admin: Address,
): Promise<AerodromeCanonical> {
  const { classic, slipstream } = config;
  const placed: AerodromePlacedContract[] = [];
  placed.push(await placeBuilt(player, "aerodromePoolImplementation", classic.poolImplementation, "AerodromePool"));
  placed.push(
    await placeBuilt(player, "aerodromePoolFactory", classic.factory, "AerodromePoolFactory", [classic.poolImplementation, admin]),
  );
  placed.push(await placeBuilt(player, "aerodromeRouter", classic.router, "AerodromeRouter", [classic.factory, wrappedNative]));
  placed.push(await placeBuilt(player, "slipstreamPoolImplementation", slipstream.poolImplementation, "SlipstreamCLPool"));
  placed.push(
    await placeBuilt(player, "slipstreamFactory", slipstream.factory, "SlipstreamCLFactory", [
      slipstream.poolImplementation,
      admin,
      slipstream.tickSpacings.map((entry) => entry.tickSpacing),
      slipstream.tickSpacings.map((entry) => entry.fee),
    ]),
  );
  placed.push(
    await placeBuilt(player, "slipstreamSwapRouter", slipstream.swapRouter, "SlipstreamSwapRouter", [slipstream.factory, wrappedNative]),
  );
  placed.push(
    await placeBuilt(player, "slipstreamPositionManager", slipstream.positionManager, "SlipstreamPositionManager", [
      slipstream.factory,
      wrappedNative,
      slipstream.positionName,
      slipstream.positionSymbol,
    ]),
  );
  const factoryAbi = player.artifacts.AerodromePoolFactory!.abi;
  const [stableFee, volatileFee] = await Promise.all([
    player.read<bigint>(classic.factory, factoryAbi, "stableFee"),
    player.read<bigint>(classic.factory, factoryAbi, "volatileFee"),
  ]);
  return {
    classic: { ...classic, stableFeeBps: Number(stableFee), volatileFeeBps: Number(volatileFee), admin },
    slipstream: { ...slipstream, owner: admin },
    placed,
  };
}
