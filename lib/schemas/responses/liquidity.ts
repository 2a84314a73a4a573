// POST /v1/api/intel/liquidity — token identity, a market snapshot and LP custody
// (lib/intel/endpoints/intel/liquidity/*, the market reads in lib/intel/reads/market/*). `metadata`, `locks` and `full`
// add pool metadata and lock proof; meta.read repeats the plan that ran.
import { z } from "zod";
import { usdOut, usdPriceOut } from "../vocabulary";
import { addressOut, amountOut, blockOut, bpsOut, chainDataSourceOut, decimalOut, defineResponse, integerStringOut, isoTimeOut, provenanceWith, tokenOut, txHashOut, unavailableOf, scanEndOut } from "./common";
import { dexKindOut, lockerKeyOut, quoteKindOut, teamRelationOut, venueFields } from "./onchain-parts";

const lpAmount = (what: string) => amountOut.describe(`${what}, in LP tokens (18 decimals).`);
const lpShare = (what: string) => bpsOut.nullable().describe(`${what}, in basis points of LP supply (rounded down); null when the LP supply could not be read.`);

/** A pool's swap fee as answers state it; each venue module says which form its pools take. */
export const poolFeeOut = z
  .discriminatedUnion("source", [
    z.object({
      tier: z.number().int().nullable().describe("The pool's fee in hundredths of a basis point (3000 = 0.30 %), from its key (V3 fee tier, Slipstream tick spacing, V4 pool key); null when the pool sets it dynamically (a V4 hook) or did not answer it."),
      bps: z.number().nullable().describe("The fee in basis points (tier / 100; may be fractional); null with tier."),
      source: z.literal("pool").describe("pool: the pool's own fee (concentrated-liquidity pools)."),
    }),
    z.object({
      tier: z.null().describe("Null: V2-style pools have no fee tier."),
      bps: z.number().describe("The swap fee in basis points, as the network registry gives it for this DEX."),
      source: z.literal("registry").describe("registry: the DEX's fee from the network registry (Uniswap V2 style pools have one fixed fee)."),
    }),
    z.object({
      tier: z.null().describe("Null: Solidly pools have no fee tier."),
      bps: z.null().describe("Null: Solidly pools set their fee per pool, and this version does not read it."),
      stable: z.boolean().nullable().describe("The pool's curve: true for the stable curve, false for the volatile one."),
      source: z.literal("unavailable").describe("unavailable: the fee is not read for this kind of pool."),
    }),
  ])
  .describe("The pool's swap fee and where the figure comes from (discriminated by source).");

const depthAmounts = {
  token: amountOut.describe("The token's side."),
  quote: amountOut.describe("The quote asset's side."),
  usd: usdOut.nullable().describe("Both sides in dollars at the pool's mid price (an interpretation); null when the quote asset has no dollar price."),
};

const concentratedDepth = z
  .object({
    tick: z.number().int().describe("The pool's current tick (slot0)."),
    active_liquidity: integerStringOut.describe("The liquidity active at the current price (liquidity(); for V4, StateView's getLiquidity)."),
    band_bps: z.number().int().describe("The in-range band: this many basis points either side of the current price (200 = ±2 %)."),
    in_range: z
      .object(depthAmounts)
      .nullable()
      .describe("What the pool's liquidity holds within the band: the token above the price, the quote " +
        "asset below it, found by walking the pool's ticks (each crossed tick's net liquidity), so " +
        "liquidity parked far from the price does not count; what a trade moving the price that far can " +
        "draw on. Null when the ticks did not answer."),
    total: z
      .object({
        ...depthAmounts,
        source: z.enum(["pool_balances", "positions"]).describe("pool_balances: the pool contract's token balances (V3 style, Slipstream). positions: every range the PoolManager's ModifyLiquidity history shows for the pool, valued at the current price (Uniswap V4)."),
      })
      .nullable()
      .describe("Everything the pool's positions hold, in range or not; null when it cannot be formed (see total_gap)."),
    total_gap: z.string().nullable().describe("Why total is null (a V4 pool older than the history read); null when total is given."),
  })
  .nullable()
  .describe("A concentrated-liquidity pool's depth, in range and in total (V3 style, Slipstream, Uniswap V4); null for V2-style pools and when the pool's state did not answer.");

