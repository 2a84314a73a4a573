// Parts of the chain answers' schemas that come from the network registry or describe control:
// networks, DEX and locker names, who holds control and how a wallet relates to a team.
import { z } from "zod";
import { CHAIN_IDS, networks, recognisedLockerCode, type DexKind } from "@/lib/chain/networks";

/** The kinds of account that can hold control of a contract. */
export const holderKindOut = z
  .enum(["eoa", "safe", "timelock", "contract"])
  .describe("eoa: an externally owned account (no code). safe: a Safe multisig (answers getOwners and getThreshold). timelock: a timelock (OpenZeppelin's TimelockController answers getMinDelay(); Compound's Timelock answers delay() beside GRACE_PERIOD()). contract: any other contract.");

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
      .object({ min_delay_seconds: z.number().int().nonnegative().describe("getMinDelay() (or Compound's delay()): the least time, in seconds, between scheduling an operation and executing it.") })
      .describe("The timelock's delay, read at the block."),
  }),
  z.object({
    address: holderAddress,
    is_contract: z.literal(true).describe("True: the account has code at the read block."),
    kind: z.literal("contract").describe("contract: a contract that is neither a Safe nor a timelock."),
  }),
] as const;

export const holderOut = z.discriminatedUnion("kind", [...holderVariants]).describe("An account holding control, and what kind of account it is (discriminated by kind).");

/**
 * Relations that say how a wallet came by the token or its LP, which anyone can (a market maker
 * seeding the pool, a wallet the deployer paid): context beside a relation of deployment,
 * ownership or control, never the team on their own, in any answer.
 */
export const contextRelations = ["initial_liquidity_provider", "launch_mint_recipient", "received_from_team"] as const;

const teamRelationNotes = {
  deployer: "deployer: created the token contract.",
  owner: "owner: the token's owner() at the block.",
  controller: "controller: an address the token's own code compares the caller with, read from its storage at the block or written into its code (a minter, a pauser, an operator: it can call the token's privileged functions); read from the token's own code, not an implementation behind a proxy.",
  initial_liquidity_provider: "initial_liquidity_provider: received the pool's first LP mint.",
  launch_mint_recipient: "launch_mint_recipient: received the token's launch mint.",
  received_from_team: "received_from_team: received the token straight from one of those wallets (one step).",
} as const;
/**
 * How a wallet is linked to a token's team: one vocabulary for intel/risk and intel/liquidity,
 * which both read the token's code for its controllers. The last three say how a
 * wallet came by the token or its LP, which anyone can: they are listed only beside one of the first three.
 */
export const teamRelationOut = z
  .enum(["deployer", "owner", "controller", ...contextRelations])
  .describe(
    [
      ...Object.values(teamRelationNotes),
      "The last three are context, listed only beside one of the first three (deployment, ownership, control): a wallet linked by them alone is not the team.",
    ].join(" "),
  );

const unique = <T extends string>(values: T[]) => [...new Set(values)] as [T, ...T[]];

/** Every DEX the network registry knows, by key. */
export const dexKeyOut = z
  .enum(unique(Object.values(networks).flatMap((network) => network.dexes.map((dex) => dex.key))))
  .describe("The venue (DEX), by the registry's key: the same id in every answer, with its display name beside it as dex_name.")
  .meta({ id: "DexKey" });

/** What each venue kind of the registry's Dex union means to a reader: a kind without its line does not compile. */
const dexKindMeanings = {
  "uniswap-v2": "constant-product pairs with a fungible LP token.",
  "uniswap-v3": "concentrated liquidity (positions are NFTs; PancakeSwap V3 too).",
  "solidly-v2": "Solidly-style pools (Aerodrome) with stable and volatile curves and a fungible LP token.",
  slipstream: "Aerodrome's concentrated-liquidity pools, found by tick spacing.",
  "uniswap-v4": "a pool inside the Uniswap V4 PoolManager, named by its id, possibly with a hook contract.",
} satisfies Record<DexKind, string>;

/** How a venue's pools work. */
export const dexKindOut = z
  .enum(Object.keys(dexKindMeanings) as [DexKind, ...DexKind[]])
  .describe(Object.entries(dexKindMeanings).map(([kind, meaning]) => `${kind}: ${meaning}`).join(" "));

/** What kind of asset a pool prices the token in. */
export const quoteKindOut = z
  .enum(["native", "wrapped_native", "stablecoin", "other"])
  .describe("native: the network's coin itself (Uniswap V4 pools, as the zero address). wrapped_native: " +
    "its wrapped token. stablecoin: a registry stablecoin (taken at one dollar). other: a further registry " +
    "quote asset (e.g. WBTC, cbBTC, BTCB), valued in dollars through its pool against the wrapped native " +
    "coin.");

/** Every recognised locker, by key: registry lockers and lockers recognised by their code. */
export const lockerKeyOut = z
  .enum(unique([...Object.values(networks).flatMap((network) => network.lockers.map((locker) => locker.key)), ...recognisedLockerCode.map((code) => code.key)]))
  .describe("The recognised locker, by the registry's key.");

/** One of the three served networks. */
export const chainIdOut = z.enum(CHAIN_IDS).describe("Network: eth (Ethereum), base (Base) or bsc (BNB Chain).");

/** The names of every venue the network registry knows, on any network. */
const venueNames = unique(CHAIN_IDS.flatMap((chain) => networks[chain].dexes.map((dex) => dex.name)));

/** A venue's display name, always beside its key (dex). */
export const dexNameOut = z.enum(venueNames).describe(`The venue's display name, beside its key in dex: ${venueNames.join(", ")}.`).meta({ id: "DexName" });

/** Every venue in every answer: its key, and its display name beside it. */
export const venueFields = {
  dex: dexKeyOut.describe("The venue, by the registry's key; its display name is in dex_name."),
  dex_name: dexNameOut.describe("The venue's display name."),
};
