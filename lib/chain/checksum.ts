// EIP-55 checksums of addresses decoded from logs, without viem's generic path: the same string
// viem's checksumAddress gives, about a microsecond an address. Why and how: keccakOf40 below.
import { checksumAddress as viemChecksumAddress, type Address } from "viem";

/** Keccak-f round constants, low and high 32 bits of each. */
const RC = new Int32Array([
  0x00000001, 0x00000000, 0x00008082, 0x00000000, 0x0000808a, 0x80000000, 0x80008000, 0x80000000, 0x0000808b, 0x00000000, 0x80000001, 0x00000000,
  0x80008081, 0x80000000, 0x00008009, 0x80000000, 0x0000008a, 0x00000000, 0x00000088, 0x00000000, 0x80008009, 0x00000000, 0x8000000a, 0x00000000,
  0x8000808b, 0x00000000, 0x0000008b, 0x80000000, 0x00008089, 0x80000000, 0x00008003, 0x80000000, 0x00008002, 0x80000000, 0x00000080, 0x80000000,
  0x0000800a, 0x00000000, 0x8000000a, 0x80000000, 0x80008081, 0x80000000, 0x00008080, 0x80000000, 0x80000001, 0x00000000, 0x80008008, 0x80000000,
]);

/** The sponge's 25 lanes, each as its low and high 32 bits. */
const state = new Int32Array(50);

/**
 * Keccak-256 of the 40 ASCII characters of `text` (one padded block at rate 136): the hash's first
 * 20 bytes are then the first five words of `state`, little-endian. Each round loads the lanes into
 * locals and stores them back, which keeps it to about two microseconds (holding all 50 halves
 * across the 24 rounds spills registers and takes several times as long).
 *
 * EIP-55 checksums of addresses decoded from logs, without viem's generic path. viem hashes each
 * address through noble's Keccak object (a string encoded to bytes, a sponge allocated, its state
 * permuted in loops) and keeps 8,192 results in an LRU whose every hit deletes and re-inserts: on a
 * busy token's 50,000 fresh receivers that was 35–60 µs an address, a third of a read. An
 * address's checksum is the Keccak-256 of its 40 lower-case hex characters — one block of the
 * sponge — so here the block is absorbed straight from the characters and permuted by an unrolled
 * Keccak-f[1600] on 32-bit halves of the lanes, about a microsecond, and the results are kept in a
 * plain map, emptied when it fills. The answer is the same string viem's checksumAddress gives
 * (test/chain/checksum.test.ts compares them).
 */
