// A buy and a sell through the token's pool, whatever its venue, simulated in one eth_call: the trade simulator's
// code is placed at an unused address by state override, funded by the same override, and
// trades as an ordinary holder would. Nothing is sent; the node answers what would happen
// at the pinned block.
//
// A token cannot tell the simulation from a holder: the simulator's address and the account
// that calls it (`from`, so tx.origin is an ordinary account, not the zero address of a bare
// eth_call) are fresh for every block and token, derived from a secret of this process, so a
// honeypot has no address to let through. The same read at the same block gets the same pair,
// so identical reads still share one answer.
import { createHmac, randomBytes } from "node:crypto";
import { decodeErrorResult, decodeFunctionResult, encodeFunctionData, getAddress, type Address, type Hex } from "viem";
import type { ChainClient } from "@/lib/chain/clients";
import { classifyChainError } from "@/lib/chain/upstream";
import { tradeSimulatorAbi, tradeSimulatorRuntime } from "./simulator-code";

/** SIMULATION_SECRET makes the addresses the same across instances (hex); unset, each process draws its own. */
const simulationSecret = process.env.SIMULATION_SECRET?.trim() || randomBytes(32).toString("hex");

/** Who simulates a read: the simulator contract's address and the ordinary account that calls it. */
export type SimulationIdentity = { simulator: Address; sender: Address };

export function simulationIdentity(read: { chainId: number; block: bigint; token: Address }): SimulationIdentity {
  const digest = createHmac("sha256", simulationSecret).update(`${read.chainId}:${read.block}:${read.token.toLowerCase()}`).digest();
  const second = createHmac("sha256", simulationSecret).update(digest).digest();
  return { simulator: getAddress(`0x${digest.subarray(0, 20).toString("hex")}`), sender: getAddress(`0x${second.subarray(0, 20).toString("hex")}`) };
}

export type SimulatedLeg = { ok: boolean; revert: { data: Hex; reason: string | null } | null; tokensOut: bigint; tokensIn: bigint; native: bigint };

export type Simulation =
  | {
      ran: true;
      as: SimulationIdentity;
      nativeIn: bigint;
      buy: SimulatedLeg;
      sell: SimulatedLeg | null;
      /** Wallet to wallet: a tenth of what was bought sent to a fresh account, before the sell. */
      transfer: SimulatedLeg | null;
      buyTaxBps: number | null;
      sellTaxBps: number | null;
      transferTaxBps: number | null;
    }
  | { ran: false; reason: string };

/** The revert's own words when it uses Error(string) or a custom error we can name by selector. */
function revertReason(data: Hex): string | null {
  if (data === "0x") return null;
  try {
    const decoded = decodeErrorResult({ abi: [], data });
    return decoded.errorName === "Error" ? String(decoded.args?.[0]) : decoded.errorName;
  } catch {
    return null;
  }
}

function leg(raw: { ok: boolean; revertData: Hex; tokensOut: bigint; tokensIn: bigint; native: bigint }): SimulatedLeg {
  return { ok: raw.ok, revert: raw.ok ? null : { data: raw.revertData, reason: revertReason(raw.revertData) }, tokensOut: raw.tokensOut, tokensIn: raw.tokensIn, native: raw.native };
}

/** (sent − arrived) / sent in basis points, rounded to the nearest. */
export function lossBps(sent: bigint, arrived: bigint): number | null {
  if (sent === 0n) return null;
  return Number(((sent - arrived) * 20_000n + sent) / (2n * sent));
}

/**
 * How the simulator reaches the pool: through a V2 router, or straight against the pool as routers
 * do for the other venues (a V3-style pool's callback, an Aerodrome pool's pay-then-swap, a V4
 * pool inside its PoolManager's unlock).
 */
export type TradeRoute =
  | { via: "v2_router"; router: Address; pool: Address }
  | { via: "v3_pool"; pool: Address }
  | { via: "solidly_pool"; pool: Address }
  | { via: "v4_pool_manager"; poolManager: Address; key: { currency0: Address; currency1: Address; fee: number; tickSpacing: number; hooks: Address } };

/** The contract the simulator traded through: the router, the pool itself, or the V4 PoolManager. */
export function tradedThrough(route: TradeRoute): Address {
  switch (route.via) {
    case "v2_router":
      return route.router;
    case "v4_pool_manager":
      return route.poolManager;
    default:
      return route.pool;
  }
}

function simulationCall(route: TradeRoute, token: Address, wrappedNative: Address, nativeIn: bigint): Hex {
  switch (route.via) {
    case "v2_router":
      return encodeFunctionData({ abi: tradeSimulatorAbi, functionName: "simulate", args: [route.router, route.pool, token, wrappedNative, nativeIn] });
    case "v3_pool":
      return encodeFunctionData({ abi: tradeSimulatorAbi, functionName: "simulateV3", args: [route.pool, token, wrappedNative, nativeIn] });
    case "solidly_pool":
      return encodeFunctionData({ abi: tradeSimulatorAbi, functionName: "simulateSolidly", args: [route.pool, token, wrappedNative, nativeIn] });
    case "v4_pool_manager":
      return encodeFunctionData({ abi: tradeSimulatorAbi, functionName: "simulateV4", args: [route.poolManager, route.key, token, nativeIn] });
  }
}

export async function simulateTrade(input: {
  client: ChainClient;
  block: bigint;
  route: TradeRoute;
  token: Address;
  wrappedNative: Address;
  nativeIn: bigint;
  as: SimulationIdentity;
}): Promise<Simulation> {
  let data: Hex | undefined;
  try {
    ({ data } = await input.client.call({
      account: input.as.sender,
      to: input.as.simulator,
      data: simulationCall(input.route, input.token, input.wrappedNative, input.nativeIn),
      blockNumber: input.block,
      gas: 15_000_000n,
      stateOverride: [{ address: input.as.simulator, code: tradeSimulatorRuntime, balance: input.nativeIn }],
      batch: false,
    }));
  } catch (error) {
    // A node that is down is an outage; a node that refuses the override or the call is a
    // node without this feature, and the read falls back to code and state.
    if (classifyChainError(error) === "upstream") throw error;
    return { ran: false, reason: `The node did not run the simulation (${(error as Error).message.split("\n")[0]}).` };
  }
  if (!data || data === "0x") return { ran: false, reason: "The node returned nothing for the simulation." };
  // Every entry point answers the same three legs.
  const [buyRaw, sellRaw, transferRaw] = decodeFunctionResult({ abi: tradeSimulatorAbi, functionName: "simulate", data }) as unknown as [Parameters<typeof leg>[0], Parameters<typeof leg>[0], Parameters<typeof leg>[0]];
  const buy = leg(buyRaw);
  const sell = buy.ok && buy.tokensIn > 0n ? leg(sellRaw) : null;
  const transfer = buy.ok && transferRaw.tokensOut > 0n ? leg(transferRaw) : null;
  return {
    ran: true,
    as: input.as,
    nativeIn: input.nativeIn,
    buy,
    sell,
    buyTaxBps: buy.ok ? lossBps(buy.tokensOut, buy.tokensIn) : null,
    sellTaxBps: sell?.ok ? lossBps(sell.tokensOut, sell.tokensIn) : null,
    transfer,
    transferTaxBps: transfer?.ok ? lossBps(transfer.tokensOut, transfer.tokensIn) : null,
  };
}
