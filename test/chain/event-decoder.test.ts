// The fast event decoder answers exactly what viem's parseEventLogs (strict) answers, for the
// events the scans read — Transfer, Approval, V2 Swap and Sync, V3 Swap (int256, uint160, int24),
// a bool and a bytes32 — and drops what viem drops (an ERC-721 Transfer, short data, a stranger's
// topic); events with dynamic parameters go through viem itself.
import { encodeAbiParameters, encodeEventTopics, parseAbiItem, parseEventLogs, type Abi, type AbiEvent, type Hex, type Log } from "viem";
import { describe, expect, it } from "vitest";
import { decodeEventLogs } from "@/lib/chain/event-decoder";

const events = [
  parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)"),
  parseAbiItem("event Approval(address indexed owner, address indexed spender, uint256 value)"),
  parseAbiItem("event Swap(address indexed sender, uint amount0In, uint amount1In, uint amount0Out, uint amount1Out, address indexed to)"),
  parseAbiItem("event Sync(uint112 reserve0, uint112 reserve1)"),
  parseAbiItem("event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)"),
  parseAbiItem("event Flag(bytes32 indexed id, bool on, uint8 small, int48 signed48)"),
] as const satisfies readonly AbiEvent[];

let logIndex = 0;
function logOf(event: AbiEvent, args: Record<string, unknown>): Log {
  const topics = encodeEventTopics({ abi: [event] as Abi, eventName: event.name, args } as never) as Hex[];
  const dataInputs = event.inputs.filter((input) => !input.indexed);
  const data = dataInputs.length ? encodeAbiParameters(dataInputs, dataInputs.map((input) => args[input.name!])) : "0x";
  return { address: "0x663f3ad617193148711d28f5334ee4ed07016602", topics: topics as [Hex, ...Hex[]], data, blockNumber: 16n, blockHash: `0x${"11".repeat(32)}`, transactionHash: `0x${"22".repeat(32)}`, transactionIndex: 0, logIndex: logIndex++, removed: false };
}

const alice = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const bob = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

describe("decodeEventLogs", () => {
  it("answers what viem answers, log for log", () => {
    const logs = [
      logOf(events[0], { from: alice, to: bob, value: 10n ** 24n }),
      logOf(events[1], { owner: bob, spender: alice, value: 2n ** 256n - 1n }),
      logOf(events[2], { sender: alice, amount0In: 5n, amount1In: 0n, amount0Out: 0n, amount1Out: 7n, to: bob }),
      logOf(events[3], { reserve0: 2n ** 112n - 1n, reserve1: 3n }),
      logOf(events[4], { sender: alice, recipient: bob, amount0: -(10n ** 18n), amount1: 5n * 10n ** 17n, sqrtPriceX96: 2n ** 96n, liquidity: 123n, tick: -887272 }),
      logOf(events[5], { id: `0x${"ab".repeat(32)}`, on: true, small: 255, signed48: -(2 ** 40) }),
    ];
    expect(decodeEventLogs(events, logs)).toEqual(parseEventLogs({ abi: events as unknown as Abi, logs, strict: true }));
  });

  it("drops what viem drops: an ERC-721 Transfer (value indexed), data too short, an unknown topic", () => {
    const erc721 = { ...logOf(events[0], { from: alice, to: bob, value: 1n }), data: "0x" as Hex };
    erc721.topics = [...erc721.topics, `0x${"00".repeat(31)}01`] as [Hex, ...Hex[]];
    const short = { ...logOf(events[3], { reserve0: 1n, reserve1: 2n }), data: `0x${"00".repeat(40)}` as Hex };
    const stranger = { ...logOf(events[0], { from: alice, to: bob, value: 1n }), topics: [`0x${"99".repeat(32)}`] as [Hex] };
    const kept = logOf(events[0], { from: bob, to: alice, value: 3n });
    const logs = [erc721, short, stranger, kept];
    const viem = parseEventLogs({ abi: events as unknown as Abi, logs, strict: true });
    expect(viem).toHaveLength(1);
    expect(decodeEventLogs(events, logs)).toEqual(viem);
  });

  it("events with dynamic parameters go through viem", () => {
    const named = parseAbiItem("event Named(address indexed who, string name)");
    const logs = [logOf(named, { who: alice, name: "a name" }), logOf(events[0], { from: alice, to: bob, value: 9n })];
    expect(decodeEventLogs([named, events[0]], logs)).toEqual(parseEventLogs({ abi: [named, events[0]] as Abi, logs, strict: true }));
  });
});