export function keccakOf40(text: string): Int32Array {
  state.fill(0);
  for (let i = 0; i < 10; i++) {
    state[i] = text.charCodeAt(4 * i) | (text.charCodeAt(4 * i + 1) << 8) | (text.charCodeAt(4 * i + 2) << 16) | (text.charCodeAt(4 * i + 3) << 24);
  }
  // Keccak's padding: 0x01 after the 40 bytes (lane 5), 0x80 in the block's last byte (lane 16's top).
  state[10] = 1;
  state[33] = 0x80000000 | 0;
  for (let round = 0; round < 24; round++) {
    // Generated: theta, rho and pi, chi, iota over the 25 lanes (lane x + 5y as l/h halves).
    let l0 = state[0], h0 = state[1], l1 = state[2], h1 = state[3], l2 = state[4], h2 = state[5], l3 = state[6], h3 = state[7], l4 = state[8], h4 = state[9],
      l5 = state[10], h5 = state[11], l6 = state[12], h6 = state[13], l7 = state[14], h7 = state[15], l8 = state[16], h8 = state[17], l9 = state[18], h9 = state[19],
      l10 = state[20], h10 = state[21], l11 = state[22], h11 = state[23], l12 = state[24], h12 = state[25], l13 = state[26], h13 = state[27], l14 = state[28], h14 = state[29],
      l15 = state[30], h15 = state[31], l16 = state[32], h16 = state[33], l17 = state[34], h17 = state[35], l18 = state[36], h18 = state[37], l19 = state[38], h19 = state[39],
      l20 = state[40], h20 = state[41], l21 = state[42], h21 = state[43], l22 = state[44], h22 = state[45], l23 = state[46], h23 = state[47], l24 = state[48], h24 = state[49];
    const cl0 = l0 ^ l5 ^ l10 ^ l15 ^ l20;
    const ch0 = h0 ^ h5 ^ h10 ^ h15 ^ h20;
    const cl1 = l1 ^ l6 ^ l11 ^ l16 ^ l21;
    const ch1 = h1 ^ h6 ^ h11 ^ h16 ^ h21;
    const cl2 = l2 ^ l7 ^ l12 ^ l17 ^ l22;
    const ch2 = h2 ^ h7 ^ h12 ^ h17 ^ h22;
    const cl3 = l3 ^ l8 ^ l13 ^ l18 ^ l23;
    const ch3 = h3 ^ h8 ^ h13 ^ h18 ^ h23;
    const cl4 = l4 ^ l9 ^ l14 ^ l19 ^ l24;
    const ch4 = h4 ^ h9 ^ h14 ^ h19 ^ h24;
    const dl0 = cl4 ^ ((cl1 << 1) | (ch1 >>> 31));
    const dh0 = ch4 ^ ((ch1 << 1) | (cl1 >>> 31));
    const dl1 = cl0 ^ ((cl2 << 1) | (ch2 >>> 31));
    const dh1 = ch0 ^ ((ch2 << 1) | (cl2 >>> 31));
    const dl2 = cl1 ^ ((cl3 << 1) | (ch3 >>> 31));
    const dh2 = ch1 ^ ((ch3 << 1) | (cl3 >>> 31));
    const dl3 = cl2 ^ ((cl4 << 1) | (ch4 >>> 31));
    const dh3 = ch2 ^ ((ch4 << 1) | (cl4 >>> 31));
    const dl4 = cl3 ^ ((cl0 << 1) | (ch0 >>> 31));
    const dh4 = ch3 ^ ((ch0 << 1) | (cl0 >>> 31));
    l0 ^= dl0; h0 ^= dh0;
    l1 ^= dl1; h1 ^= dh1;
    l2 ^= dl2; h2 ^= dh2;
    l3 ^= dl3; h3 ^= dh3;
    l4 ^= dl4; h4 ^= dh4;
    l5 ^= dl0; h5 ^= dh0;
    l6 ^= dl1; h6 ^= dh1;
    l7 ^= dl2; h7 ^= dh2;
    l8 ^= dl3; h8 ^= dh3;
    l9 ^= dl4; h9 ^= dh4;
    l10 ^= dl0; h10 ^= dh0;
    l11 ^= dl1; h11 ^= dh1;
    l12 ^= dl2; h12 ^= dh2;
    l13 ^= dl3; h13 ^= dh3;
    l14 ^= dl4; h14 ^= dh4;
    l15 ^= dl0; h15 ^= dh0;
    l16 ^= dl1; h16 ^= dh1;
    l17 ^= dl2; h17 ^= dh2;
    l18 ^= dl3; h18 ^= dh3;
    l19 ^= dl4; h19 ^= dh4;
    l20 ^= dl0; h20 ^= dh0;
    l21 ^= dl1; h21 ^= dh1;
    l22 ^= dl2; h22 ^= dh2;
    l23 ^= dl3; h23 ^= dh3;
    l24 ^= dl4; h24 ^= dh4;
    const bl0 = l0, bh0 = h0;
    const bl16 = (h5 << 4) | (l5 >>> 28), bh16 = (l5 << 4) | (h5 >>> 28);
    const bl7 = (l10 << 3) | (h10 >>> 29), bh7 = (h10 << 3) | (l10 >>> 29);
    const bl23 = (h15 << 9) | (l15 >>> 23), bh23 = (l15 << 9) | (h15 >>> 23);
    const bl14 = (l20 << 18) | (h20 >>> 14), bh14 = (h20 << 18) | (l20 >>> 14);
    const bl10 = (l1 << 1) | (h1 >>> 31), bh10 = (h1 << 1) | (l1 >>> 31);
    const bl1 = (h6 << 12) | (l6 >>> 20), bh1 = (l6 << 12) | (h6 >>> 20);
    const bl17 = (l11 << 10) | (h11 >>> 22), bh17 = (h11 << 10) | (l11 >>> 22);
    const bl8 = (h16 << 13) | (l16 >>> 19), bh8 = (l16 << 13) | (h16 >>> 19);
    const bl24 = (l21 << 2) | (h21 >>> 30), bh24 = (h21 << 2) | (l21 >>> 30);
    const bl20 = (h2 << 30) | (l2 >>> 2), bh20 = (l2 << 30) | (h2 >>> 2);
    const bl11 = (l7 << 6) | (h7 >>> 26), bh11 = (h7 << 6) | (l7 >>> 26);
    const bl2 = (h12 << 11) | (l12 >>> 21), bh2 = (l12 << 11) | (h12 >>> 21);
    const bl18 = (l17 << 15) | (h17 >>> 17), bh18 = (h17 << 15) | (l17 >>> 17);
    const bl9 = (h22 << 29) | (l22 >>> 3), bh9 = (l22 << 29) | (h22 >>> 3);
    const bl5 = (l3 << 28) | (h3 >>> 4), bh5 = (h3 << 28) | (l3 >>> 4);
    const bl21 = (h8 << 23) | (l8 >>> 9), bh21 = (l8 << 23) | (h8 >>> 9);
    const bl12 = (l13 << 25) | (h13 >>> 7), bh12 = (h13 << 25) | (l13 >>> 7);
    const bl3 = (l18 << 21) | (h18 >>> 11), bh3 = (h18 << 21) | (l18 >>> 11);
    const bl19 = (h23 << 24) | (l23 >>> 8), bh19 = (l23 << 24) | (h23 >>> 8);
    const bl15 = (l4 << 27) | (h4 >>> 5), bh15 = (h4 << 27) | (l4 >>> 5);
    const bl6 = (l9 << 20) | (h9 >>> 12), bh6 = (h9 << 20) | (l9 >>> 12);
    const bl22 = (h14 << 7) | (l14 >>> 25), bh22 = (l14 << 7) | (h14 >>> 25);
    const bl13 = (l19 << 8) | (h19 >>> 24), bh13 = (h19 << 8) | (l19 >>> 24);
    const bl4 = (l24 << 14) | (h24 >>> 18), bh4 = (h24 << 14) | (l24 >>> 18);
    l0 = bl0 ^ (~bl1 & bl2); h0 = bh0 ^ (~bh1 & bh2);
    l1 = bl1 ^ (~bl2 & bl3); h1 = bh1 ^ (~bh2 & bh3);
    l2 = bl2 ^ (~bl3 & bl4); h2 = bh2 ^ (~bh3 & bh4);
    l3 = bl3 ^ (~bl4 & bl0); h3 = bh3 ^ (~bh4 & bh0);
    l4 = bl4 ^ (~bl0 & bl1); h4 = bh4 ^ (~bh0 & bh1);
    l5 = bl5 ^ (~bl6 & bl7); h5 = bh5 ^ (~bh6 & bh7);
    l6 = bl6 ^ (~bl7 & bl8); h6 = bh6 ^ (~bh7 & bh8);
    l7 = bl7 ^ (~bl8 & bl9); h7 = bh7 ^ (~bh8 & bh9);
    l8 = bl8 ^ (~bl9 & bl5); h8 = bh8 ^ (~bh9 & bh5);
    l9 = bl9 ^ (~bl5 & bl6); h9 = bh9 ^ (~bh5 & bh6);
    l10 = bl10 ^ (~bl11 & bl12); h10 = bh10 ^ (~bh11 & bh12);
    l11 = bl11 ^ (~bl12 & bl13); h11 = bh11 ^ (~bh12 & bh13);
    l12 = bl12 ^ (~bl13 & bl14); h12 = bh12 ^ (~bh13 & bh14);
    l13 = bl13 ^ (~bl14 & bl10); h13 = bh13 ^ (~bh14 & bh10);
    l14 = bl14 ^ (~bl10 & bl11); h14 = bh14 ^ (~bh10 & bh11);
    l15 = bl15 ^ (~bl16 & bl17); h15 = bh15 ^ (~bh16 & bh17);
    l16 = bl16 ^ (~bl17 & bl18); h16 = bh16 ^ (~bh17 & bh18);
    l17 = bl17 ^ (~bl18 & bl19); h17 = bh17 ^ (~bh18 & bh19);
    l18 = bl18 ^ (~bl19 & bl15); h18 = bh18 ^ (~bh19 & bh15);
    l19 = bl19 ^ (~bl15 & bl16); h19 = bh19 ^ (~bh15 & bh16);
    l20 = bl20 ^ (~bl21 & bl22); h20 = bh20 ^ (~bh21 & bh22);
    l21 = bl21 ^ (~bl22 & bl23); h21 = bh21 ^ (~bh22 & bh23);
    l22 = bl22 ^ (~bl23 & bl24); h22 = bh22 ^ (~bh23 & bh24);
    l23 = bl23 ^ (~bl24 & bl20); h23 = bh23 ^ (~bh24 & bh20);
    l24 = bl24 ^ (~bl20 & bl21); h24 = bh24 ^ (~bh20 & bh21);
    l0 ^= RC[2 * round]; h0 ^= RC[2 * round + 1];
    state[0] = l0; state[1] = h0; state[2] = l1; state[3] = h1; state[4] = l2; state[5] = h2; state[6] = l3; state[7] = h3; state[8] = l4; state[9] = h4;
    state[10] = l5; state[11] = h5; state[12] = l6; state[13] = h6; state[14] = l7; state[15] = h7; state[16] = l8; state[17] = h8; state[18] = l9; state[19] = h9;
    state[20] = l10; state[21] = h10; state[22] = l11; state[23] = h11; state[24] = l12; state[25] = h12; state[26] = l13; state[27] = h13; state[28] = l14; state[29] = h14;
    state[30] = l15; state[31] = h15; state[32] = l16; state[33] = h16; state[34] = l17; state[35] = h17; state[36] = l18; state[37] = h18; state[38] = l19; state[39] = h19;
    state[40] = l20; state[41] = h20; state[42] = l21; state[43] = h21; state[44] = l22; state[45] = h22; state[46] = l23; state[47] = h23; state[48] = l24; state[49] = h24;
  }
  return state;
}

