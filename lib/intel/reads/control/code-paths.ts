// What a contract's code does with addresses it keeps in storage, found by walking its paths with a
// small abstract interpreter: who it lets through, what it delegatecalls, whether it can
// self-destruct.
import { createHash } from "node:crypto";
import { getAddress, keccak256, numberToHex, type Address, type Hex } from "viem";

/** A word of storage at a constant slot, from `shift` bits up (an address packed after other values sits higher). */
export type SlotPart = { slot: bigint; shift: number };

/** A slot and the dispatcher's functions (4-byte selectors) on whose paths it is used; null stands for a path no selector matched (the fallback). */
export type SlotUse = SlotPart & {
  functions: (number | null)[];
  /** For a mapping that is itself the entry of another for a fixed key (an AccessControl role's member table): that mapping's slot and the key (the role id). */
  entryOf?: { slot: bigint; key: bigint };
};

/** An address written into the code (a constant or an immutable) that msg.sender is compared with, and the functions on whose paths it is. */
export type CodeCaller = { address: Address; functions: (number | null)[] };

export type CodePaths = {
  /** Where the code keeps what it compares msg.sender with, and in which functions. */
  callerSlots: SlotUse[];
  /** Addresses the code itself holds (constants, immutables) that it compares msg.sender with, and in which functions. */
  codeCallers: CodeCaller[];
  /** Mappings keyed by msg.sender whose entry the code branches on (`require(minters[msg.sender])`): the mapping's slot, and in which functions (`shift` is 0). */
  callerMappings: SlotUse[];
  /** Mappings keyed by msg.sender whose entry the code reads at all (a minter's allowance, compared with the amount, as well as the tables above), and in which functions. */
  callerReads: SlotUse[];
  /** Stored addresses the code CALLs or STATICCALLs, and in which functions. */
  callSlots: SlotUse[];
  /** Constant slots the code writes (SSTORE), and in which functions. */
  writtenSlots: SlotUse[];
  /** Where the code keeps what it delegatecalls to, and in which functions. */
  delegateSlots: SlotUse[];
  /** The argument words each function's decoder reads, in order, with the type its check on each shows. */
  arguments: FunctionArguments[];
  /** Functions (selectors) on whose paths the block's time is read (TIMESTAMP): a check against a date. */
  clockReads: number[];
  /** True when a SELFDESTRUCT instruction is reachable. */
  selfDestruct: boolean;
  /** False when the step budget ran out before every path was walked. */
  complete: boolean;
};

/**
 * An argument word's type as the decoder checks it: masked to 160 bits, an address; tested twice
 * (`iszero(iszero(x))`), a bool; anything else done with it first, a number.
 */
export type ArgumentType = "address" | "bool" | "uint256";

/** A function (its selector) and the types of the argument words its code reads, the first word first. */
export type FunctionArguments = { function: number; types: ArgumentType[] };

/** Argument words beyond this many are not read: the setters a probe runs take a handful. */
const MAX_ARGUMENT_WORDS = 8;

// `pushed4`: a constant pushed by PUSH4, as dispatchers push selectors; `selector`: the outcome of
// comparing the call's selector with one, which the JUMPI after it branches on.
// `callerKey`: the hash of msg.sender and a constant slot (a mapping's entry for the caller);
// `mapped`: that entry loaded, or tested (ISZERO, a mask), as a branch on it is written.
type Value =
  | { k: "const"; v: bigint; pushed4?: true }
  | { k: "sload"; slot: bigint; shift: number }
  | { k: "caller" }
  | { k: "selector"; selector: number }
  | { k: "callerKey"; base: bigint }
  | { k: "mapped"; base: bigint }
  | { k: "arg"; index: number }
  | { k: "argTested"; index: number }
  // keccak(argument word, constant slot) + `plus`: a mapping's entry for a key the caller passes
  // (AccessControl's `_roles[role]`); `roleAdmin`: the word one past it loaded, the role's admin role.
  | { k: "argEntry"; base: bigint; plus: bigint }
  | { k: "roleAdmin"; base: bigint }
  | { k: "unknown" };

/** Scratch memory at 0x00 and 0x20, where Solidity hashes a mapping's key and slot. */
type Scratch = [Value, Value];

