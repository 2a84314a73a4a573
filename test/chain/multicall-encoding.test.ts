// The calls a round sends, encoded with each ABI's function and selector found once: the same bytes
// and the same decoded values as viem's encodeFunctionData and decodeFunctionResult, overloads included.
import { decodeFunctionResult, encodeAbiParameters, encodeFunctionData, erc20Abi, getAddress, multicall3Abi, parseAbi, type Abi, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { abiFunction, decodeCallResult, encodeAggregate3, encodeCallData } from "@/lib/chain/multicall";
import { tradeSimulatorAbi } from "@/lib/intel/reads/placed/trade-simulator.generated";
import { powerProbeAbi } from "@/lib/intel/reads/placed/power-probe.generated";

const holder = "0x1111111111111111111111111111111111111111";
const token = "0x2222222222222222222222222222222222222222";

describe("encodeCallData and decodeCallResult", () => {
  it("encode as viem does, for plain functions, tuples and arrays", () => {
    const cases: { abi: Abi; functionName: string; args?: readonly unknown[] }[] = [
      { abi: erc20Abi, functionName: "decimals" },
      { abi: erc20Abi, functionName: "balanceOf", args: [holder] },
      { abi: multicall3Abi, functionName: "aggregate3", args: [[{ target: token, allowFailure: true, callData: "0x313ce567" }]] },
      {
        abi: tradeSimulatorAbi,
        functionName: "simulate",
        args: [holder, token, token, holder, 10n ** 18n, 3, 10_000, { via: 0, router: holder, pool: holder, quote: holder }],
      },
    ];
    for (const { abi, functionName, args } of cases) {
      expect(encodeCallData(abi, functionName, args)).toBe(encodeFunctionData({ abi, functionName, args } as never));
      // Asked again (the cached function and selector), the same bytes.
      expect(encodeCallData(abi, functionName, args)).toBe(encodeFunctionData({ abi, functionName, args } as never));
    }
    expect(abiFunction(powerProbeAbi, "probe")?.item[0].name).toBe("probe");
    // Written once, kept by its plain arguments: alike-looking arguments of other kinds are other calls.
    const pair = parseAbi(["function f(string a, string b) view returns (bool)", "function g(uint256 a, bool b) view returns (bool)"]);
    expect(encodeCallData(pair, "f", ["a|b", "c"])).toBe(encodeFunctionData({ abi: pair, functionName: "f", args: ["a|b", "c"] }));
    expect(encodeCallData(pair, "f", ["a", "b|c"])).toBe(encodeFunctionData({ abi: pair, functionName: "f", args: ["a", "b|c"] }));
    expect(encodeCallData(pair, "g", [1n, true])).toBe(encodeFunctionData({ abi: pair, functionName: "g", args: [1n, true] }));
    expect(encodeCallData(pair, "g", [1n, false])).toBe(encodeFunctionData({ abi: pair, functionName: "g", args: [1n, false] }));
    expect(() => encodeCallData(erc20Abi, "balanceOf", ["0x12"])).toThrow();
    expect(() => encodeCallData(erc20Abi, "balanceOf", ["0x12"])).toThrow();
  });

  it("leave an overloaded name, or one an event shares, to viem's own choice by the arguments", () => {
    const overloaded = parseAbi(["function f(uint256) view returns (uint256)", "function f(address) view returns (address)", "function g() view returns (bool)", "event g()"]);
    expect(abiFunction(overloaded, "f")).toBeNull();
    expect(abiFunction(overloaded, "g")).toBeNull();
    expect(encodeCallData(overloaded, "f", [holder])).toBe(encodeFunctionData({ abi: overloaded, functionName: "f", args: [holder] }));
    expect(encodeCallData(overloaded, "f", [7n])).toBe(encodeFunctionData({ abi: overloaded, functionName: "f", args: [7n] }));
    const word = encodeAbiParameters([{ type: "uint256" }], [7n]);
    expect(decodeCallResult(overloaded, "f", word)).toEqual(decodeFunctionResult({ abi: overloaded, functionName: "f", data: word }));
  });

  it("decode as viem does, and fail where viem fails", () => {
    const amount = encodeAbiParameters([{ type: "uint256" }], [123n]);
    expect(decodeCallResult(erc20Abi, "balanceOf", amount)).toBe(123n);
    const results = encodeAbiParameters(multicall3Abi.find((item) => item.type === "function" && item.name === "aggregate3")!.outputs, [[{ success: true, returnData: amount }, { success: false, returnData: "0x" }]]);
    expect(decodeCallResult(multicall3Abi, "aggregate3", results)).toEqual(decodeFunctionResult({ abi: multicall3Abi, functionName: "aggregate3", data: results }));
    expect(() => decodeCallResult(erc20Abi, "balanceOf", "0x12" as Hex)).toThrow();
    expect(() => encodeCallData(erc20Abi, "noSuchFunction", [])).toThrow();
  });

  it("aggregate3's calldata is viem's, byte for byte, for any calls; what viem refuses it still refuses", () => {
    let seed = 5;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const hexOf = (bytes: number) => Array.from({ length: bytes }, () => Math.floor(next() * 256).toString(16).padStart(2, "0")).join("");
    const viem = (calls: unknown[]) => encodeFunctionData({ abi: multicall3Abi, functionName: "aggregate3", args: [calls as never] });
    for (let round = 0; round < 300; round++) {
      const calls = Array.from({ length: Math.floor(next() * 12) }, () => {
        const target = `0x${hexOf(20)}`;
        const bytes = [0, 4, 31, 32, 33, 36, 68, 100, 4100][Math.floor(next() * 9)];
        let callData = `0x${hexOf(bytes)}`;
        if (next() < 0.1) callData = callData.toUpperCase().replace("0X", "0x");
        if (next() < 0.1) callData = `${callData}a`;
        return { target: next() < 0.5 ? target : getAddress(target), allowFailure: next() < 0.7, callData };
      });
      expect(encodeAggregate3(calls as never), `round ${round}`).toBe(viem(calls));
    }
    const outcome = (encode: () => unknown) => {
      try {
        return encode();
      } catch (error) {
        return (error as Error).message;
      }
    };
    for (const odd of [
      { target: "0x12", allowFailure: true, callData: "0x" },
      { target: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed".replace("5a", "5A"), allowFailure: true, callData: "0x" },
      { target: token, allowFailure: "yes", callData: "0x" },
      { target: token, allowFailure: true, callData: "1234" },
    ]) {
      expect(outcome(() => encodeAggregate3([odd] as never))).toEqual(outcome(() => viem([odd])));
    }
  });
});