const poolMetadata = z
  .object({
    factory: addressOut.describe("The contract that created the pool: the DEX factory, or for a Uniswap V4 pool the PoolManager."),
    router: addressOut.describe("The DEX's router in the registry."),
    token0: addressOut.nullable().describe("The pool's token0(); null when it did not answer."),
    fee: poolFeeOut,
    creation: z
      .object({ block: blockOut.describe("The block the pool was created in."), transaction: txHashOut.describe("The creation transaction.") })
      .nullable()
      .describe("The factory's PairCreated/PoolCreated event for this pool; null when it is older than the searched window."),
    creation_searched: z
      .object({ from_block: blockOut.describe("The first block searched."), to_block: blockOut.describe("The last block searched: the read block.") })
      .describe("The blocks searched for the creation event."),
  })
  .optional()
  .describe("Pool metadata; present only when metadata (or full) was asked for.");

const pool = z
  .object({
    address: addressOut.describe("The pool; for a Uniswap V4 pool, the PoolManager holding it (its id is in v4)."),
    ...venueFields,
    kind: dexKindOut,
    quote: z
      .object({
        address: addressOut.describe("The quote asset's contract."),
        symbol: z.string().describe("Its symbol in the registry."),
        decimals: z.number().int().describe("Its decimals in the registry."),
        kind: quoteKindOut,
      })
      .describe("The asset the token is paired with."),
    reserves: z
      .object({
        token: amountOut.describe("The token's side of the pool."),
        quote: amountOut.describe("The quote asset's side of the pool."),
        source: z
          .enum(["getReserves", "pool_balances", "in_range_liquidity"])
          .describe("getReserves: the pool's reserves (V2 style). pool_balances: what the pool contract " +
            "holds of each token, across all price ranges (V3, Slipstream). in_range_liquidity: the " +
            "virtual amounts of the liquidity active at the current price (L/√P and L·√P, as if it spanned " +
            "every price; Uniswap V4, whose PoolManager holds every pool's tokens together); depth gives " +
            "the real amounts in range and in total."),
      })
      .nullable()
      .describe("What the pool holds at the block; null when it could not be read."),
    price: z
      .object({
        quote_per_token: decimalOut.describe("Whole quote units per whole token at the pool's mid price (18 fractional digits)."),
        quote_base_units_per_token: integerStringOut.describe("Quote base units per whole token at the mid price, rounded down."),
        usd_per_token: usdPriceOut.nullable().describe("Dollars per whole token (an interpretation: stablecoins at one dollar); null when the quote asset has no dollar price."),
      })
      .nullable()
      .describe("The token's mid price in this pool; null when the pool is empty, unread, or the token's decimals are unknown."),
    liquidity_usd: usdOut.nullable().describe("Twice the quote side in dollars (an interpretation); null when the quote asset has no dollar price or the reserves are unread."),
    lp_total_supply: amountOut.nullable().describe("The LP token's totalSupply() (V2 style, 18 decimals); null for V3 pools (positions are NFTs) or when unread."),
    tick_spacing: z.number().int().nullable().describe("The pool's tick spacing (concentrated-liquidity pools: V3 style, Slipstream, Uniswap V4); null for V2-style pools or when unread."),
    depth: concentratedDepth,
    v4: z
      .object({
        pool_id: z.string().regex(/^0x[0-9a-f]{64}$/).describe("The pool's id in the PoolManager: keccak256 of its key."),
        currency0: addressOut.describe("The key's currency0 (the zero address for the native coin)."),
        currency1: addressOut.describe("The key's currency1."),
        hooks: addressOut.describe("The pool's hook contract; the zero address when it has none."),
      })
      .nullable()
      .describe("The Uniswap V4 pool key; null for other kinds."),
    metadata: poolMetadata,
  })
  .describe("One pool of the token.");