const UNKNOWN: Value = { k: "unknown" };
const WORD = (1n << 256n) - 1n;
const ADDRESS_MASK = (1n << 160n) - 1n;
const MAX_STACK = 1024;
/** Instructions walked per code: far more than a token's paths need once repeated states are skipped. */
const STEP_BUDGET = 300_000;
/**
 * Distinct states walked at one position within one function. A loop whose counter is a constant
 * (copying a string, decoding an array) would otherwise be unrolled one new state a turn until the
 * budget is gone, and the functions after it in the dispatcher never walked; a guard is met on a
 * function's first few passes, never on its hundredth.
 */
const VISITS_PER_POSITION = 48;
/** How many of the top stack entries tell two visits of one position apart. */
const keyDepth = 8;

/** Stack inputs and outputs of each opcode that is not handled on its own below. */
const effects = new Map<number, [number, number]>();
const set = (ops: number[], pops: number, pushes: number) => ops.forEach((op) => effects.set(op, [pops, pushes]));
set([0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x0a, 0x0b, 0x10, 0x11, 0x12, 0x13, 0x14, 0x16, 0x17, 0x18, 0x1a, 0x1b, 0x1c, 0x1d, 0x20], 2, 1);
set([0x08, 0x09], 3, 1);
set([0x15, 0x31, 0x35, 0x3b, 0x3f, 0x40, 0x49, 0x51, 0x5c], 1, 1);
set([0x50], 1, 0);
set([0x30, 0x32, 0x33, 0x34, 0x36, 0x38, 0x3a, 0x3d, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x4a, 0x58, 0x59, 0x5a, 0x5f], 0, 1);
set([0x37, 0x39, 0x3e, 0x5e], 3, 0);
set([0x3c], 4, 0);
set([0x52, 0x53, 0x55, 0x5d], 2, 0);
set([0x5b], 0, 0);
set([0xa0], 2, 0);
set([0xa1], 3, 0);
set([0xa2], 4, 0);
set([0xa3], 5, 0);
set([0xa4], 6, 0);
set([0xf0], 3, 1);
set([0xf1, 0xf2], 7, 1);
set([0xf4, 0xfa], 6, 1);
set([0xf5], 4, 1);

/** Solidity appends CBOR metadata whose length is in the last two bytes: it is data, not code. */
function instructionBytes(code: Hex): Uint8Array {
  const bytes = Buffer.from(code.slice(2), "hex");
  if (bytes.length < 4) return bytes;
  const metadataLength = bytes.readUInt16BE(bytes.length - 2);
  const start = bytes.length - 2 - metadataLength;
  // A CBOR map of one to three entries opens Solidity's metadata ("ipfs", "solc", ...).
  if (metadataLength > 0 && start > 0 && bytes[start] >= 0xa1 && bytes[start] <= 0xa3) return bytes.subarray(0, start);
  return bytes;
}

function jumpDestinations(bytes: Uint8Array): Set<number> {
  const found = new Set<number>();
  for (let i = 0; i < bytes.length; i++) {
    const op = bytes[i];
    if (op === 0x5b) found.add(i);
    else if (op >= 0x60 && op <= 0x7f) i += op - 0x5f;
  }
  return found;
}

function fold(op: number, a: bigint, b: bigint): bigint | null {
  switch (op) {
    case 0x01: return (a + b) & WORD;
    case 0x02: return (a * b) & WORD;
    case 0x03: return (a - b) & WORD;
    case 0x04: return b === 0n ? 0n : a / b;
    case 0x0a: return b > 256n ? null : a ** b & WORD;
    case 0x16: return a & b;
    case 0x17: return a | b;
    case 0x18: return a ^ b;
    case 0x1b: return a >= 256n ? 0n : (b << a) & WORD;
    case 0x1c: return a >= 256n ? 0n : b >> a;
    default: return null;
  }
}

function wordPair(a: bigint, b: bigint): Hex {
  return `0x${a.toString(16).padStart(64, "0")}${b.toString(16).padStart(64, "0")}`;
}