const known = new Map<string, Address>();
/** Checksums kept: a busy window's receivers, with room to spare; the map is emptied when it fills. */
export const maxKeptChecksums = 200_000;

const isLowerHex = /^[0-9a-f]{40}$/;

/**
 * The checksummed form of an address given as 40 hex characters (`hex`, no 0x): what viem's
 * checksumAddress(`0x${hex}`) gives. Anything but 40 hex characters goes to viem's own function.
 */
export function checksumHex(hex: string): Address {
  const cached = known.get(hex);
  if (cached !== undefined) return cached;
  const lower = hex.toLowerCase();
  if (!isLowerHex.test(lower)) return viemChecksumAddress(`0x${hex}` as Address);
  const digest = keccakOf40(lower);
  let out = "0x";
  for (let i = 0; i < 40; i++) {
    const code = lower.charCodeAt(i);
    // Nibble i of the hash: byte i >> 1, high nibble first; a letter is upper-cased when it is 8 or more.
    const byte = (digest[i >> 3] >>> ((i >> 1) % 4) * 8) & 0xff;
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f;
    out += code >= 0x61 && nibble >= 8 ? String.fromCharCode(code - 32) : lower[i];
  }
  if (known.size >= maxKeptChecksums) known.clear();
  known.set(hex, out as Address);
  return out as Address;
}

/** checksumAddress for a 0x-prefixed address. */
export function checksumAddress(address: string): Address {
  return checksumHex(address.slice(2));
}
