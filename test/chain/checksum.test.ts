// The decoder's own EIP-55 checksum (one Keccak block, unrolled) gives exactly viem's checksum:
// for random addresses, for the edges (all zeros, all f, the precompiles), whatever case the hex
// comes in, and anything that is not 40 hex characters goes to viem itself.
import { randomBytes } from "node:crypto";
import { checksumAddress as viemChecksumAddress, keccak256, toHex, type Address } from "viem";
import { describe, expect, it } from "vitest";
import { checksumAddress, checksumHex, keccakOf40 } from "@/lib/chain/checksum";

describe("checksumHex", () => {
  it("gives viem's checksum for random addresses", () => {
    for (let i = 0; i < 5_000; i++) {
      const hex = randomBytes(20).toString("hex");
      expect(checksumHex(hex)).toBe(viemChecksumAddress(`0x${hex}` as Address));
    }
  });

  it("gives viem's checksum at the edges and whatever the case", () => {
    const edges = ["0".repeat(40), "f".repeat(40), `${"0".repeat(39)}1`, `${"0".repeat(38)}0a`, "dead".repeat(10), "70997970C51812dc3A010C7d01b50e0d17dc79C8", "3C44CDDDB6A900FA2B585DD299E03D12FA4293BC"];
    for (const hex of edges) {
      expect(checksumHex(hex)).toBe(viemChecksumAddress(`0x${hex}` as Address));
      expect(checksumAddress(`0x${hex}`)).toBe(viemChecksumAddress(`0x${hex}` as Address));
    }
  });

  it("hashes the 40 characters as Keccak-256 does", () => {
    const text = randomBytes(20).toString("hex");
    const words = keccakOf40(text);
    const hash = keccak256(toHex(text));
    const bytes = Buffer.from(new Int32Array(words.slice(0, 8)).buffer).toString("hex");
    expect(`0x${bytes}`).toBe(hash);
  });

  it("leaves what is not 40 hex characters to viem", () => {
    expect(checksumHex("xyz")).toBe(viemChecksumAddress("0xxyz" as Address));
  });
});