const market = z
  .object({
    pools: z.array(pool).describe("Every pool of the token against the wrapped native coin and the registry's stablecoins on every registry DEX; empty when none exists (see unavailable[\"market.pools\"])."),
    price: z
      .object({
        pool: addressOut.describe("The pool the price comes from: the deepest in dollars, else the one holding the most quote asset."),
        quote: z.object({ address: addressOut.describe("The quote asset."), symbol: z.string().describe("Its symbol.") }).describe("The asset the price is in."),
        quote_per_token: decimalOut.describe("Whole quote units per whole token (18 fractional digits)."),
        usd_per_token: usdPriceOut.nullable().describe("Dollars per whole token (an interpretation); null when the quote asset has no dollar price."),
      })
      .nullable()
      .describe("The token's price in its deepest pool; null when no pool prices it (see unavailable[\"market.price\"])."),
    native_usd: z
      .object({
        pool: addressOut.describe("The wrapped-native/stablecoin pool the price comes from (the deepest in stablecoin)."),
        stablecoin: z.string().describe("The stablecoin's symbol."),
        usd_per_native: usdPriceOut.describe("Dollars per native coin."),
        stablecoins_checked: z
          .object({
            status: z
              .enum(["checked", "single_stablecoin", "disagreement"])
              .describe("checked: three or more stablecoins held against their median, or two that agree " +
                "within the threshold. single_stablecoin: only one has a reference pool, so its peg is " +
                "taken, not checked. disagreement: two that differ past the threshold — which one is off " +
                "cannot be told, so the dollar figures rest on the deeper one unconfirmed."),
            threshold_bps: bpsOut.describe("How far from the others a stablecoin may sit before it is depegged, in basis points of a dollar (200: 2 %)."),
            stablecoins: z
              .array(
                z
                  .object({
                    symbol: z.string().describe("The stablecoin's symbol."),
                    address: addressOut.describe("Its contract."),
                    pool: addressOut.describe("Its deepest pool against the wrapped native coin, whose price is compared."),
                    deviation_bps: z.number().int().nullable().describe("How far its native price sits from the median's (from the other's, with two), in basis points; positive when it buys less of the native coin (worth less). null when there is nothing to compare with."),
                    depegged: z.boolean().nullable().describe("True past the threshold: dollar figures then value it by what it buys of the native coin, not at one dollar. null when it cannot be told (one stablecoin, or two that disagree)."),
                  })
                  .describe("One stablecoin's check."),
              )
              .describe("Every registry stablecoin with a reference pool."),
          })
          .describe("The stablecoins read against each other through the native coin: the dollar is what they agree it is."),
      })
      .nullable()
      .describe("The native coin's dollar price; null when the network has no wrapped-native/stablecoin V2-style pool."),
    liquidity_usd: usdOut.nullable().describe("The sum of the pools' liquidity_usd; null when no pool has a dollar figure."),
  })
  .describe("The market snapshot across the registry's DEXes.");

const holding = z
  .object({
    address: addressOut.describe("The holder."),
    amount: lpAmount("Its LP balance at the block"),
    share_bps: lpShare("Its share"),
  })
  .describe("An LP holder and its balance.");

const locker = holding
  .extend({
    key: lockerKeyOut,
    name: z.string().describe("The locker's name."),
    recognised_by: z.enum(["registry_address", "code_hash"]).describe("registry_address: the address is a locker in the network registry. code_hash: the contract runs a known locker's exact code."),
    locks: z
      .array(
        z
          .object({
            lock_id: integerStringOut.describe("The lock's id in the locker."),
            owner: addressOut.describe("Who can withdraw the LP when the lock ends."),
            amount: lpAmount("The LP locked"),
            unlock_date: isoTimeOut.describe("When the lock ends, ISO 8601 (UTC)."),
            withdrawn: z.boolean().describe("True when the LP was already taken out."),
            locked_at_read: z.boolean().nullable().describe("True when the lock is still running at the read block (not withdrawn, unlock time ahead); null when the block's time is unknown."),
            transaction: txHashOut.nullable().describe("The transaction that made the lock; null where the schedule is read from the locker's state (UNCX's lockers, PinkLock, Team.Finance), which keeps no transaction."),
            vesting: z
              .object({
                total: lpAmount("The LP the lock was made with"),
                tge_date: isoTimeOut.describe("When the first part unlocks (ISO 8601, UTC)."),
                tge_bps: z.number().int().describe("The part of the total that unlocks then, in basis points."),
                cycle_seconds: z.number().int().describe("How often a further part unlocks after that, in seconds."),
                cycle_bps: z.number().int().describe("The part of the total each cycle unlocks, in basis points."),
                unlocked: lpAmount("What the owner already took out"),
              })
              .optional()
              .describe("Present for a vesting lock (PinkLock): it unlocks in parts, so its vested part not yet taken counts as withdrawable and the rest as locked until the next cycle; amount is what it still holds and unlock_date when its last part unlocks."),
          })
          .describe("One lock, proven by the locker's own state at the block."),
      )
      .nullable()
      .describe("The locks holding this pool's LP; null when not read (see locks_note)."),
    locks_note: z.string().nullable().describe("Why locks is null or partial: lock proof was not asked for (set locks or full), this locker's schedule is not decoded in this version, or only the first locks were read; null when every lock was read."),
    earliest_unlock: isoTimeOut.nullable().optional().describe("Under locked: the earliest unlock time still ahead (ISO 8601, UTC); null when the schedule is not read."),
    withdrawable_since: isoTimeOut.optional().describe("Under withdrawable: since when its owners could take this LP out (the earliest passed unlock time)."),
  })
  .describe("A recognised locker holding LP; its amount is the part in this category (still locked, or withdrawable).");