/** The slot a masked or shifted word still stands for (an address read from a packed slot). */
function keepsSlot(op: number, a: Value, b: Value): Value | null {
  if (op === 0x16) {
    // AND with a mask
    const loaded = a.k === "sload" || a.k === "caller" || a.k === "mapped" ? a : b.k === "sload" || b.k === "caller" || b.k === "mapped" ? b : null;
    return loaded && (loaded === a ? b : a).k === "const" ? loaded : null;
  }
  // DIV by 256**bytes, SHR by bits: the value packed higher in the slot.
  if (op === 0x04 && a.k === "sload" && b.k === "const") {
    const bits = b.v > 0n && (b.v & (b.v - 1n)) === 0n ? b.v.toString(2).length - 1 : -1;
    return bits >= 0 && bits % 8 === 0 ? { ...a, shift: a.shift + bits } : null;
  }
  if (op === 0x1c && b.k === "sload" && a.k === "const" && a.v < 256n && a.v % 8n === 0n) return { ...b, shift: b.shift + Number(a.v) };
  return null;
}

/** EQ of a pushed selector with a value read from the call: the dispatcher matching one function. */
function selectorMatch(a: Value, b: Value): Value | null {
  const pushed = a.k === "const" && a.pushed4 ? a : b.k === "const" && b.pushed4 ? b : null;
  const other = pushed === a ? b : a;
  return pushed && other.k === "unknown" ? { k: "selector", selector: Number(pushed.v) } : null;
}

/**
 * Below this a word compared with msg.sender is a number, not an address: `require(msg.sender !=
 * address(0))` and a precompile's number are no one's key; an address to hold a power has 160 bits'
 * worth of entropy, and one under 2^32 (0xdead and its kin) is a burn address anyway.
 */
const SMALLEST_CODE_ADDRESS = 1n << 32n;

/** A constant from the code that msg.sender is compared with: an address written there (see SMALLEST_CODE_ADDRESS). */
function comparedConstant(a: Value, b: Value): bigint | null {
  const constant = a.k === "caller" && b.k === "const" ? b.v : b.k === "caller" && a.k === "const" ? a.v : null;
  return constant !== null && constant >= SMALLEST_CODE_ADDRESS && constant < ADDRESS_MASK ? constant : null;
}

function comparedSlot(a: Value, b: Value): SlotPart | null {
  if (a.k === "sload" && b.k === "caller") return { slot: a.slot, shift: a.shift };
  if (b.k === "sload" && a.k === "caller") return { slot: b.slot, shift: b.shift };
  return null;
}

/**
 * Paths already walked, by the code's hash: a token's code is read by many answers and never
 * changes. The hash is only a key here, so it is the runtime's own SHA-256 (native, microseconds for
 * a 24 KB contract) rather than keccak-256 in JavaScript, which cost a read half a millisecond in
 * the round before the token's slots are asked, cached or not.
 */
const walked = new Map<string, CodePaths>();
const walkedLimit = 500;

/**
 * What a contract's code does with addresses it keeps in storage, found by walking its paths: which
 * storage slots it compares msg.sender with (privileged addresses: an owner under another name, a
 * pending owner, a "dev" wallet), which slots it delegatecalls to (code someone can swap), and
 * whether SELFDESTRUCT can be reached at all.
 *
 * A small abstract interpreter: each value on the stack is a constant, a word loaded from a
 * constant slot, msg.sender, or unknown. It follows both sides of every JUMPI and every jump whose
 * target is a constant (internal functions return through a pushed constant, so a slot read inside
 * `owner()` still reaches the caller's comparison), and visits each (position, stack) once within a
 * step budget. What it finds is read from the code itself; it proves that the comparison exists, not
 * which functions it guards. A mapping keyed by msg.sender (a role or minter table: the hash of
 * the caller and a constant slot, loaded and branched on) is followed, and so is one nested under a
 * constant key (AccessControl's `_roles[ROLE].members`: two constants hash to a constant). It also notes which constant slots each function
 * writes (who can change a stored address) and which stored addresses it CALLs (an outside
 * contract the token asks, the transfer path's "external call"), the argument words each function's
 * decoder reads with the type its check shows (so a setter can be called in the shape it takes),
 * and which functions read the block's time (a power held back until a date). An address written
 * into the code itself (a constant, or an immutable such as a bridged token's BRIDGE, filled in at
 * deployment) that msg.sender is compared with is a holder too, with no slot to read: `codeCallers`.
 */
