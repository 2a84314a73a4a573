// Decodes event logs the way viem's parseEventLogs does (strict), with a fast path for events
// whose every parameter is a static word (address, bool, intN, uintN, bytesN): the topics and
// 32-byte data words are read directly. viem's generic decoder spends about 60 µs a log, three
// seconds for a busy token's 50,000 Transfers on the single event-loop thread; this path is a
// small fraction of that. Events with dynamic parameters (strings, arrays, tuples) or unnamed
// ones go through viem unchanged.
import { checksumAddress, parseEventLogs, toEventSelector, type Abi, type AbiEvent, type AbiParameter, type Address, type Hex, type Log } from "viem";

type WordReader = (word: string) => unknown;

/** How to read one static 32-byte word of a type, or undefined when the type is not a static word. */
function wordReader(type: string): WordReader | undefined {
  if (type === "address") return (word) => checksumAddress(`0x${word.slice(24)}` as Address);
  if (type === "bool") return (word) => !/^0*$/.test(word);
  const uint = /^uint(\d+)$/.exec(type);
  if (uint) return (word) => BigInt(`0x${word}`);
  const int = /^int(\d+)$/.exec(type);
  if (int) {
    const bits = Number(int[1]);
    return (word) => {
      const value = BigInt.asIntN(bits, BigInt(`0x${word}`));
      return bits <= 48 ? Number(value) : value;
    };
  }
  const bytes = /^bytes(\d+)$/.exec(type);
  if (bytes && Number(bytes[1]) >= 1 && Number(bytes[1]) <= 32) return (word) => `0x${word.slice(0, Number(bytes[1]) * 2)}` as Hex;
  return undefined;
}

/** uintN of 48 bits or fewer decode to numbers in viem, like intN. */
function readerFor(parameter: AbiParameter): WordReader | undefined {
  const uint = /^uint(\d+)$/.exec(parameter.type);
  if (uint && Number(uint[1]) <= 48) return (word) => Number(BigInt(`0x${word}`));
  return wordReader(parameter.type);
}

type StaticEvent = {
  name: string;
  indexed: { name: string; read: WordReader }[];
  data: { name: string; read: WordReader }[];
  /** Argument names in the ABI's order, as viem builds args. */
  order: string[];
};

function staticEvent(event: AbiEvent): StaticEvent | undefined {
  const indexed: StaticEvent["indexed"] = [];
  const data: StaticEvent["data"] = [];
  for (const input of event.inputs) {
    const read = readerFor(input);
    if (!read || !input.name) return undefined;
    (input.indexed ? indexed : data).push({ name: input.name, read });
  }
  return { name: event.name, indexed, data, order: event.inputs.map((input) => input.name!) };
}

/**
 * The logs that decode as one of `events`, each with eventName and args, in the order given; logs
 * that match no event or do not fit its shape are left out (viem's strict mode).
 */
export function decodeEventLogs(events: readonly AbiEvent[], logs: readonly Log[]): Log[] {
  const fast = new Map<string, StaticEvent>();
  const slow: AbiEvent[] = [];
  for (const event of events) {
    const shape = staticEvent(event);
    const selector = toEventSelector(event);
    if (shape && !fast.has(selector)) fast.set(selector, shape);
    else if (!shape) slow.push(event);
  }
  if (fast.size === 0) return parseEventLogs({ abi: events as unknown as Abi, logs: logs as Log[], strict: true }) as Log[];

  const out: Log[] = [];
  for (const log of logs) {
    const selector = log.topics[0];
    const shape = selector ? fast.get(selector) : undefined;
    if (!shape) {
      if (slow.length > 0) out.push(...(parseEventLogs({ abi: slow as unknown as Abi, logs: [log], strict: true }) as Log[]));
      continue;
    }
    // Strict: exactly one topic per indexed parameter, and a data word for each of the others.
    if (log.topics.length !== shape.indexed.length + 1) continue;
    const data = log.data.slice(2);
    if (data.length < shape.data.length * 64) continue;
    const values: Record<string, unknown> = {};
    shape.indexed.forEach((parameter, index) => (values[parameter.name] = parameter.read(log.topics[index + 1]!.slice(2))));
    shape.data.forEach((parameter, index) => (values[parameter.name] = parameter.read(data.slice(index * 64, index * 64 + 64))));
    const args: Record<string, unknown> = {};
    for (const name of shape.order) args[name] = values[name];
    out.push({ ...log, eventName: shape.name, args } as unknown as Log);
  }
  return out;
}