const category = (what: string) => ({
  amount: lpAmount(`LP ${what}, in total`),
  share_bps: lpShare(`LP ${what}`),
});

const custody = z
  .object({
    pool: addressOut.describe("The V2-style pool."),
    ...venueFields,
    quote_symbol: z.string().describe("The symbol of the asset the token is paired with."),
    initial_liquidity_provider: addressOut.nullable().describe("Who received the pool's first LP mint; null when the history window does not reach back to it."),
    lp_total_supply: amountOut.nullable().describe("The LP token's totalSupply() at the block; null when unread."),
    burned: z
      .object({
        ...category("at burn addresses (zero and 0x…dEaD)"),
        holders: z.array(holding).describe("The burn addresses holding LP."),
        burn_transactions: z
          .array(
            z
              .object({
                transaction: txHashOut.describe("The transaction."),
                block: blockOut.describe("Its block."),
                from: addressOut.describe("Who sent the LP (the zero address for the pool's own MINIMUM_LIQUIDITY mint)."),
                to: addressOut.describe("The burn address."),
                amount: lpAmount("The LP burned"),
                kind: z.enum(["transfer", "minimum_liquidity"]).describe("transfer: LP sent to a burn address. minimum_liquidity: the pool's own minimum liquidity, minted to the zero address at creation."),
              })
              .describe("LP sent to a burn address."),
          )
          .describe("The burns found in the history window, oldest first."),
      })
      .describe("LP out of circulation."),
    locked: z
      .object({ ...category("in recognised lockers, still locked"), lockers: z.array(locker).describe("The recognised lockers holding LP still locked, largest first.") })
      .describe("LP in recognised lockers (registry addresses or known locker code) that is still locked at the block, or whose schedule is not decoded (then locks_note says so)."),
    withdrawable: z
      .object({ ...category("in recognised lockers whose locks have expired"), lockers: z.array(locker).describe("The lockers holding it, largest first, each with withdrawable_since.") })
      .optional()
      .describe("LP in lockers whose unlock time has passed: its owners can take it out now, so it is not secured. Present when the schedule was read."),
    team: z
      .object({
        ...category("held by team wallets"),
        holders: z
          .array(
            holding
              .extend({
                relations: z.array(teamRelationOut).describe("How the wallet is linked to the team."),
                is_contract: z.boolean().describe("Whether the wallet holds code."),
              })
              .describe("A team wallet holding LP."),
          )
          .describe("The team wallets holding LP, largest first."),
      })
      .describe("LP held by the deployer, the owner, a controller, or a first liquidity provider one of them is (team attribution is an interpretation): it can be pulled."),
    unverified_custody: z
      .object({
        ...category("in contracts that are not recognised lockers"),
        holders: z.array(holding).describe("Those contracts, largest first."),
        note: z.string().describe("How to read unverified custody."),
      })
      .describe("LP in contracts whose terms are unverified; never a reading of unlocked."),
    other_holders: z
      .object({
        ...category("held by anyone else"),
        identified: z.array(holding).describe("Other wallets holding LP, largest first."),
        unidentified: lpAmount("LP supply not accounted for by the holders read (holders outside the history window or beyond the balance cap)"),
      })
      .describe("LP held by other wallets, and the remainder not attributed."),
    liquidity_removals: z
      .array(
        z
          .object({
            transaction: txHashOut.describe("The transaction."),
            block: blockOut.describe("Its block."),
            by: addressOut.nullable().describe("Who sent the LP in to redeem; null when it cannot be told from the transaction's logs."),
            by_team: z.array(teamRelationOut).nullable().describe("How the remover is linked to the team; null when it is not (or unknown)."),
            lp_amount: amountOut.nullable().describe("The LP redeemed; null when it cannot be told from the logs."),
            token_amount: amountOut.nullable().describe("The token taken out; null when the pool's token0 is unknown."),
            quote_amount: amountOut.nullable().describe("The quote asset taken out; null when the pool's token0 is unknown."),
          })
          .describe("A liquidity removal: LP redeemed for the pool's tokens."),
      )
      .describe("Liquidity removals in the history window, newest first."),
    history_window: z
      .object({
        from_block: blockOut.describe("The first block of LP history read."),
        to_block: blockOut.describe("The last block read: the read block."),
        truncated: z.boolean().describe("True when the LP history was cut short (too many logs); the lists may miss older entries, balances are still read at the block."),
        end: scanEndOut,
        holders_capped: z.boolean().describe("True when more holders appeared than balances are read; the remainder counts as unidentified."),
      })
      .describe("The LP transfer history behind the lists."),
  })
  .describe("Who holds one V2-style pool's LP, and on what terms. Shares are basis points of LP supply, rounded down.");

