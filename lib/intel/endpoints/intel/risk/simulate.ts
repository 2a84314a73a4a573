// A buy and a sell through the token's pool, whatever its venue, by a simulator placed by state
// override at a fresh address; nothing is sent, and the token cannot tell it from a holder.
import { createHmac, randomBytes } from "node:crypto";
import { decodeErrorResult, getAddress, toHex, zeroAddress, type Address, type Hex } from "viem";
import { decodeCallResult, encodeCallData } from "@/lib/chain/multicall";
import { profileOfClient, type ChainClient } from "@/lib/chain/clients";
import { classifyChainError, faultKindOf } from "@/lib/chain/upstream";
import { errorChain } from "@/lib/error-chain";
import type { TradeRoute } from "@/lib/intel/reads/market";
import { tradeSimulatorAbi, tradeSimulatorRuntime } from "@/lib/intel/reads/placed/trade-simulator.generated";

/** SIMULATION_SECRET makes the addresses the same across instances (hex); unset, each process draws its own. */
const simulationSecret = process.env.SIMULATION_SECRET?.trim() || randomBytes(32).toString("hex");

/** Who simulates a read: the simulator contract's address and the ordinary account that calls it. */
export type SimulationIdentity = { simulator: Address; sender: Address };

/** Identities drawn lately: a read asks for its own several times (the simulation, each power probe). */
const drawn = new Map<string, SimulationIdentity>();

export function simulationIdentity(read: { chainId: number; block: bigint; token: Address }): SimulationIdentity {
  const key = `${read.chainId}:${read.block}:${read.token.toLowerCase()}`;
  const known = drawn.get(key);
  if (known) return { ...known };
  const digest = createHmac("sha256", simulationSecret).update(key).digest();
  const second = createHmac("sha256", simulationSecret).update(digest).digest();
  const identity = { simulator: getAddress(`0x${digest.subarray(0, 20).toString("hex")}`), sender: getAddress(`0x${second.subarray(0, 20).toString("hex")}`) };
  if (drawn.size >= 256) drawn.clear();
  drawn.set(key, identity);
  return { ...identity };
}

/**
 * One simulated trade: a leg that reverted carries its revert, one that went through carries none.
 * `native` is what the buy spent of the native coin or the sell brought back of it; `quote` what the
 * buy paid the token's pool in its quote asset or the sell took from it (equal to `native` where the
 * pool trades the native coin or its wrapped token).
 */
export type SimulatedLeg = ({ ok: true; revert: null } | { ok: false; revert: { data: Hex; reason: string | null } }) & { tokensOut: bigint; tokensIn: bigint; native: bigint; quote: bigint };

/** separate_blocks: buy in one simulated block, transfer and sell in the next (eth_simulateV1); same_call: all in one eth_call. */
export type SimulationMode = "separate_blocks" | "same_call";

