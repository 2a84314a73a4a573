// ABI decoding on the hex text itself: viem's decodeAbiParameters step for step, without its byte
// array and per-word round trips, giving the same values or viem's own error. Why and how:
// decodeParameters below.
import { checksumAddress, decodeAbiParameters, type AbiParameter, type Hex } from "viem";

/** Thrown inside the walk only: the data goes to viem. */
const handOver = Symbol("hand over to viem");

type Param = AbiParameter & { components?: readonly Param[] };

const hexText = /^[0-9a-fA-F]*$/;
const oneBit = /^0{63}[01]$/;
const arrayType = /^(.*)\[(\d+)?\]$/;
const twoTo255 = 1n << 255n;
const twoTo256 = 1n << 256n;
const utf8 = new TextDecoder();

function arrayComponents(type: string): [number | null, string] | undefined {
  const matches = type.match(arrayType);
  return matches ? [matches[2] ? Number(matches[2]) : null, matches[1]] : undefined;
}

function hasDynamicChild(param: Param): boolean {
  const { type } = param;
  if (type === "string" || type === "bytes" || type.endsWith("[]")) return true;
  if (type === "tuple") return param.components?.some(hasDynamicChild) ?? false;
  const array = arrayComponents(type);
  return array !== undefined && hasDynamicChild({ ...param, type: array[1] });
}

/** What the walk needs to know of a parameter, worked out once per ABI parameter object (ABIs are module constants). */
type Plan = {
  param: Param;
  /** uintN / intN: the sign, and the size that decides a bigint (over 48 bits) or a number. */
  number?: { signed: boolean; size: number };
  /** bytesN: N; undefined for dynamic bytes. */
  fixedBytes?: number;
  /** An array's length (null: dynamic) and its element's plan. */
  array?: { fixed: number | null; element: Plan };
  dynamic: boolean;
  components?: Plan[];
  unnamed?: boolean;
};

const plans = new WeakMap<Param, Plan>();

function planOf(param: Param): Plan {
  let plan = plans.get(param);
  if (plan) return plan;
  const array = arrayComponents(param.type);
  plan = {
    param,
    dynamic: hasDynamicChild(param),
    ...(array ? { array: { fixed: array[0], element: planOf({ ...param, type: array[1] }) } } : {}),
    ...(!array && param.type !== "tuple" && !param.type.startsWith("bytes") && (param.type.startsWith("uint") || param.type.startsWith("int"))
      ? { number: { signed: param.type.startsWith("int"), size: Number.parseInt(param.type.split("int")[1] || "256", 10) } }
      : {}),
    ...(!array && param.type.startsWith("bytes") && param.type.split("bytes")[1] ? { fixedBytes: Number.parseInt(param.type.split("bytes")[1], 10) } : {}),
    ...(param.type === "tuple"
      ? { components: (param.components ?? []).map(planOf), unnamed: (param.components ?? []).length === 0 || (param.components ?? []).some(({ name }) => !name) }
      : {}),
  };
  plans.set(param, plan);
  return plan;
}

/**
 * decodeAbiParameters(params, data), without viem's byte conversions where the data is well formed.
 *
 * ABI decoding on the hex text itself: viem's decodeAbiParameters, step for step, with its byte
 * array, cursor and per-word hex round trips left out. viem turns the whole answer into bytes and
 * every word back into hex before it becomes a bigint or an address; a round's answers (a hundred
 * balances in an aggregate, a power probe's report, the simulations' legs) are decoded in the gap
 * before the next round is sent, where that cost sits between the rounds.
 *
 * The same values or viem's own error: the walk below moves through the data exactly as viem's
 * cursor does and, wherever viem would throw (data too short, a position out of bounds, a boolean
 * that is neither 0 nor 1, a length past a safe integer, a position read twice — where viem starts
 * counting toward its recursion limit —, a type it cannot decode), it stops and hands the data to viem, which
 * decodes or throws as it always did. test/chain/abi-decode.test.ts holds the two to equal answers.
 */
export function decodeParameters(params: readonly AbiParameter[], data: Hex): unknown[] {
  const fast = walk(params as readonly Param[], data);
  return fast ?? (decodeAbiParameters(params, data) as unknown[]);
}

/** The walk alone: the values, or undefined where the data goes to viem (exported for the tests that hold the two equal). */
export function walk(params: readonly Param[], data: Hex): unknown[] | undefined {
  if (typeof data !== "string" || !data.startsWith("0x") || data.length % 2 !== 0) return undefined;
  const length = (data.length - 2) / 2;
  // viem turns the whole text into bytes first, and refuses any character that is not hex, wherever it is.
  if (length < 32 || !hexText.test(data.slice(2))) return undefined;
  const walker = new Walker(data, length);
  try {
    let consumed = 0;
    const values: unknown[] = [];
    for (const param of params) {
      if (consumed < length) walker.setPosition(consumed);
      const [value, used] = walker.parameter(planOf(param), 0);
      consumed += used;
      values.push(value);
    }
    return values;
  } catch (error) {
    if (error === handOver) return undefined;
    throw error;
  }
}

/** viem's cursor over the hex text: the same positions, the same moves, the same bounds. */
class Walker {
  position = 0;
  readonly budget: { limit: number; used: number };
  /** Positions read so far: a second read of one is where viem's recursion count starts, so the data goes to viem. */
  readonly read: Uint8Array;

  constructor(
    readonly hex: string,
    readonly length: number,
  ) {
    this.budget = { limit: length * 32, used: 0 };
    this.read = new Uint8Array(length);
  }