const position = z
  .object({
    token_id: integerStringOut.describe("The position NFT's token id in the venue's position manager."),
    owner: addressOut.describe("Who holds the position NFT at the block."),
    liquidity: integerStringOut.describe("The position's liquidity at the block (the pool's own unit)."),
    tick_lower: z.number().int().describe("The lower tick of the position's price range."),
    tick_upper: z.number().int().describe("The upper tick of the position's price range."),
    share_bps: bpsOut.nullable().describe("Its share of what every position found holds, valued at the pool's current price, in basis points (rounded down): liquidity units of different ranges are not comparable, their holdings are. Null when the pool has no price or the positions hold nothing."),
    opened: txHashOut.describe("The transaction that opened the position (in the history window)."),
  })
  .describe("One liquidity position, held as an NFT.");

const positionCategory = (what: string) => z.array(position).describe(`Positions ${what}.`);

const positionLock = z
  .object({
    lock_id: integerStringOut.describe("The lock's id in the locker."),
    owner: addressOut.describe("Who can take the NFT back when the lock ends."),
    unlock_date: isoTimeOut.nullable().describe("When the lock ends, ISO 8601 (UTC); null for an eternal lock."),
    eternal: z.boolean().describe("True for a lock that never ends (UNCX's eternal lock: the position can be migrated, never withdrawn)."),
  })
  .describe("The lock the locker holds the NFT under, read from its state (UNCX V3: getLock).");

const lockedPosition = position.extend({
  locker: z.object({ key: z.string().describe("The locker's registry key."), name: z.string().describe("Its name.") }).describe("The recognised locker holding the NFT."),
  lock: positionLock.nullable().describe("The NFT's lock; null when it was not read (lock_note says why): then the position counts as locked, with no unlock date."),
  lock_note: z.string().nullable().describe("Why the lock was not read (a locker whose schedule is not decoded, the NFT's lock not among the locks searched); null when it was."),
});

const positionCustody = z
  .object({
    pool: addressOut.describe("The pool; for a Uniswap V4 pool, the PoolManager holding it."),
    pool_id: z.string().regex(/^0x[0-9a-f]{64}$/).nullable().describe("The Uniswap V4 pool's id; null for a V3-style pool."),
    ...venueFields,
    position_manager: addressOut.describe("The NFT contract that holds the pool's liquidity for its owners."),
    liquidity: integerStringOut.describe("The liquidity of every position found, at the block."),
    burned: positionCategory("whose NFT sits at a burn address"),
    locked: z.array(lockedPosition).describe("Positions whose NFT a recognised locker holds under a lock still running at the read block (or a lock not read)."),
    withdrawable: z
      .array(lockedPosition.extend({ lock: positionLock }))
      .describe("Positions whose NFT a recognised locker holds under a lock whose date has passed: its owner can take the NFT back now (since lock.unlock_date). Not counted as locked."),
    team: z
      .array(position.extend({ relations: z.array(teamRelationOut).describe("How the owner is linked to the token's team.") }))
      .describe("Positions the deployer or the owner holds (interpretation)."),
    unverified_custody: positionCategory("held by a contract that is not a recognised locker (its terms unread, never read as unlocked; interpretation)"),
    other_holders: positionCategory("held by other wallets"),
    history_window: z
      .object({
        from_block: blockOut.describe("The first block searched for positions being opened."),
        to_block: blockOut.describe("The last block searched: the read block."),
        truncated: z.boolean().describe("True when the window starts after the pool's history does: older positions are not seen."),
        end: scanEndOut,
      })
      .describe("The blocks searched for the positions."),
  })
  .describe("Who holds a concentrated-liquidity pool's positions (V3 style, Slipstream, V4): its liquidity is NFTs of the venue's position manager.");

