// A network's recent block interval, measured from the node's own blocks, which turns look-back
// windows in hours and days into blocks. How it is measured and kept: blockInterval below.
import { profileOfClient, type ChainClient } from "./clients";
import { getNetwork, type ChainId } from "./networks";

export type BlockInterval = { ms: number; source: "measured" | "registry" };

const SAMPLE_BLOCKS = 1_000n;
export const remeasureAfterMs = 10 * 60_000;

type Measurement = { ms: number | null; at: number };
const measurements = new Map<string, Measurement | "measuring">();

function nodeKey(client: ChainClient, chain: ChainId): string {
  return `${chain}:${(client.transport as { url?: string }).url ?? profileOfClient(client)?.url ?? "node"}`;
}

async function measure(client: ChainClient, head: bigint): Promise<number | null> {
  const [latest, earlier] = await Promise.all([client.getBlock({ blockNumber: head }), client.getBlock({ blockNumber: head - SAMPLE_BLOCKS })]);
  return Number(((latest.timestamp - earlier.timestamp) * 1000n) / SAMPLE_BLOCKS);
}

/**
 * The interval to turn windows into blocks with at `head`; starts a measurement when none is fresh.
 *
 * A network's recent block interval, which turns look-back windows in hours and days into blocks.
 * Block times change with upgrades (BNB Chain went from 3 s to 0.75 s in 2025 and to 0.45 s under
 * Fermi), so the node's own recent blocks are measured: the time between the head and the block
 * 1,000 before it. The measurement runs beside the request that first needs it and is kept per
 * node for ten minutes; until it lands, and where it is implausible (under half or over twice the
 * registry's interval — a local chain whose clock jumps by hours between scripted blocks), the
 * registry's interval is used. Answers say which.
 */
export function blockInterval(client: ChainClient, chain: ChainId, head: bigint, now = Date.now()): BlockInterval {
  const registry = getNetwork(chain).blockInterval.ms;
  const key = nodeKey(client, chain);
  const known = measurements.get(key);
  if (head > SAMPLE_BLOCKS && known !== "measuring" && (!known || now - known.at > remeasureAfterMs)) {
    measurements.set(key, "measuring");
    measure(client, head)
      .then((ms) => measurements.set(key, { ms, at: Date.now() }))
      .catch(() => measurements.set(key, { ms: null, at: Date.now() }));
  }
  const ms = known && known !== "measuring" ? known.ms : null;
  return ms !== null && ms >= registry / 2 && ms <= registry * 2 ? { ms, source: "measured" } : { ms: registry, source: "registry" };
}

/** Forgets every measurement (tests). */
export function forgetBlockIntervals(): void {
  measurements.clear();
}