  setPosition(next: number) {
    if (next < 0 || next > this.length - 1) throw handOver;
    this.position = next;
  }

  /** `count` bytes at the position, as hex text (two characters a byte, after the 0x); the position moves on by `advance`. */
  readBytes(count: number, advance = count): string {
    const { position } = this;
    const last = position + count - 1;
    if (last < 0 || last > this.length - 1) throw handOver;
    if (this.read[position] === 1) throw handOver;
    this.read[position] = 1;
    this.position = position + advance;
    return this.hex.slice(2 + position * 2, 2 + (position + count) * 2);
  }

  /** A word as a JavaScript number (offsets, lengths), as viem's bytesToNumber reads it. */
  readNumber(): number {
    const value = Number(BigInt(`0x${this.readBytes(32)}`));
    if (!Number.isSafeInteger(value)) throw handOver;
    return value;
  }

  /** Bytes read as hex text: the 0x-prefixed lower-case form viem's bytesToHex gives. */
  hexOf(text: string): Hex {
    return `0x${text.toLowerCase()}`;
  }

  parameter(plan: Plan, staticPosition: number): [unknown, number] {
    if (plan.array) return this.array(plan.array.element, plan.array.fixed, staticPosition);
    const { type } = plan.param;
    if (type === "tuple") return this.tuple(plan, staticPosition);
    if (type === "address") return [checksumAddress(this.hexOf(this.readBytes(32).slice(24))), 32];
    if (type === "bool") {
      const word = this.readBytes(32);
      if (!oneBit.test(word)) throw handOver;
      return [word.charCodeAt(63) === 49, 32];
    }
    if (type.startsWith("bytes")) return this.bytes(plan, staticPosition);
    if (plan.number) {
      let value = BigInt(`0x${this.readBytes(32)}`);
      if (plan.number.signed && value >= twoTo255) value -= twoTo256;
      if (plan.number.size > 48) return [value, 32];
      const number = Number(value);
      if (!Number.isSafeInteger(number)) throw handOver;
      return [number, 32];
    }
    if (type === "string") return this.string(staticPosition);
    throw handOver;
  }

  array(element: Plan, fixed: number | null, staticPosition: number): [unknown, number] {
    if (fixed === null) {
      const start = staticPosition + this.readNumber();
      const startOfData = start + 32;
      this.setPosition(start);
      const count = this.readNumber();
      let consumed = 0;
      const value: unknown[] = [];
      for (let i = 0; i < count; ++i) {
        this.setPosition(startOfData + (element.dynamic ? i * 32 : consumed));
        const [item, used] = this.parameter(element, startOfData);
        if (used === 0) throw handOver;
        consumed += used;
        value.push(item);
      }
      this.setPosition(staticPosition + 32);
      return [value, 32];
    }
    if (element.dynamic) {
      const start = staticPosition + this.readNumber();
      const value: unknown[] = [];
      for (let i = 0; i < fixed; ++i) {
        this.setPosition(start + i * 32);
        value.push(this.parameter(element, start)[0]);
      }
      this.setPosition(staticPosition + 32);
      return [value, 32];
    }
    let consumed = 0;
    const value: unknown[] = [];
    for (let i = 0; i < fixed; ++i) {
      const [item, used] = this.parameter(element, staticPosition + consumed);
      if (used === 0) throw handOver;
      consumed += used;
      value.push(item);
    }
    return [value, consumed];
  }

  bytes(plan: Plan, staticPosition: number): [unknown, number] {
    if (plan.fixedBytes === undefined) {
      this.setPosition(staticPosition + this.readNumber());
      const count = this.readNumber();
      if (count === 0) {
        this.setPosition(staticPosition + 32);
        return ["0x", 32];
      }
      const bytes = this.readBytes(count);
      this.budget.used += count;
      if (this.budget.used > this.budget.limit) throw handOver;
      this.setPosition(staticPosition + 32);
      return [this.hexOf(bytes), 32];
    }
    return [this.hexOf(this.readBytes(plan.fixedBytes, 32)), 32];
  }

  string(staticPosition: number): [unknown, number] {
    this.setPosition(staticPosition + this.readNumber());
    const count = this.readNumber();
    if (count === 0) {
      this.setPosition(staticPosition + 32);
      return ["", 32];
    }
    const bytes = this.readBytes(count, 32);
    this.budget.used += count;
    if (this.budget.used > this.budget.limit) throw handOver;
    this.setPosition(staticPosition + 32);
    return [utf8.decode(Buffer.from(this.hexOf(bytes).slice(2), "hex")), 32];
  }

  tuple(plan: Plan, staticPosition: number): [unknown, number] {
    const components = plan.components!;
    const value: Record<string, unknown> | unknown[] = plan.unnamed ? [] : {};
    let consumed = 0;
    if (plan.dynamic) {
      const start = staticPosition + this.readNumber();
      for (let i = 0; i < components.length; ++i) {
        this.setPosition(start + consumed);
        const [item, used] = this.parameter(components[i], start);
        consumed += used;
        if (plan.unnamed) (value as unknown[])[i] = item;
        else (value as Record<string, unknown>)[components[i].param.name!] = item;
      }
      this.setPosition(staticPosition + 32);
      return [value, 32];
    }
    for (let i = 0; i < components.length; ++i) {
      const [item, used] = this.parameter(components[i], staticPosition);
      if (plan.unnamed) (value as unknown[])[i] = item;
      else (value as Record<string, unknown>)[components[i].param.name!] = item;
      consumed += used;
    }
    return [value, consumed];
  }
}