export const liquidityResponse = defineResponse({
  data: z
    .object({
      token: tokenOut.extend({
        total_supply: amountOut.nullable().describe("totalSupply(); null when the contract did not answer it."),
      }).describe("The token, as read from its contract; each field null when the contract did not answer it (see unavailable[\"token.<field>\"])."),
      team_wallets: z
        .object({
          owner: addressOut.nullable().describe("owner() at the block; null when the contract has no owner() function."),
          owner_renounced: z.boolean().nullable().describe("True when the owner is the zero or a burn address; null when there is no owner()."),
          deployer: z
            .object({ address: addressOut.describe("The account that created the token contract."), transaction: txHashOut.describe("The creation transaction.") })
            .nullable()
            .describe("Who created the token, from the node (Ethereum, BNB Chain); null on Base and when the node does not say (see unavailable[\"team_wallets.deployer\"])."),
          controllers: z
            .array(addressOut)
            .nullable()
            .describe("The wallets the token's own code lets call its privileged functions besides the " +
              "owner (a minter, a pauser, an operator), read from its storage at the block or written into " +
              "its code, as intel/risk reads them; empty when the code lets no one else through. Null when " +
              "they could not be read: behind a proxy (its implementation's code is not read here) or when " +
              "the slots could not be read (unavailable[\"team_wallets.controllers\"] says why); LP is " +
              "then counted as team-held by the deployer and the owner only. Pools, the token itself and " +
              "registry contracts are never listed."),
        })
        .describe("The wallets linked to the token's team: the owner, the deployer and the controllers."),
      market,
      lp_custody: z.array(custody).describe("LP custody of every V2-style pool, in the order of market.pools; empty when there is none (see unavailable.lp_custody)."),
      position_custody: z
        .array(positionCustody)
        .describe("Position custody of every concentrated-liquidity pool (V3 style, Slipstream, V4), in the order of market.pools; empty when there is none."),
      limitations: z.array(z.string()).describe("What this read cannot see, in plain words (the history window, recognised lockers only, stablecoins at one dollar, V3 positions, Base's deployer)."),
      unavailable: unavailableOf({
        "token.name": "the contract did not answer name()",
        "token.symbol": "the contract did not answer symbol()",
        "token.decimals": "the contract did not answer decimals()",
        "token.total_supply": "the contract did not answer totalSupply()",
        "team_wallets.owner": "no owner() function",
        "team_wallets.deployer": "Base without an explorer source, or a node that does not say",
        "market.pools": "no pool on the registry's DEXes",
        "market.price": "no pool prices the token",
        "market.usd": "no dollar figure can be formed",
        lp_custody: "no V2-style pool (a concentrated-liquidity pool's holders are under position_custody)",
        "lp_custody.locks": "a locker's schedule is not decoded",
      }),
    })
    .describe("Token identity, the market snapshot and LP custody, read at one block."),
  meta: z.object({
    provenance: provenanceWith(["token", "team_wallets.owner", "team_wallets.deployer", "market.pools", "market.price", "market.usd", "lp_custody", "position_custody", "limitations"], {
      "market.pools.metadata": "when metadata (or full) was asked for",
      "market.pools.depth": "when a concentrated-liquidity pool was read",
      "position_custody.team": "when a concentrated-liquidity pool's positions were read",
      "position_custody.unverified_custody": "when a concentrated-liquidity pool's positions were read",
      "lp_custody.team": "when a V2-style pool's custody was read",
      "lp_custody.unverified_custody": "when a V2-style pool's custody was read",
      "lp_custody.locks": "when locks (or full) was asked for and a V2-style pool's custody was read",
    }),
    chain_data_source: chainDataSourceOut,
    read: z
      .object({
        metadata: z.boolean().describe("Whether pool metadata was read (metadata or full)."),
        locks: z.boolean().describe("Whether lock proof was read (locks or full)."),
        full: z.boolean().describe("Whether the fullest read ran."),
        lookback_blocks: z.number().int().positive().describe("Blocks of LP and position history read: 14 days, or 140 days with full, at the network's block interval (on Ethereum about 100,800 and 1,008,000; the limitations say the interval used)."),
        list_limit: z.number().int().positive().describe("Most entries per list (holders per category, burn transactions, removals): 10, or 100 with full."),
      })
      .describe("The read plan that ran, from the request's booleans."),
  }),
});
