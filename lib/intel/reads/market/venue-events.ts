// What each venue's pool events mean, in one shape (swaps, liquidity, fees, reserves, V4 pool
// creation), whatever the DEX family's own encoding.
import { decodeEventLog, toEventSelector, type Address, type Hex } from "viem";
import type { DexInfo } from "@/lib/chain/networks";
import { venueKinds, venueModule } from "./venues";
import type { EventDecoder, EventShape, PoolActivity, PoolRef } from "./venues/venue-module";

export type { EventShape, PoolActivity, PoolRef } from "./venues/venue-module";

/** Every encoding, from the modules that bring them (each shape is brought by one module). */
const decoders: Partial<Record<EventShape, EventDecoder>> = Object.assign({}, ...Object.values(venueKinds).map((venue) => venue.eventDecoders));

function decoderOf(shape: EventShape): EventDecoder {
  const decoder = decoders[shape];
  if (!decoder) throw new Error(`No venue module decodes the ${shape} event encoding`);
  return decoder;
}

/**
 * What each venue's pool events mean, in one shape: a swap as the pool's own balance change of
 * each side (positive: the pool received it), liquidity added or removed, fees collected, the
 * reserves after a change, and a V4 pool's creation. Every DEX family emits its own encodings —
 * Uniswap V2 and Solidly order their Swap fields differently, PancakeSwap V3 appends protocol
 * fees to the V3 Swap, Uniswap V4 reports swaps for every pool from one PoolManager, keyed by pool
 * id and signed from the swapper's side — and reading one as another turns a trade into nothing.
 * Each encoding (its ABI and what its events mean) belongs to the venue module that brings it.
 *
 * The encoding a venue's pools emit their events in.
 */
export function eventShapeOf(dex: DexInfo): EventShape {
  return venueModule(dex).eventShape(dex);
}

/** The events a log scan asks for, per shape (topic0 of each). */
export function venueTopics(shape: EventShape): Hex[] {
  return (decoderOf(shape).abi as readonly { type: string; name?: string }[])
    .filter((item) => item.type === "event")
    .map((item) => toEventSelector(item as never));
}

export type RawLog = { address: Address; topics: readonly Hex[]; data: Hex };

/** The log read in the venue's own encoding, or null when it is not one of that venue's pool events. */
export function readPoolEvent(shape: EventShape, log: RawLog): PoolActivity | null {
  if (log.topics.length === 0) return null;
  const decoder = decoderOf(shape);
  let decoded: { eventName: string; args: Record<string, unknown> };
  try {
    decoded = decodeEventLog({ abi: decoder.abi, topics: log.topics as [Hex, ...Hex[]], data: log.data, strict: true }) as unknown as typeof decoded;
  } catch {
    return null;
  }
  return decoder.read({
    name: decoded.eventName,
    args: decoded.args,
    address: (field) => decoded.args[field] as Address,
    int: (field) => decoded.args[field] as bigint,
    ticks: () => ({ lower: Number(decoded.args.tickLower), upper: Number(decoded.args.tickUpper) }),
    pool: (id?: Hex): PoolRef => ({ address: log.address, id: id ?? null }),
  });
}
