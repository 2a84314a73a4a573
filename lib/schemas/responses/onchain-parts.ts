// Building blocks shared by the contract, risk and liquidity response schemas that other
// endpoint groups need as well (hashes, block numbers, decimal strings, who holds control,
// DEX and locker names, the unavailable map). Kept apart from common.ts so schemas for the
// other endpoints can be written at the same time; candidates to move there.
import { z } from "zod";
import { networks, recognisedLockerCode } from "@/lib/chain/networks";
import { provenanceOut } from "./common";

/** A transaction hash. */
export const hashOut = z.string().regex(/^0x[0-9a-fA-F]{64}$/).describe("Transaction hash, 0x followed by 64 hexadecimal characters.");

/** Raw bytes as the node gave them (revert data, role ids). */
export const hexOut = z.string().regex(/^0x([0-9a-fA-F]{2})*$/).describe("Bytes as 0x-prefixed hexadecimal.");

/** A 32-byte word, such as an AccessControl role id. */
export const bytes32Out = z.string().regex(/^0x[0-9a-fA-F]{64}$/).describe("32 bytes as 0x-prefixed hexadecimal.");

export const blockOut = z.number().int().nonnegative().describe("Block number.");

/** An exact integer too large for a JSON number, written out in base 10 (base units, LP amounts). */
export const integerStringOut = z.string().regex(/^-?[0-9]+$/).describe("An exact integer as a decimal string (it may exceed what a JSON number holds).");

/**
 * An exact ratio written as a decimal string: cut, never rounded up, at 18 fractional digits
 * (2 for USD liquidity), trailing zeros dropped; no exponent, no thousands separator.
 */
export const decimalOut = z.string().regex(/^-?[0-9]+(\.[0-9]+)?$/).describe("A decimal number as a string, cut (never rounded up) at a fixed number of fractional digits; trailing zeros dropped.");

/** Basis points: an integer, 10,000 = 100 %. */
export const bpsOut = z.number().int().describe("Basis points (10,000 = 100 %), an integer.");

/** The kinds of account that can hold control of a contract. */
export const holderKindOut = z
  .enum(["eoa", "safe", "timelock", "contract"])
  .describe("eoa: an externally owned account (no code). safe: a Safe multisig (answers getOwners and getThreshold). timelock: a timelock controller (answers getMinDelay). contract: any other contract.");

const holderAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/).describe("The account, EIP-55 checksummed.");

/**
 * An account holding control (owner, proxy admin, role holder), described by what its code
 * answers at the read block: a wallet, a Safe with its owners and threshold, a timelock with
 * its delay, or another contract.
 */
export const holderVariants = [
  z.object({
    address: holderAddress,
    is_contract: z.literal(false).describe("False: the account has no code at the read block."),
    kind: z.literal("eoa").describe("eoa: an externally owned account (a key holder; no code)."),
  }),
  z.object({
    address: holderAddress,
    is_contract: z.literal(true).describe("True: the account has code at the read block."),
    kind: z.literal("safe").describe("safe: a Safe multisig; its owners and threshold are under `safe`."),
    safe: z
      .object({
        owners: z.array(holderAddress).describe("getOwners(): the Safe's owners."),
        threshold: z.number().int().describe("getThreshold(): how many owners must sign."),
      })
      .describe("The Safe's signers, read at the block."),
  }),
  z.object({
    address: holderAddress,
    is_contract: z.literal(true).describe("True: the account has code at the read block."),
    kind: z.literal("timelock").describe("timelock: a timelock controller; its delay is under `timelock`."),
    timelock: z
      .object({ min_delay_seconds: z.number().int().nonnegative().describe("getMinDelay(): the least time, in seconds, between scheduling an operation and executing it.") })
      .describe("The timelock's delay, read at the block."),
  }),
  z.object({
    address: holderAddress,
    is_contract: z.literal(true).describe("True: the account has code at the read block."),
    kind: z.literal("contract").describe("contract: a contract that is neither a Safe nor a timelock."),
  }),
] as const;

export const holderOut = z.discriminatedUnion("kind", [...holderVariants]).describe("An account holding control, and what kind of account it is (discriminated by kind).");

/** How a wallet is linked to a token's team. */
export const teamRelationOut = z
  .enum(["deployer", "owner", "initial_liquidity_provider"])
  .describe("deployer: created the token contract. owner: the token's owner() at the block. initial_liquidity_provider: received the pool's first LP mint.");

const unique = <T extends string>(values: T[]) => [...new Set(values)] as [T, ...T[]];

/** Every DEX the network registry knows, by key. */
export const dexKeyOut = z
  .enum(unique(Object.values(networks).flatMap((network) => network.dexes.map((dex) => dex.key))))
  .describe("The DEX, by the registry's key.");

/** How a DEX's pools work: Uniswap V2 style pairs, Uniswap V3 style concentrated liquidity, Solidly style (Aerodrome). */
export const dexKindOut = z
  .enum(["uniswap-v2", "uniswap-v3", "solidly-v2"])
  .describe("uniswap-v2: constant-product pairs with a fungible LP token. uniswap-v3: concentrated liquidity (LP positions are NFTs). solidly-v2: Solidly-style pools (Aerodrome) with stable and volatile curves and a fungible LP token.");

/** Every recognised locker, by key: registry lockers and lockers recognised by their code. */
export const lockerKeyOut = z
  .enum(unique([...Object.values(networks).flatMap((network) => network.lockers.map((locker) => locker.key)), ...recognisedLockerCode.map((code) => code.key)]))
  .describe("The recognised locker, by the registry's key.");

/** data.unavailable: the reason for each field that could not be obtained, keyed like meta.provenance. */
export function unavailableOf<const Field extends string>(fields: Record<Field, string>) {
  return z
    .object(Object.fromEntries(Object.entries(fields).map(([field, when]) => [field, z.string().optional().describe(`Why ${field} could not be obtained; present only when it could not (${when}).`)])) as Record<Field, z.ZodOptional<z.ZodString>>)
    .describe("For each field that could not be obtained (labelled unavailable in meta.provenance, or null in data), the reason in plain words. A field absent here was obtained.");
}

/**
 * meta.provenance with the fields every answer labels required and the rest optional, so a
 * client knows which labels it can count on.
 */
export function provenanceWith<const Always extends string, const Sometimes extends string>(always: readonly Always[], sometimes: Record<Sometimes, string>) {
  return z
    .object({
      ...(Object.fromEntries(always.map((field) => [field, provenanceOut])) as Record<Always, typeof provenanceOut>),
      ...(Object.fromEntries(Object.entries(sometimes).map(([field, when]) => [field, provenanceOut.optional().describe(`Present ${when}. ${provenanceOut.description}`)])) as Record<Sometimes, z.ZodOptional<typeof provenanceOut>>),
    })
    .describe("Where each field of data comes from: exactly one label per field (dotted names label a part of a field).");
}
