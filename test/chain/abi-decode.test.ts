// abi-decode.ts against viem's decodeAbiParameters: random types and values, encoded canonically,
// decode to the same values by the fast walk; the same data mangled (cut, lengthened, words
// overwritten) decodes to the same values or fails with viem's own error.
import { decodeAbiParameters, encodeAbiParameters, multicall3Abi, type AbiParameter, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { decodeParameters, walk } from "@/lib/chain/abi-decode";
import { powerProbeAbi } from "@/lib/intel/reads/placed/power-probe.generated";
import { seeded } from "@/test/support/seeded";

type Param = AbiParameter & { components?: Param[] };

function randomType(random: () => number, depth: number, named: boolean): Param {
  const pick = Math.floor(random() * (depth > 2 ? 7 : 10));
  const name = named ? `f${Math.floor(random() * 1e6)}` : undefined;
  const base = (type: string): Param => ({ type, ...(name ? { name } : {}) }) as Param;
  switch (pick) {
    case 0: return base(`uint${8 * (1 + Math.floor(random() * 32))}`);
    case 1: return base(`int${8 * (1 + Math.floor(random() * 32))}`);
    case 2: return base("address");
    case 3: return base("bool");
    case 4: return base(`bytes${1 + Math.floor(random() * 32)}`);
    case 5: return base("bytes");
    case 6: return base("string");
    case 7: {
      const inner = randomType(random, depth + 1, false);
      return { ...inner, type: `${inner.type}[]`, ...(name ? { name } : {}) } as Param;
    }
    case 8: {
      const inner = randomType(random, depth + 1, false);
      return { ...inner, type: `${inner.type}[${Math.floor(random() * 4)}]`, ...(name ? { name } : {}) } as Param;
    }
    default: {
      const allNamed = random() < 0.6;
      const components = Array.from({ length: Math.floor(random() * 4) }, () => randomType(random, depth + 1, allNamed));
      return { type: "tuple", components, ...(name ? { name } : {}) } as Param;
    }
  }
}

function randomHex(random: () => number, bytes: number): Hex {
  let out = "0x";
  for (let i = 0; i < bytes; i++) out += Math.floor(random() * 256).toString(16).padStart(2, "0");
  return out as Hex;
}

function randomValue(random: () => number, param: Param): unknown {
  const array = param.type.match(/^(.*)\[(\d+)?\]$/);
  if (array) {
    const count = array[2] !== undefined ? Number(array[2]) : Math.floor(random() * 4);
    return Array.from({ length: count }, () => randomValue(random, { ...param, type: array[1] }));
  }
  if (param.type === "tuple") {
    const components = param.components ?? [];
    const unnamed = components.length === 0 || components.some((component) => !component.name);
    const values = components.map((component) => randomValue(random, component));
    return unnamed ? values : Object.fromEntries(components.map((component, i) => [component.name, values[i]]));
  }
  if (param.type === "address") return randomHex(random, 20);
  if (param.type === "bool") return random() < 0.5;
  if (param.type === "bytes") return randomHex(random, Math.floor(random() * 70));
  if (param.type.startsWith("bytes")) return randomHex(random, Number(param.type.slice(5)));
  if (param.type === "string") return ["", "risk", "ünïcødé ✓", "x".repeat(Math.floor(random() * 80))][Math.floor(random() * 4)];
  const bits = Number(param.type.replace(/^u?int/, "") || 256);
  const signed = param.type.startsWith("int");
  let value = BigInt(randomHex(random, bits / 8)) >> (signed ? 1n : 0n);
  if (signed && random() < 0.5) value = -value - 1n;
  return bits > 48 ? value : Number(value);
}

function outcome(decode: () => unknown): { value: unknown } | { error: string } {
  try {
    return { value: decode() };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

describe("decodeParameters", () => {
  it("decodes canonical encodings of random types by the walk alone, to viem's values", () => {
    const random = seeded(7);
    const fast = { cases: 0, missed: 0 };
    for (let round = 0; round < 1500; round++) {
      const params = Array.from({ length: 1 + Math.floor(random() * 3) }, () => randomType(random, 0, random() < 0.5));
      const data = encodeAbiParameters(params, params.map((param) => randomValue(random, param)) as never);
      if (data === "0x") continue;
      // viem itself refuses some canonical encodings (a dynamic value in the last slot, whose tail is
      // empty, moves its cursor past the end): those go to viem and fail as they did.
      const expected = outcome(() => decodeAbiParameters(params, data));
      expect(outcome(() => decodeParameters(params, data)), `round ${round}: ${JSON.stringify(params)}`).toEqual(expected);
      const walked = walk(params, data);
      if ("value" in expected) {
        // Zero-width arrays (T[0], an empty tuple's list) count toward viem's read limit: those go to viem too.
        if (walked !== undefined) expect(walked).toEqual(expected.value);
        else fast.missed++;
      } else expect(walked).toBeUndefined();
      fast.cases++;
    }
    // Most decode by the walk.
    expect(fast.missed / fast.cases).toBeLessThan(0.2);
  });

  it("the walk takes the shapes a round decodes: aggregate3's results and the power probe's report", () => {
    const aggregate3 = multicall3Abi.find((item) => item.type === "function" && item.name === "aggregate3")!;
    const results = Array.from({ length: 120 }, (_, i) => ({ success: i % 7 !== 0, returnData: encodeAbiParameters([{ type: "uint256" }], [BigInt(i) * 10n ** 18n]) }));
    const data = encodeAbiParameters(aggregate3.outputs, [results]);
    expect(walk(aggregate3.outputs, data)).toEqual(decodeAbiParameters(aggregate3.outputs, data));
    const probe = powerProbeAbi.find((item) => item.type === "function" && item.name === "probe")!;
    const random = seeded(11);
    const report = probe.outputs.map((output) => randomValue(random, output as unknown as Param));
    const encoded = encodeAbiParameters(probe.outputs, report as never);
    expect(walk(probe.outputs, encoded)).toBeDefined();
    expect(decodeParameters(probe.outputs, encoded)).toEqual(decodeAbiParameters(probe.outputs, encoded));
  });

  it("answers mangled data as viem does: the same values or viem's own error", () => {
    const random = seeded(23);
    for (let round = 0; round < 1500; round++) {
      const params = Array.from({ length: 1 + Math.floor(random() * 3) }, () => randomType(random, 0, random() < 0.5));
      const data = encodeAbiParameters(params, params.map((param) => randomValue(random, param)) as never);
      let mangled = data.slice(2);
      const how = Math.floor(random() * 4);
      if (how === 0) mangled = mangled.slice(0, Math.floor(random() * mangled.length));
      else if (how === 1) mangled += "00".repeat(Math.floor(random() * 40));
      else if (how === 2 && mangled.length >= 64) {
        // A word overwritten: an offset, a length or a value made wrong.
        const word = Math.floor(random() * (mangled.length / 64));
        const value = [0n, 1n, 2n, 31n, 32n, 33n, 64n, 2n ** 53n, 2n ** 255n, 2n ** 256n - 1n][Math.floor(random() * 10)];
        mangled = mangled.slice(0, word * 64) + value.toString(16).padStart(64, "0") + mangled.slice(word * 64 + 64);
      } else mangled = mangled.toUpperCase();
      const hex = `0x${mangled}` as Hex;
      expect(outcome(() => decodeParameters(params, hex)), `round ${round}: ${JSON.stringify(params)} ${hex}`).toEqual(outcome(() => decodeAbiParameters(params, hex)));
    }
    for (const odd of ["0x", "0x1", "0x00", `0x${"0".repeat(63)}`, `0x${"zz".repeat(32)}`] as Hex[]) {
      expect(outcome(() => decodeParameters([{ type: "uint256" }], odd))).toEqual(outcome(() => decodeAbiParameters([{ type: "uint256" }], odd)));
    }
  });
});
