// The block one API answer is read at. The answer's first step learns the node's head, and every
// read of the answer — the first round's identity, owner, code and pools included — asks for that
// block by number, so a load-balanced provider cannot answer one round from one backend's head and
// the next from another's. Reads inside `readingAt` find the block with `pinnedBlock()`.
import { AsyncLocalStorage } from "node:async_hooks";

const pinned = new AsyncLocalStorage<bigint>();

export function readingAt<T>(block: bigint, read: () => Promise<T>): Promise<T> {
  return pinned.run(block, read);
}

/** The block the current answer is pinned to; undefined outside an answer (tests, scripts): then the latest. */
export function pinnedBlock(): bigint | undefined {
  return pinned.getStore();
}
