// The code-path walk on hand-assembled runtime code: where a slot compared with msg.sender sits
// in a packed word, a comparison written as SUB, a delegatecall target loaded from storage, a
// SELFDESTRUCT reachable only past a branch, and code that is never reached.
import { describe, expect, it } from "vitest";
import type { Hex } from "viem";
import { readCodePaths } from "@/lib/intel/reads/control/code-paths";

type Piece = string | { push: bigint | number; width?: number } | { label: string } | { jumpTo: string };

/** A tiny assembler: opcodes by name, pushes, labels (JUMPDEST) and pushes of a label's offset. */
function assemble(pieces: Piece[]): Hex {
  const ops: Record<string, number> = {
    STOP: 0x00,
    SUB: 0x03,
    DIV: 0x04,
    EQ: 0x14,
    ISZERO: 0x15,
    AND: 0x16,
    SHR: 0x1c,
    SHA3: 0x20,
    CALLER: 0x33,
    MSTORE: 0x52,
    SSTORE: 0x55,
    CALL: 0xf1,
    CALLDATALOAD: 0x35,
    POP: 0x50,
    DUP1: 0x80,
    SLOAD: 0x54,
    JUMP: 0x56,
    JUMPI: 0x57,
    GAS: 0x5a,
    SWAP1: 0x90,
    DELEGATECALL: 0xf4,
    REVERT: 0xfd,
    SELFDESTRUCT: 0xff,
  };
  const size = (piece: Piece) => (typeof piece === "string" ? 1 : "push" in piece ? 1 + (piece.width ?? 32) : "label" in piece ? 1 : 3);
  const offsets = new Map<string, number>();
  let at = 0;
  for (const piece of pieces) {
    if (typeof piece === "object" && "label" in piece) offsets.set(piece.label, at);
    at += size(piece);
  }
  const bytes: number[] = [];
  for (const piece of pieces) {
    if (typeof piece === "string") bytes.push(ops[piece]);
    else if ("label" in piece) bytes.push(0x5b);
    else if ("jumpTo" in piece) bytes.push(0x61, offsets.get(piece.jumpTo)! >> 8, offsets.get(piece.jumpTo)! & 0xff);
    else {
      const width = piece.width ?? 32;
      bytes.push(0x5f + width, ...BigInt(piece.push).toString(16).padStart(width * 2, "0").match(/../g)!.map((pair) => parseInt(pair, 16)));
    }
  }
  return `0x${Buffer.from(bytes).toString("hex")}`;
}

const addressMask = { push: (1n << 160n) - 1n, width: 20 };

