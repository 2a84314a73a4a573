// The meter behind every round-count figure: round trips side by side are one round, one sent after
// another came back is the next, and round trips made elsewhere for the request (an intelligence
// thread's) follow the rounds already back, on the meter and every meter around it.
import { describe, expect, it } from "vitest";
import { RpcMeter } from "@/lib/chain/rpc-meter";

describe("RpcMeter", () => {
  it("counts round trips side by side as one round and one after another as the next", () => {
    const meter = new RpcMeter();
    const first = meter.record(1);
    const beside = meter.record(3);
    first();
    beside();
    meter.record(2)();
    expect(meter.usage()).toEqual({ roundTrips: 3, calls: 6, rounds: 2 });
  });

  it("adds a thread's round trips after the rounds already back, to the enclosing meters too", () => {
    const outer = new RpcMeter();
    const request = new RpcMeter(outer);
    request.record(1)(); // the head, on the request thread
    request.add({ roundTrips: 3, calls: 17, rounds: 3 });
    expect(request.usage()).toEqual({ roundTrips: 4, calls: 18, rounds: 4 });
    expect(outer.usage()).toEqual({ roundTrips: 4, calls: 18, rounds: 4 });
    // A round trip after the thread's answer is the next round.
    request.record(1)();
    expect(request.usage().rounds).toBe(5);
    // A task that made no round trip (its answer was kept) adds nothing.
    request.add({ roundTrips: 0, calls: 0, rounds: 0 });
    expect(request.usage()).toEqual({ roundTrips: 5, calls: 19, rounds: 5 });
  });
});
