// Decodes event logs the way viem's parseEventLogs does (strict), with a fast path for events
// whose every parameter is a static word (address, bool, intN, uintN, bytesN): the topics and
// 32-byte data words are read directly. viem's generic decoder spends about 60 µs a log, three
// seconds for a busy token's 50,000 Transfers on the single event-loop thread; this path is a
// small fraction of that. Events with dynamic parameters (strings, arrays, tuples) or unnamed
// ones go through viem unchanged.
import { checksumHex } from "./checksum";
import { parseEventLogs, toEventSelector, type Abi, type AbiEvent, type AbiParameter, type Hex, type Log } from "viem";

/** Reads the 32-byte word of 64 hex characters at `start` in `hex`. */
type WordReader = (hex: string, start: number) => unknown;

const wordAt = (hex: string, start: number) => hex.slice(start, start + 64);

/** How to read one static 32-byte word of a type, or undefined when the type is not a static word. */
function wordReader(type: string): WordReader | undefined {
  if (type === "address") return (hex, start) => checksumHex(hex.slice(start + 24, start + 64));
  if (type === "bool") return (hex, start) => !/^0*$/.test(wordAt(hex, start));
  const uint = /^uint(\d+)$/.exec(type);
  if (uint) return (hex, start) => BigInt(`0x${wordAt(hex, start)}`);
  const int = /^int(\d+)$/.exec(type);
  if (int) {
    const bits = Number(int[1]);
    return (hex, start) => {
      const value = BigInt.asIntN(bits, BigInt(`0x${wordAt(hex, start)}`));
      return bits <= 48 ? Number(value) : value;
    };
  }
  const bytes = /^bytes(\d+)$/.exec(type);
  if (bytes && Number(bytes[1]) >= 1 && Number(bytes[1]) <= 32) return (hex, start) => `0x${hex.slice(start, start + Number(bytes[1]) * 2)}` as Hex;
  return undefined;
}

/** uintN of 48 bits or fewer decode to numbers in viem, like intN. */
function readerFor(parameter: AbiParameter): WordReader | undefined {
  const uint = /^uint(\d+)$/.exec(parameter.type);
  if (uint && Number(uint[1]) <= 48) return (hex, start) => Number(BigInt(`0x${wordAt(hex, start)}`));
  return wordReader(parameter.type);
}

type StaticEvent = {
  name: string;
  /** Indexed parameters (each a topic after the selector) and data words. */
  topics: number;
  words: number;
  /** Every argument in the ABI's order, as viem builds args: a topic (1…) or a data word (0…). */
  fields: { name: string; read: WordReader; topic: number | null; word: number | null }[];
};

function staticEvent(event: AbiEvent): StaticEvent | undefined {
  const fields: StaticEvent["fields"] = [];
  let topics = 0;
  let words = 0;
  for (const input of event.inputs) {
    const read = readerFor(input);
    if (!read || !input.name) return undefined;
    fields.push(input.indexed ? { name: input.name, read, topic: ++topics, word: null } : { name: input.name, read, topic: null, word: words++ });
  }
  // A name used twice is viem's to settle.
  if (new Set(fields.map((field) => field.name)).size !== fields.length) return undefined;
  return { name: event.name, topics, words, fields };
}

type Shapes = { fast: Map<string, StaticEvent>; slow: AbiEvent[] };

/** Shapes per events list: a scan decodes its answers slice by slice with the same list. */
const shapesMemo = new WeakMap<readonly AbiEvent[], Shapes>();

function shapesOf(events: readonly AbiEvent[]): Shapes {
  const known = shapesMemo.get(events);
  if (known) return known;
  const fast = new Map<string, StaticEvent>();
  const slow: AbiEvent[] = [];
  for (const event of events) {
    const shape = staticEvent(event);
    const selector = toEventSelector(event);
    if (shape && !fast.has(selector)) fast.set(selector, shape);
    else if (!shape) slow.push(event);
  }
  const shapes = { fast, slow };
  shapesMemo.set(events, shapes);
  return shapes;
}

/**
 * The logs that decode as one of `events`, each with eventName and args, in the order given; logs
 * that match no event or do not fit its shape are left out (viem's strict mode). `inPlace`: the
 * caller's own logs, which the fast path then gives eventName and args instead of copying.
 */
export function decodeEventLogs(events: readonly AbiEvent[], logs: readonly Log[], options: { inPlace?: boolean } = {}): Log[] {
  const { fast, slow } = shapesOf(events);
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
    if (log.topics.length !== shape.topics + 1) continue;
    if (log.data.length - 2 < shape.words * 64) continue;
    const args: Record<string, unknown> = {};
    for (const field of shape.fields) args[field.name] = field.topic !== null ? field.read(log.topics[field.topic]!, 2) : field.read(log.data, 2 + field.word! * 64);
    if (options.inPlace) {
      const target = log as Log & { eventName?: string; args?: Record<string, unknown> };
      target.eventName = shape.name;
      target.args = args;
      out.push(target);
    } else out.push({ ...log, eventName: shape.name, args } as unknown as Log);
  }
  return out;
}