describe("readCodePaths", () => {
  it("finds an address packed one byte up in slot 3 compared with msg.sender, a delegatecall to slot 7, and a SELFDESTRUCT past the check", () => {
    const code = assemble([
      // require(address(uint160(slot3 >> 8)) == msg.sender)
      { push: 3, width: 1 }, "SLOAD", { push: 0x100, width: 2 }, "SWAP1", "DIV", addressMask, "AND", "CALLER", "EQ", { jumpTo: "allowed" }, "JUMPI",
      { push: 0, width: 1 }, { push: 0, width: 1 }, "REVERT",
      { label: "allowed" },
      // slot7.delegatecall("")
      { push: 0, width: 1 }, { push: 0, width: 1 }, { push: 0, width: 1 }, { push: 0, width: 1 }, { push: 7, width: 1 }, "SLOAD", "GAS", "DELEGATECALL",
      "CALLER", "SELFDESTRUCT",
    ]);
    // No dispatcher here: every use is on the fallback's path.
    expect(readCodePaths(code)).toEqual({
      callerSlots: [{ slot: 3n, shift: 8, functions: [null] }],
      codeCallers: [],
      callerMappings: [],
      callerReads: [],
      callSlots: [],
      writtenSlots: [],
      delegateSlots: [{ slot: 7n, shift: 0, functions: [null] }],
      arguments: [],
      clockReads: [],
      selfDestruct: true,
      complete: true,
    });
  });

  it("reads a comparison compiled as SUB, follows an internal call's pushed return address, and ignores code no path reaches", () => {
    const code = assemble([
      // owner() as an internal function: jump in with a return address, the slot read inside.
      { jumpTo: "back" }, { jumpTo: "owner" }, "JUMP",
      { label: "back" }, "CALLER", "SUB", { jumpTo: "denied" }, "JUMPI", "STOP",
      { label: "denied" }, { push: 0, width: 1 }, { push: 0, width: 1 }, "REVERT",
      { label: "owner" }, { push: 5, width: 1 }, "SLOAD", "SWAP1", "JUMP",
      // Never jumped to: a SELFDESTRUCT here is data as far as any path goes.
      { label: "unreached" }, "CALLER", "SELFDESTRUCT",
    ]);
    expect(readCodePaths(code)).toEqual({ callerSlots: [{ slot: 5n, shift: 0, functions: [null] }], codeCallers: [], callerMappings: [], callerReads: [], callSlots: [], writtenSlots: [], delegateSlots: [], arguments: [], clockReads: [], selfDestruct: false, complete: true });
  });

  it("ties each use to the function the dispatcher matched: slot 5 checked in one function, slot 6 in another", () => {
    const [first, second] = [0x40c10f19, 0x8456cb59];
    const code = assemble([
      // selector = calldata word >> 224, kept under each comparison as dispatchers do
      { push: 0, width: 1 }, "CALLDATALOAD", { push: 224, width: 1 }, "SHR",
      "DUP1", { push: first, width: 4 }, "EQ", { jumpTo: "first" }, "JUMPI",
      "DUP1", { push: second, width: 4 }, "EQ", { jumpTo: "second" }, "JUMPI",
      "STOP",
      { label: "first" }, { push: 5, width: 1 }, "SLOAD", "CALLER", "EQ", "POP", "STOP",
      { label: "second" }, { push: 6, width: 1 }, "SLOAD", "CALLER", "EQ", "POP", "STOP",
    ]);
    expect(readCodePaths(code).callerSlots).toEqual([
      { slot: 5n, shift: 0, functions: [first] },
      { slot: 6n, shift: 0, functions: [second] },
    ]);
  });

  it("follows a mapping keyed by msg.sender that a function branches on (a minter table), the slot a function writes, and a stored address a function CALLs", () => {
    const [mintFn, setGate, transferFn] = [0xa0712d68, 0x12345678, 0xa9059cbb];
    const code = assemble([
      { push: 0, width: 1 }, "CALLDATALOAD", { push: 224, width: 1 }, "SHR",
      "DUP1", { push: mintFn, width: 4 }, "EQ", { jumpTo: "mint" }, "JUMPI",
      "DUP1", { push: setGate, width: 4 }, "EQ", { jumpTo: "set" }, "JUMPI",
      "DUP1", { push: transferFn, width: 4 }, "EQ", { jumpTo: "transfer" }, "JUMPI",
      "STOP",
      // require(minters[msg.sender]), minters at slot 9: hash of (caller, 9) at 0x00..0x40
      { label: "mint" }, addressMask, "CALLER", "AND", { push: 0, width: 1 }, "MSTORE", { push: 9, width: 1 }, { push: 32, width: 1 }, "MSTORE",
      { push: 64, width: 1 }, { push: 0, width: 1 }, "SHA3", "SLOAD", "ISZERO", { jumpTo: "denied" }, "JUMPI", "STOP",
      { label: "denied" }, { push: 0, width: 1 }, { push: 0, width: 1 }, "REVERT",
      // gate = x: writes slot 4
      { label: "set" }, { push: 1, width: 1 }, { push: 4, width: 1 }, "SSTORE", "STOP",
      // gate.call(...) on the transfer path: target loaded from slot 4
      { label: "transfer" }, { push: 0, width: 1 }, { push: 0, width: 1 }, { push: 0, width: 1 }, { push: 0, width: 1 }, { push: 0, width: 1 }, { push: 4, width: 1 }, "SLOAD", "GAS", "CALL", "POP", "STOP",
    ]);
    const paths = readCodePaths(code);
    expect(paths.callerMappings).toEqual([{ slot: 9n, shift: 0, functions: [mintFn] }]);
    expect(paths.callerReads).toEqual([{ slot: 9n, shift: 0, functions: [mintFn] }]);
    expect(paths.writtenSlots).toEqual([{ slot: 4n, shift: 0, functions: [setGate] }]);
    expect(paths.callSlots).toEqual([{ slot: 4n, shift: 0, functions: [transferFn] }]);
    expect(paths.callerSlots).toEqual([]);
  });

  it("a balance read keyed by msg.sender and compared with an amount is no permission", () => {
    const code = assemble([
      addressMask, "CALLER", "AND", { push: 0, width: 1 }, "MSTORE", { push: 0, width: 1 }, { push: 32, width: 1 }, "MSTORE",
      { push: 64, width: 1 }, { push: 0, width: 1 }, "SHA3", "SLOAD", { push: 100, width: 1 }, "SUB", { jumpTo: "end" }, "JUMPI", "STOP",
      { label: "end" }, "STOP",
    ]);
    expect(readCodePaths(code).callerMappings).toEqual([]);
    // Read all the same: a member the probe is made of such a mapping is given an entry in it.
    expect(readCodePaths(code).callerReads).toEqual([{ slot: 0n, shift: 0, functions: [null] }]);
  });
  it("reads each function's argument words with the type its decoder checks: an address masked to 160 bits, a bool tested twice, a number used as one", () => {
    // setRule(bool,address,uint256,uint256): four words after the selector, checked as solc's decoder does.
    const [setRule, plain] = [0x5a2d3b6c, 0x1f2e3d4c];
    const word = (index: number) => [{ push: 4 + 32 * index, width: 1 }, "CALLDATALOAD"] as Piece[];
    const code = assemble([
      { push: 0, width: 1 }, "CALLDATALOAD", { push: 224, width: 1 }, "SHR",
      "DUP1", { push: setRule, width: 4 }, "EQ", { jumpTo: "rule" }, "JUMPI",
      "DUP1", { push: plain, width: 4 }, "EQ", { jumpTo: "plain" }, "JUMPI",
      "STOP",
      { label: "rule" },
      ...word(0), "DUP1", "ISZERO", "ISZERO", "EQ", "POP",
      ...word(1), "DUP1", addressMask, "AND", "EQ", "POP",
      ...word(2), "DUP1", "EQ", "POP",
      ...word(3), { push: 1, width: 1 }, "SSTORE", "STOP",
      // No argument read: the function takes none, so it has no entry.
      { label: "plain" }, "STOP",
    ]);
    expect(readCodePaths(code).arguments).toEqual([{ function: setRule, types: ["bool", "address", "uint256", "uint256"] }]);
  });

  it("an address written into the code (an immutable, a constant) that msg.sender is compared with is a holder of the functions it guards; a comparison with zero or a small number is not", () => {
    const [mint, burn, open] = [0x40c10f19, 0x9dc29fac, 0x12345678];
    const bridge = 0xb41d6e0000000000000000000000000000000b01n;
    const code = assemble([
      { push: 0, width: 1 }, "CALLDATALOAD", { push: 224, width: 1 }, "SHR",
      "DUP1", { push: mint, width: 4 }, "EQ", { jumpTo: "guard" }, "JUMPI",
      "DUP1", { push: burn, width: 4 }, "EQ", { jumpTo: "guard" }, "JUMPI",
      "DUP1", { push: open, width: 4 }, "EQ", { jumpTo: "open" }, "JUMPI",
      "STOP",
      // require(msg.sender == BRIDGE): an immutable is a PUSH32 of the address, masked as solc does.
      { label: "guard" }, { push: bridge }, addressMask, "AND", "CALLER", "EQ", { jumpTo: "allowed" }, "JUMPI",
      { push: 0, width: 1 }, { push: 0, width: 1 }, "REVERT",
      { label: "allowed" }, "STOP",
      // require(msg.sender != address(0)) and a comparison with 0xdead: no one's key.
      { label: "open" }, { push: 0, width: 1 }, "CALLER", "EQ", "POP", { push: 0xdead, width: 2 }, "CALLER", "SUB", "POP", "STOP",
    ]);
    expect(readCodePaths(code).codeCallers).toEqual([{ address: "0xB41d6e0000000000000000000000000000000B01", functions: [mint, burn].sort((a, b) => a - b) }]);
    expect(readCodePaths(code).callerSlots).toEqual([]);
  });
});
