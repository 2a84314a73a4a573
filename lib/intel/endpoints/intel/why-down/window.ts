// intel/why-down, its window: the blocks the answer reads, settled once (read.ts) and told from
// that one value wherever the answer speaks of it — data.window, the read, the thin note and the
// limitations (present.ts), and the 422 when the window holds no trade — so no sentence describes a
// window other than the one reported, whichever it was: the last 24 hours, the chain's whole
// history when it holds fewer blocks, or the newest part when a log read stopped at its cap.
import type { ScanEnd } from "@/lib/chain/log-scanner";
import { isoTime } from "@/lib/intel/answers/present";
import { describeSpan, describeWindow, type Window } from "@/lib/intel/answers/windows";

/**
 * The window read: the price moves from the pool's state at `from` to its state at `to`, and the
 * drivers are the events of the blocks after `from` through `to` — `to − from` blocks.
 */
export type WhyDownWindow = {
  /** The window asked for: the last 24 hours, in blocks at the network's block interval. */
  asked: Window;
  from: bigint;
  /** `from`'s block time (unix seconds). */
  fromTime: bigint;
  /** The answer's block. */
  to: bigint;
  toTime: bigint;
  /**
   * window_ended: the asked window whole. history_start: the chain holds fewer blocks than it, so
   * the window starts at the chain's first block. cap_reached: a log read stopped at its cap before
   * the asked start, so the window starts where the logs read do.
   */
  end: ScanEnd;
};

/** Where the window starts before anything is read: the asked blocks back from the head, or the chain's first block. */
export function windowStart(asked: Window, head: bigint): { from: bigint; end: ScanEnd } {
  return head >= asked.blocks ? { from: head - asked.blocks, end: "window_ended" } : { from: 0n, end: "history_start" };
}

/**
 * Where the window starts once the logs are read (each scan asked for the blocks after `from`): a
 * scan that stopped at its cap covers only its newest blocks, and the window then starts just
 * before the latest-starting one, so the price and every driver cover the same blocks.
 */
export function windowAfterScans(start: { from: bigint; end: ScanEnd }, scans: readonly { fromBlock: bigint; truncated: boolean }[]): { from: bigint; end: ScanEnd } {
  const cut = scans.filter((scan) => scan.truncated).map((scan) => scan.fromBlock - 1n);
  if (cut.length === 0) return start;
  const from = cut.reduce((latest, block) => (block > latest ? block : latest), start.from);
  return from > start.from ? { from, end: "cap_reached" } : start;
}

/** The blocks, their span in time and how the window came to be, e.g. for the limitations. */
export function describeWhyDownWindow(window: WhyDownWindow): string {
  const blocks = window.to - window.from;
  const basis =
    window.end === "history_start"
      ? `the chain's whole history, which holds fewer blocks than ${describeWindow(window.asked)}`
      : window.end === "cap_reached"
        ? `the newest part of ${describeWindow(window.asked)}: a log read stopped at its cap (the logs or calls one scan may take) before that window's start`
        : describeWindow(window.asked);
  return `from block ${window.from} (${isoTime(window.fromTime)}) to block ${window.to} (${isoTime(window.toTime)}): ${blocks.toLocaleString("en-US")} block${blocks === 1n ? "" : "s"}, ${describeSpan(window.toTime - window.fromTime)} — ${basis}`;
}

/** The window in a few words, for the read and the thin note: "from block 0 to block 436 (28 days 6 hours 53 minutes)". */
export function windowSpan(window: WhyDownWindow): string {
  return `from block ${window.from} to block ${window.to} (${describeSpan(window.toTime - window.fromTime)})`;
}

/** data.window. */
export function windowField(window: WhyDownWindow) {
  return {
    from_block: Number(window.from),
    to_block: Number(window.to),
    from_time: isoTime(window.fromTime),
    to_time: isoTime(window.toTime),
    blocks: Number(window.to - window.from),
    end: window.end,
  };
}
