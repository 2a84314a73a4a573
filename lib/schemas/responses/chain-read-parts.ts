// Building blocks that every chain-read answer's schema needs beyond common.ts: transaction
// hashes, block numbers, basis points, the window and limitations every intelligence answer
// states, data.unavailable's reasons, and the meta every chain read adds. Kept apart from
// common.ts so schema groups written side by side do not edit one file; candidates to move there.
import { z } from "zod";
import { CHAIN_IDS, networks } from "@/lib/chain/networks";
import { chainDataSourceOut, provenanceOf } from "./common";

/** A transaction hash as viem returns it: 0x and 64 lowercase hex digits. */
export const txHashOut = z.string().regex(/^0x[0-9a-f]{64}$/).describe("Transaction hash (0x and 64 lowercase hex digits).");

/** A block number on the answer's network. */
export const blockOut = z.number().int().nonnegative().describe("Block number on the answer's network.");

/** Basis points: 10,000 is 100 %. Integer, rounded toward zero. */
export const bpsOut = z.number().int().describe("Basis points (10,000 = 100 %), rounded toward zero.");

/** One of the three served networks. */
export const chainIdOut = z.enum(CHAIN_IDS).describe("Network: eth (Ethereum), base (Base) or bsc (BNB Chain).");

/** data.limitations: the look-back windows and rules the answer rests on, in plain language. */
export const limitationsOut = z
  .array(z.string().describe("One limitation, as a sentence."))
  .describe("What this answer does not cover: its look-back window and the rules it applies, in plain language.");

/**
 * data.unavailable: the reason for each field that could not be obtained (its provenance is then
 * `unavailable`). Each endpoint names the keys it can fill; none present means nothing was missing.
 */
export function unavailableOf<const Key extends string>(reasons: Record<Key, string>) {
  return z
    .object(Object.fromEntries(Object.entries(reasons).map(([key, when]) => [key, z.string().optional().describe(`${when as string} Present only when it could not be read; the text says why.`)])) as Record<Key, z.ZodOptional<z.ZodString>>)
    .describe("Why a part of the answer could not be obtained, by part; an empty object when nothing was missing.");
}

/** What every chain read adds to meta: each field's provenance, and the block and source read. */
export function chainReadMetaOf<const Field extends string>(fields: readonly Field[]) {
  return z.object({ provenance: provenanceOf(fields), chain_data_source: chainDataSourceOut });
}

/** The names of the V2-style DEXes (fungible LP) the network registry knows, on any network. */
const v2DexNames = [...new Set(CHAIN_IDS.flatMap((chain) => networks[chain].dexes.filter((dex) => dex.kind === "uniswap-v2" || dex.kind === "solidly-v2").map((dex) => dex.name)))];

export const v2DexNameOut = z.enum(v2DexNames as [string, ...string[]]).describe(`The DEX, by name: ${v2DexNames.join(", ")}.`);
