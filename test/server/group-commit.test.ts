// The group commit under usage records and paid calls' settlements: one batch a turn of the event
// loop, the next gathering while one commits, batches no larger than their bound, and each item's
// promise settled by its own batch (its refusal, or the batch's error).
import { describe, expect, it } from "vitest";
import { GroupCommit } from "@/lib/group-commit";

/** A commit that records its batches and finishes when the test says so. */
function heldCommit() {
  const batches: number[][] = [];
  const finishers: Array<(refusals?: unknown[]) => void> = [];
  const failers: Array<(error: Error) => void> = [];
  const commit = (batch: number[]) =>
    new Promise<unknown[] | void>((resolve, reject) => {
      batches.push(batch);
      finishers.push(resolve);
      failers.push(reject);
    });
  return { batches, commit, finish: (at: number, refusals?: unknown[]) => finishers[at](refusals), fail: (at: number, error: Error) => failers[at](error) };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("GroupCommit", () => {
  it("commits one turn's items as one batch, and gathers the next while it commits", async () => {
    const held = heldCommit();
    let idle = 0;
    const group = new GroupCommit(held.commit, { maxBatch: 10, onIdle: () => idle++ });
    const first = [1, 2, 3].map((item) => group.add(item));
    expect(held.batches).toEqual([]);
    await turn();
    expect(held.batches).toEqual([[1, 2, 3]]);
    const second = [4, 5].map((item) => group.add(item));
    expect(group.pending).toBe(3);
    held.finish(0);
    await Promise.all(first);
    await turn();
    expect(held.batches).toEqual([[1, 2, 3], [4, 5]]);
    expect(idle).toBe(0);
    held.finish(1);
    await Promise.all(second);
    await turn();
    expect(idle).toBe(1);
    expect(group.pending).toBe(0);
  });

  it("splits a turn's items into batches of at most maxBatch, one after another", async () => {
    const held = heldCommit();
    const group = new GroupCommit(held.commit, { maxBatch: 2 });
    const all = [1, 2, 3, 4, 5].map((item) => group.add(item));
    await turn();
    expect(held.batches).toEqual([[1, 2]]);
    held.finish(0);
    await turn();
    expect(held.batches).toEqual([[1, 2], [3, 4]]);
    held.finish(1);
    await turn();
    held.finish(2);
    await Promise.all(all);
    expect(held.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("rejects an item with the refusal its batch names for it, and the whole batch with the batch's error; the next batch still runs", async () => {
    const held = heldCommit();
    const group = new GroupCommit(held.commit, { maxBatch: 2 });
    const [a, b, c] = [1, 2, 3].map((item) => group.add(item).then(() => "ok", (error: Error) => error.message));
    await turn();
    held.finish(0, [null, new Error("refused 2")]);
    await turn();
    held.fail(1, new Error("batch failed"));
    expect(await Promise.all([a, b, c])).toEqual(["ok", "refused 2", "batch failed"]);
    expect(group.pending).toBe(0);
  });
});