export type Simulation =
  | {
      ran: true;
      mode: SimulationMode;
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

function leg(raw: { ok: boolean; revertData: Hex; tokensOut: bigint; tokensIn: bigint; native: bigint; quote: bigint }): SimulatedLeg {
  const amounts = { tokensOut: raw.tokensOut, tokensIn: raw.tokensIn, native: raw.native, quote: raw.quote };
  return raw.ok ? { ok: true, revert: null, ...amounts } : { ok: false, revert: { data: raw.revertData, reason: revertReason(raw.revertData) }, ...amounts };
}

/** (sent − arrived) / sent in basis points, rounded to the nearest. */
export function lossBps(sent: bigint, arrived: bigint): number | null {
  if (sent === 0n) return null;
  return Number(((sent - arrived) * 20_000n + sent) / (2n * sent));
}

// Each venue module names the route its pools are traded through (lib/intel/reads/market/venues); the
// switches below are over those routes, one per entry point of the placed simulator.
export type { TradeRoute };

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

/** What one call of the simulator does (its `stages` bits). */
const stages = { buy: 1, sell: 2, both: 3 } as const;

/** The simulator's own trade sells all it bought; a real holder sells a slice of what it holds. */
const sellAll = 10_000;
export const holderSellShareBps = 100;

/**
 * How the simulator comes by a quote asset that is not the native coin: the route of that asset's
 * pool against the wrapped native coin, where it is bought before the token and sold back after.
 * null where the token's pool trades the native coin or its wrapped token.
 */
export type QuoteFunding = { route: Exclude<TradeRoute, { via: "v4_pool_manager" }>; quote: Address; symbol: string } | null;

/**
 * Why the simulation did not run when the native coin could not buy the quote asset (the
 * simulator's QuoteNotBought, the pool's own revert inside): no leg of the token's ran, so it is no
 * reading of the token. null for any other revert.
 */
function quoteNotBought(data: Hex | undefined, funding: QuoteFunding): string | null {
  if (!funding || !data || data === "0x") return null;
  try {
    const decoded = decodeErrorResult({ abi: tradeSimulatorAbi, data });
    if (decoded.errorName !== "QuoteNotBought") return null;
    const inner = revertReason(decoded.args[1]);
    return `The native coin could not buy ${funding.symbol} in its pool ${funding.route.pool} against the wrapped native coin${inner ? ` (${inner})` : ""}, so the token's pool against ${funding.symbol} was not traded.`;
  } catch {
    return null;
  }
}

/** The revert data a failed eth_call carries, wherever in the error's causes viem keeps it. */
function revertDataOf(error: unknown): Hex | undefined {
  for (const entry of errorChain(error)) {
    const data = (entry as { data?: unknown }).data;
    if (typeof data === "string" && data.startsWith("0x")) return data as Hex;
  }
  return undefined;
}

const fundingVia = { v2_router: 1, v3_pool: 2, solidly_pool: 3 } as const;

function fundingArg(funding: QuoteFunding) {
  if (!funding) return { via: 0, router: zeroAddress, pool: zeroAddress, quote: zeroAddress };
  return { via: fundingVia[funding.route.via], router: funding.route.via === "v2_router" ? funding.route.router : zeroAddress, pool: funding.route.pool, quote: funding.quote };
}

function simulationCall(route: TradeRoute, token: Address, wrappedNative: Address, nativeIn: bigint, stage: number, funding: QuoteFunding, sellShareBps = sellAll): Hex {
  const through = fundingArg(funding);
  switch (route.via) {
    case "v2_router":
      return encodeCallData(tradeSimulatorAbi, "simulate", [route.router, route.pool, token, wrappedNative, nativeIn, stage, sellShareBps, through]);
    case "v3_pool":
      return encodeCallData(tradeSimulatorAbi, "simulateV3", [route.pool, token, wrappedNative, nativeIn, stage, sellShareBps, through]);
    case "solidly_pool":
      return encodeCallData(tradeSimulatorAbi, "simulateSolidly", [route.pool, token, wrappedNative, nativeIn, stage, sellShareBps, through]);
    case "v4_pool_manager":
      return encodeCallData(tradeSimulatorAbi, "simulateV4", [route.poolManager, route.key, token, wrappedNative, nativeIn, stage, sellShareBps, through]);
  }
}

type RawLeg = Parameters<typeof leg>[0];

/** Every entry point answers the same three legs: buy, sell, transfer. */
function decodeLegs(data: Hex): readonly [RawLeg, RawLeg, RawLeg] {
  return decodeCallResult(tradeSimulatorAbi, "simulate", data);
}

type SimulationInput = {
  client: ChainClient;
  block: bigint;
  route: TradeRoute;
  token: Address;
  wrappedNative: Address;
  funding: QuoteFunding;
  nativeIn: bigint;
  as: SimulationIdentity;
};

const SIMULATE_V1 = "eth_simulateV1";
const simulationGas = 15_000_000n;

/**
 * A buy and a sell through the token's pool, whatever its venue: the trade simulator's code is
 * placed at an unused address by state override, funded by the same override, and trades as an
 * ordinary holder would. Nothing is sent; the node answers what would happen after the pinned block.
 *
 * Where the node offers eth_simulateV1 the buy runs in one simulated block and the wallet-to-wallet
 * transfer and the sell in the next, as a holder's would: a token that refuses sells in the block
 * of the buy (an anti-bot rule) is not taken for a honeypot. Elsewhere all three run in one
 * eth_call, and the answer says which mode ran. A node that does not offer the method is remembered,
 * so only the first read pays for finding out.
 *
 * A pool against a stablecoin or a further quote asset is traded as a holder with only the native
 * coin would: the simulator first buys the quote asset in that asset's own pool against the wrapped
 * native coin (one of the pools that price it), then the token with it, and after the token's sell
 * sells the quote asset back there. The taxes are measured on the token's legs alone.
 *
 * A token cannot tell the simulation from a holder: the simulator's address and the account
 * that calls it (`from`, so tx.origin is an ordinary account, not the zero address of a bare
 * eth_call) are fresh for every block and token, derived from a secret of this process, so a
 * honeypot has no address to let through. The same read at the same block gets the same pair,
 * so identical reads still share one answer.
 */
export async function simulateTrade(input: SimulationInput): Promise<Simulation> {
  const profile = profileOfClient(input.client);
  if (!profile?.refusesMethod(SIMULATE_V1)) {
    const inBlocks = await simulateInBlocks(input);
    if (inBlocks !== "not_run") return inBlocks;
  }
  return simulateInOneCall(input);
}

type SimulatedCall = { status: Hex; returnData: Hex; error?: { message?: string } };

/** Buy in the block after the pinned one, transfer and sell in the block after that; "not_run" when the node would not. */
async function simulateInBlocks(input: SimulationInput): Promise<Simulation | "not_run"> {
  const call = (stage: number) => ({ from: input.as.sender, to: input.as.simulator, gas: toHex(simulationGas), data: simulationCall(input.route, input.token, input.wrappedNative, input.nativeIn, stage, input.funding) });
  let blocks: { calls: SimulatedCall[] }[];
  try {
    blocks = (await input.client.request({
      method: SIMULATE_V1 as never,
      params: [
        {
          blockStateCalls: [
            { stateOverrides: { [input.as.simulator]: { code: tradeSimulatorRuntime, balance: toHex(input.nativeIn) } }, calls: [call(stages.buy)] },
            { calls: [call(stages.sell)] },
          ],
          validation: false,
        },
        toHex(input.block),
      ] as never,
    })) as { calls: SimulatedCall[] }[];
  } catch (error) {
    const kind = faultKindOf(error);
    // An outage is an outage in either mode; anything else this node says about the method, the
    // one-call mode may still serve.
    if (kind === "unreachable" || kind === "timed_out" || kind === "rate_limited") throw error;
    if (kind === "method_not_offered") profileOfClient(input.client)?.methodRefused(SIMULATE_V1);
    return "not_run";
  }
  const [buyCall, sellCall] = [blocks[0]?.calls?.[0], blocks[1]?.calls?.[0]];
  const unbought = buyCall && BigInt(buyCall.status) !== 1n ? quoteNotBought(buyCall.returnData, input.funding) : null;
  if (unbought) return { ran: false, reason: unbought };
  // The simulator catches every trade's revert itself: a call that fails as a whole ran out of gas or met something the one-call mode may not.
  const answered = (each: SimulatedCall | undefined): each is SimulatedCall => each !== undefined && BigInt(each.status) === 1n && each.returnData !== "0x";
  if (!answered(buyCall) || !answered(sellCall)) return "not_run";
  const [buyRaw] = decodeLegs(buyCall.returnData);
  const [, sellRaw, transferRaw] = decodeLegs(sellCall.returnData);
  return outcome(input, "separate_blocks", buyRaw, sellRaw, transferRaw);
}

async function simulateInOneCall(input: SimulationInput): Promise<Simulation> {
  let data: Hex | undefined;
  try {
    ({ data } = await input.client.call({
      account: input.as.sender,
      to: input.as.simulator,
      data: simulationCall(input.route, input.token, input.wrappedNative, input.nativeIn, stages.both, input.funding),
      blockNumber: input.block,
      gas: simulationGas,
      stateOverride: [{ address: input.as.simulator, code: tradeSimulatorRuntime, balance: input.nativeIn }],
      batch: false,
    }));
  } catch (error) {
    // A node that is down is an outage; a node that refuses the override or the call is a
    // node without this feature, and the read falls back to code and state.
    if (classifyChainError(error) === "upstream") throw error;
    const unbought = quoteNotBought(revertDataOf(error), input.funding);
    if (unbought) return { ran: false, reason: unbought };
    return { ran: false, reason: `The node did not run the simulation (${(error as Error).message.split("\n")[0]}).` };
  }
  if (!data || data === "0x") return { ran: false, reason: "The node returned nothing for the simulation." };
  const [buyRaw, sellRaw, transferRaw] = decodeLegs(data);
  return outcome(input, "same_call", buyRaw, sellRaw, transferRaw);
}

/** Real holders asked to sell: the largest receivers of the holder window that are no pool, venue, locker or burn address. */
export const holderSellSample = 5;

/** One real holder's simulated sell of a slice of what it holds (a tenth of the slice first sent wallet to wallet); `holds` false when the slice is zero. */
export type HolderSell = { holder: Address; holds: boolean; transfer: SimulatedLeg | null; sell: SimulatedLeg | null; sellTaxBps: number | null };

/**
 * Sells by real holders, from their own addresses: the simulator's code is placed on each holder's
 * account by state override and called from it, so it sells from the balance the holder really has,
 * as the holder — one percent of it, as a holder under a max-transaction limit can. A token that blocks chosen holders (a blacklist, a selective honeypot) shows it here
 * where a fresh address passes. One eth_call per holder, all in the same round; each reads the
 * state at the pinned block, apart from the others.
 */
export async function simulateHolderSells(input: Omit<SimulationInput, "nativeIn" | "as"> & { holders: readonly Address[] }): Promise<HolderSell[]> {
  const sells = await Promise.all(
    input.holders.map(async (holder): Promise<HolderSell | null> => {
      let data: Hex | undefined;
      try {
        ({ data } = await input.client.call({
          account: holder,
          to: holder,
          data: simulationCall(input.route, input.token, input.wrappedNative, 0n, stages.sell, input.funding, holderSellShareBps),
          blockNumber: input.block,
          gas: simulationGas,
          stateOverride: [{ address: holder, code: tradeSimulatorRuntime }],
          batch: false,
        }));
      } catch (error) {
        if (classifyChainError(error) === "upstream") throw error;
        return null;
      }
      if (!data || data === "0x") return null;
      const [, sellRaw, transferRaw] = decodeLegs(data);
      const holds = transferRaw.tokensOut > 0n || sellRaw.ok || sellRaw.revertData !== "0x";
      const sell = holds ? leg(sellRaw) : null;
      return { holder, holds, transfer: holds && transferRaw.tokensOut > 0n ? leg(transferRaw) : null, sell, sellTaxBps: sell?.ok ? lossBps(sell.tokensOut, sell.tokensIn) : null };
    }),
  );
  return sells.filter((sell): sell is HolderSell => sell !== null);
}

function outcome(input: SimulationInput, mode: SimulationMode, buyRaw: RawLeg, sellRaw: RawLeg, transferRaw: RawLeg): Simulation {
  const buy = leg(buyRaw);
  const sell = buy.ok && buy.tokensIn > 0n ? leg(sellRaw) : null;
  const transfer = buy.ok && transferRaw.tokensOut > 0n ? leg(transferRaw) : null;
  return {
    ran: true,
    mode,
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