export function readCodePaths(code: Hex): CodePaths {
  const id = createHash("sha256").update(code).digest("base64");
  const known = walked.get(id);
  if (known) return known;
  const paths = walkPaths(code);
  if (walked.size >= walkedLimit) walked.delete(walked.keys().next().value!);
  walked.set(id, paths);
  return paths;
}

function walkPaths(code: Hex): CodePaths {
  const bytes = instructionBytes(code);
  const whole = Buffer.from(code.slice(2), "hex");
  /** The 32 bytes of the code at `offset`, zero past its end, as CODECOPY reads them. */
  const codeWord = (offset: number) => {
    let word = 0n;
    for (let i = 0; i < 32; i++) word = (word << 8n) | BigInt(whole[offset + i] ?? 0);
    return word;
  };
  const destinations = jumpDestinations(bytes);
  const callerSlots = new Map<string, SlotUse>();
  const delegateSlots = new Map<string, SlotUse>();
  const callerMappings = new Map<string, SlotUse>();
  const callerReads = new Map<string, SlotUse>();
  const callSlots = new Map<string, SlotUse>();
  const writtenSlots = new Map<string, SlotUse>();
  const codeCallers = new Map<bigint, (number | null)[]>();
  // Slots hashed from two constants (a mapping's entry for a fixed key), and which key of which mapping each is.
  const hashedEntries = new Map<bigint, { slot: bigint; key: bigint }>();
  const use = (into: Map<string, SlotUse>, part: SlotPart, fn: number | null) => {
    const id = `${part.slot}:${part.shift}`;
    const known = into.get(id) ?? { slot: part.slot, shift: part.shift, functions: [] };
    if (!known.functions.includes(fn)) known.functions.push(fn);
    into.set(id, known);
  };
  // Per function, the type each argument word showed first (see ArgumentType).
  const argumentTypes = new Map<number, (ArgumentType | undefined)[]>();
  const typeArgument = (fn: number | null, value: Value, type: ArgumentType) => {
    if (fn === null || (value.k !== "arg" && value.k !== "argTested")) return;
    const types = argumentTypes.get(fn)!;
    types[value.index] ??= type;
  };
  const clockReads = new Set<number>();
  let selfDestruct = false;
  const seen = new Set<string>();
  const visits = new Map<string, number>();
  /** Whether a new state at `pc` in `fn` is still worth walking (see VISITS_PER_POSITION). */
  const admit = (pc: number, fn: number | null) => {
    const at = `${pc}|${fn ?? ""}`;
    const count = (visits.get(at) ?? 0) + 1;
    visits.set(at, count);
    return count <= VISITS_PER_POSITION;
  };
  // `fn`: the selector the dispatcher matched on the way here, so a use is tied to its function.
  const work: { pc: number; stack: Value[]; fn: number | null; scratch: Scratch }[] = [{ pc: 0, stack: [], fn: null, scratch: [UNKNOWN, UNKNOWN] }];
  let steps = 0;

  // A state is its position, its depth and the top of its stack: deeper entries are the callers'
  // return addresses and arguments, which this walk has already followed from elsewhere.
  const key = (pc: number, stack: Value[], fn: number | null) => {
    let text = `${pc}|${fn ?? ""}|${stack.length}`;
    for (let i = stack.length - 1; i >= 0 && i >= stack.length - keyDepth; i--) {
      const value = stack[i];
      text +=
        value.k === "const"
          ? `,${value.v.toString(36)}`
          : value.k === "sload"
            ? `,s${value.slot.toString(36)}.${value.shift}`
            : value.k === "caller"
              ? ",c"
              : value.k === "selector"
                ? `,f${value.selector}`
                : value.k === "callerKey" || value.k === "mapped"
                  ? `,${value.k[0]}${value.base.toString(36)}`
                  : value.k === "argEntry"
                    ? `,e${value.base.toString(36)}.${value.plus}`
                    : value.k === "roleAdmin"
                      ? `,r${value.base.toString(36)}`
                      : ",u";
    }
    return text;
  };

  while (work.length > 0 && steps < STEP_BUDGET) {
    const item = work.pop()!;
    let { pc, fn } = item;
    const { stack } = item;
    const scratch: Scratch = [...item.scratch];
    if (seen.has(key(pc, stack, fn))) continue;
    seen.add(key(pc, stack, fn));
    if (!admit(pc, fn)) continue;
    walk: while (pc < bytes.length && steps++ < STEP_BUDGET) {
      const op = bytes[pc];
      if (op === 0x42 && fn !== null) clockReads.add(fn);
      // An argument word used by any instruction not handled below as a type check is a number.
      const pop = (): Value => {
        const value = stack.pop() ?? UNKNOWN;
        if (op !== 0x50) typeArgument(fn, value, "uint256");
        return value;
      };
      if (op === 0x5f) {
        // PUSH0 (Shanghai on): the zero a mapping's hash is stored at.
        stack.push({ k: "const", v: 0n });
        pc += 1;
      } else if (op >= 0x60 && op <= 0x7f) {
        const width = op - 0x5f;
        let value = 0n;
        for (let i = 1; i <= width; i++) value = (value << 8n) | BigInt(bytes[pc + i] ?? 0);
        stack.push(width === 4 ? { k: "const", v: value, pushed4: true } : { k: "const", v: value });
        pc += width + 1;
      } else if (op >= 0x80 && op <= 0x8f) {
        const depth = op - 0x7f;
        stack.push(stack[stack.length - depth] ?? UNKNOWN);
        pc += 1;
      } else if (op >= 0x90 && op <= 0x9f) {
        const depth = op - 0x8f;
        while (stack.length < depth + 1) stack.unshift(UNKNOWN);
        const top = stack.length - 1;
        [stack[top], stack[top - depth]] = [stack[top - depth], stack[top]];
        pc += 1;
      } else if (op === 0x56 || op === 0x57) {
        // JUMP, JUMPI: follow a constant target; a JUMPI also falls through.
        const target = pop();
        const condition = op === 0x57 ? pop() : null;
        if (op === 0x57) work.push({ pc: pc + 1, stack: [...stack], fn, scratch: [...scratch] });
        if (condition?.k === "mapped") {
          use(callerMappings, { slot: condition.base, shift: 0 }, fn);
          const outer = hashedEntries.get(condition.base);
          if (outer) callerMappings.get(`${condition.base}:0`)!.entryOf = outer;
        }
        if (target.k === "const" && destinations.has(Number(target.v))) {
          pc = Number(target.v);
          // Taken on a selector match: from here on, the path is that function's.
          if (condition?.k === "selector") fn = condition.selector;
          if (seen.has(key(pc, stack, fn))) break walk;
          seen.add(key(pc, stack, fn));
          if (!admit(pc, fn)) break walk;
          continue;
        }
        break walk;
      } else if (op === 0x00 || op === 0xf3 || op === 0xfd || op === 0xfe) {
        break walk;
      } else if (op === 0xff) {
        selfDestruct = true;
        break walk;
      } else if (op === 0x54) {
        const slot = pop();
        if (slot.k === "callerKey") use(callerReads, { slot: slot.base, shift: 0 }, fn);
        stack.push(
          slot.k === "const"
            ? { k: "sload", slot: slot.v, shift: 0 }
            : slot.k === "callerKey"
              ? { k: "mapped", base: slot.base }
              : slot.k === "argEntry" && slot.plus === 1n
                ? { k: "roleAdmin", base: slot.base }
                : UNKNOWN,
        );
        pc += 1;
      } else if (op === 0x55) {
        const slot = pop();
        pop();
        if (slot.k === "const") use(writtenSlots, { slot: slot.v, shift: 0 }, fn);
        pc += 1;
      } else if (op === 0x52) {
        // MSTORE: only the two scratch words a mapping's hash is taken over are kept.
        const offset = pop();
        const value = pop();
        if (offset.k === "const" && (offset.v === 0n || offset.v === 32n)) scratch[offset.v === 0n ? 0 : 1] = value;
        else if (offset.k !== "const" || offset.v < 64n) scratch[0] = scratch[1] = UNKNOWN;
        pc += 1;
      } else if (op === 0x39) {
        // CODECOPY of one word into the scratch space: how solc's optimizer loads a large constant
        // (an AccessControl role's id) it keeps beside the code rather than pushing it.
        const destination = pop();
        const offset = pop();
        const size = pop();
        const intoScratch = destination.k === "const" && (destination.v === 0n || destination.v === 32n) && offset.k === "const" && size.k === "const" && size.v === 32n;
        if (intoScratch) scratch[destination.v === 0n ? 0 : 1] = { k: "const", v: codeWord(Number(offset.v)) };
        else if (destination.k !== "const" || destination.v < 64n) scratch[0] = scratch[1] = UNKNOWN;
        pc += 1;
      } else if (op === 0x51) {
        // MLOAD of a scratch word holding a constant (the word CODECOPY put there).
        const offset = pop();
        const word = offset.k === "const" && (offset.v === 0n || offset.v === 32n) ? scratch[offset.v === 0n ? 0 : 1] : UNKNOWN;
        stack.push(word.k === "const" ? word : UNKNOWN);
        pc += 1;
      } else if (op === 0x20) {
        // SHA3 over (msg.sender, constant slot): the caller's entry in a mapping.
        const offset = pop();
        const size = pop();
        const [key, base] = scratch;
        const overScratch = offset.k === "const" && offset.v === 0n && size.k === "const" && size.v === 64n && base.k === "const";
        // Two constants hash to a constant: the slot of a mapping's entry for a fixed key, such as an
        // AccessControl role's member table (`_roles[ROLE].members`), whose caller entry comes next.
        // The member table of the admin role of a role the caller passes (AccessControl's grantRole,
        // revokeRole: `onlyRole(getRoleAdmin(role))`) is read as the default admin role's (0), the
        // admin of every role until one is changed: its members are who can hand out roles.
        // The admin role is loaded one word past the role's own entry: keyed by the argument, or, where
        // the code names the role (Chainlink's grantMintAndBurnRoles), a slot one past a hashed entry.
        const adminOf = key.k === "roleAdmin" ? key.base : key.k === "sload" && key.shift === 0 ? hashedEntries.get(key.slot - 1n)?.slot : undefined;
        const adminRole = overScratch && adminOf === base.v ? 0n : null;
        if (overScratch && (key.k === "const" || adminRole !== null)) {
          const role = key.k === "const" ? key.v : adminRole!;
          const entry = BigInt(keccak256(wordPair(role, base.v)));
          hashedEntries.set(entry, { slot: base.v, key: role });
          stack.push({ k: "const", v: entry });
        } else stack.push(overScratch && key.k === "caller" ? { k: "callerKey", base: base.v } : overScratch && key.k === "arg" ? { k: "argEntry", base: base.v, plus: 0n } : UNKNOWN);
        pc += 1;
      } else if (op === 0xf1 || op === 0xfa) {
        // CALL, STATICCALL: the target is the second input.
        pop();
        const target = pop();
        for (let i = 0; i < (op === 0xf1 ? 5 : 4); i++) pop();
        if (target.k === "sload") use(callSlots, target, fn);
        stack.push(UNKNOWN);
        pc += 1;
      } else if (op === 0x33) {
        stack.push({ k: "caller" });
        pc += 1;
      } else if (op === 0xf4) {
        pop();
        const target = pop();
        for (let i = 0; i < 4; i++) pop();
        if (target.k === "sload") use(delegateSlots, target, fn);
        stack.push(UNKNOWN);
        pc += 1;
      } else if (op === 0x14 || op === 0x03 || op === 0x18) {
        // EQ, SUB, XOR: each is how a comparison with msg.sender compiles.
        const a = pop();
        const b = pop();
        const slot = comparedSlot(a, b);
        if (slot !== null) use(callerSlots, slot, fn);
        const constant = comparedConstant(a, b);
        if (constant !== null) {
          const functions = codeCallers.get(constant) ?? [];
          if (!functions.includes(fn)) functions.push(fn);
          codeCallers.set(constant, functions);
        }
        const folded = a.k === "const" && b.k === "const" ? (op === 0x14 ? (a.v === b.v ? 1n : 0n) : fold(op, a.v, b.v)) : null;
        const matched = op === 0x14 ? selectorMatch(a, b) : null;
        stack.push(folded !== null ? { k: "const", v: folded } : matched ?? UNKNOWN);
        pc += 1;
      } else if (op === 0x35) {
        // CALLDATALOAD at a constant offset past the selector: an argument word of this function.
        const offset = stack.pop() ?? UNKNOWN;
        const index = offset.k === "const" && offset.v >= 4n && (offset.v - 4n) % 32n === 0n ? Number((offset.v - 4n) / 32n) : -1;
        if (fn !== null && index >= 0 && index < MAX_ARGUMENT_WORDS) {
          const types = argumentTypes.get(fn) ?? [];
          while (types.length <= index) types.push(undefined);
          argumentTypes.set(fn, types);
          stack.push({ k: "arg", index });
        } else stack.push(UNKNOWN);
        pc += 1;
      } else if (op === 0x16 && [stack.at(-1), stack.at(-2)].some((value) => value?.k === "arg")) {
        // AND of an argument word with a mask: 160 bits is an address's cleanup.
        const a = stack.pop()!;
        const b = stack.pop() ?? UNKNOWN;
        const [argument, mask] = a.k === "arg" ? [a, b] : [b, a];
        typeArgument(fn, argument, mask.k === "const" && mask.v === ADDRESS_MASK ? "address" : "uint256");
        stack.push(UNKNOWN);
        pc += 1;
      } else if (op === 0x01 && [stack.at(-1), stack.at(-2)].some((value) => value?.k === "argEntry")) {
        // ADD of a constant to an argument-keyed entry: a field of the struct it holds.
        const a = stack.pop()!;
        const b = stack.pop() ?? UNKNOWN;
        const [entry, offset] = a.k === "argEntry" ? [a, b] : [b, a];
        stack.push(entry.k === "argEntry" && offset.k === "const" ? { ...entry, plus: entry.plus + offset.v } : UNKNOWN);
        pc += 1;
      } else if (op === 0x19) {
        const a = pop();
        stack.push(a.k === "const" ? { k: "const", v: ~a.v & WORD } : UNKNOWN);
        pc += 1;
      } else if (op === 0x15) {
        // ISZERO keeps a mapping entry's test: `require(!x)` and `require(x)` both branch on it.
        // Twice on an argument word: a bool's cleanup.
        const a = stack.pop() ?? UNKNOWN;
        if (a.k === "argTested") typeArgument(fn, a, "bool");
        stack.push(a.k === "const" ? { k: "const", v: a.v === 0n ? 1n : 0n } : a.k === "mapped" ? a : a.k === "arg" ? { k: "argTested", index: a.index } : UNKNOWN);
        pc += 1;
      } else {
        const effect = effects.get(op);
        if (!effect) break walk; // not an instruction: data, or an opcode this walk does not know
        const [pops, pushes] = effect;
        const inputs: Value[] = [];
        for (let i = 0; i < pops; i++) inputs.push(pop());
        if (pushes === 1) {
          const [a, b] = inputs;
          const folded = pops === 2 && a.k === "const" && b.k === "const" ? fold(op, a.v, b.v) : null;
          stack.push(folded !== null ? { k: "const", v: folded } : pops === 2 ? keepsSlot(op, a, b) ?? UNKNOWN : UNKNOWN);
        }
        pc += 1;
      }
      if (stack.length > MAX_STACK) break walk;
    }
  }
  const sorted = (uses: Iterable<SlotUse>) => [...uses].map((entry) => ({ ...entry, functions: entry.functions.sort(byFunction) })).sort(bySlot);
  return {
    callerSlots: sorted(callerSlots.values()),
    codeCallers: [...codeCallers.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([address, functions]) => ({ address: getAddress(numberToHex(address, { size: 20 })), functions: functions.sort(byFunction) })),
    callerMappings: sorted(callerMappings.values()),
    callerReads: sorted(callerReads.values()),
    callSlots: sorted(callSlots.values()),
    writtenSlots: sorted(writtenSlots.values()),
    delegateSlots: sorted(delegateSlots.values()),
    arguments: [...argumentTypes.entries()]
      .sort(([a], [b]) => a - b)
      .map(([selector, types]) => ({ function: selector, types: types.map((type) => type ?? "uint256") })),
    clockReads: [...clockReads].sort((a, b) => a - b),
    selfDestruct,
    complete: work.length === 0 && steps < STEP_BUDGET,
  };
}

const byFunction = (a: number | null, b: number | null) => (a ?? -1) - (b ?? -1);
const bySlot = (a: SlotPart, b: SlotPart) => (a.slot < b.slot ? -1 : a.slot > b.slot ? 1 : a.shift - b.shift);
