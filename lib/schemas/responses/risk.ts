// POST /v1/api/intel/risk — risk signals for a token (lib/intel/endpoints/intel/risk). Each signal's
// evidence has its own shape, so a signal is a union discriminated by its id.
import { z } from "zod";
import { addressOut, amountOut, bytes32Out, blockOut, txHashOut, isoTimeOut, bpsOut, chainDataSourceOut, defineResponse, hexOut, integerStringOut, provenanceOut, provenanceWith, tokenOut, unavailableOf, scanEndOut } from "./common";
import { holderKindOut, quoteKindOut, teamRelationOut, venueFields } from "./onchain-parts";

// Ids are listed in the order they were added, so a client's enum only ever grows at its end.
const firstPowerIds = ["power_mint", "power_pause", "power_blacklist", "power_fees", "power_limits", "power_trading_switch", "power_exemptions"] as const;
const powerIds = [...firstPowerIds, "power_balance_edit"] as const;

/** Every signal id the read can give; `flags` lists the ids of the signals that are red flags. */
export const riskSignalIds = [
  "simulation_unavailable",
  "buy_reverts",
  "honeypot",
  "sell_simulated",
  "buy_tax",
  "sell_tax",
  ...firstPowerIds,
  "ownership",
  "upgradeable",
  "lp_custody",
  "holder_concentration",
  "v4_hook",
  "sell_refused_by_venue",
  "transfer_blocked",
  "transfer_tax",
  "trade_limits",
  "ownership_reclaimable",
  "bridged_token",
  "power_balance_edit",
  "hidden_owner",
  "privileged_addresses",
  "delegatecall_to_settable",
  "self_destruct",
  "holder_sells",
  "siphoned_balances",
  "rebasing",
  "hidden_balance",
  "privileged_functions",
  "outside_gate",
] as const;

const signalIdsDescription =
  "simulation_unavailable: the buy and sell could not be simulated, the read falls back to code and state. " +
    "buy_reverts: buying through the pool reverts. honeypot: a holder who bought cannot sell. " +
    "sell_simulated: a buy and a sell both went through. buy_tax, sell_tax: tokens lost on the buy or the " +
    "sell. power_mint, power_pause, power_blacklist, power_fees, power_limits, power_trading_switch, " +
    "power_exemptions: an owner power found in the code. ownership: who owns the token. upgradeable: the " +
    "token is a proxy. lp_custody: how much of the main pool's liquidity (LP tokens or position NFTs) is " +
    "burned, locked or team-held. holder_concentration: the share of supply the largest holders have. " +
    "v4_hook: a Uniswap V4 pool of the token runs a hook contract, with what its address permits it to do. " +
    "sell_refused_by_venue: the sell reverts because the token takes a fee on transfer and the pool's " +
    "venue refuses to be paid short (V3 style, Slipstream, V4) — holders cannot sell through this pool, " +
    "but the token holds no trap. transfer_blocked: an ordinary wallet-to-wallet transfer of bought tokens " +
    "reverts. transfer_tax: such a transfer arrives short. trade_limits: the token's max-transaction or " +
    "max-wallet limit, with its value (a flag below 1 % of the supply). ownership_reclaimable: ownership " +
    "reads as renounced, but the code's lock/unlock pattern can give it back to the previous owner, so the " +
    "owner powers stay flagged. bridged_token: the chain's standard bridge mints and burns the token (its " +
    "mint power is the bridge's, not an owner's). power_balance_edit: the code can take or burn a holder's " +
    "tokens without the holder (an admin burn, a forced transfer, USDT's destroyBlackFunds). Every power_* " +
    "is proven by effect (proven_by simulation: a privileged function run as its holder changed what " +
    "holders can do, with the holder named) or read by a catalogued name (proven_by name_only). " +
    "hidden_owner: ownership reads as renounced (or there is no owner() and something such an address " +
    "guards went unproven), but the code compares msg.sender with another address it keeps in storage, so " +
    "the powers stay flagged. privileged_addresses: besides the owner (or, with no owner(), where every " +
    "function they guard was run as them and came out proven or inert), the code lets more stored " +
    "addresses through its msg.sender checks (context). delegatecall_to_settable: the code delegatecalls " +
    "an address kept in storage, so whoever can change it can run any code as the token. self_destruct: " +
    "SELFDESTRUCT can be reached (since EIP-6780 it deletes no deployed contract; context). holder_sells: " +
    "the largest real holders' own sells, simulated from their addresses: a flag when any of them cannot " +
    "sell what it holds (a blacklist or a selective honeypot a fresh address passes), context when all " +
    "can. siphoned_balances: holders that never sent the token hold less than their Transfers brought them " +
    "(scaled by every rebase since), over its whole Transfer history: tokens left them with no Transfer " +
    "log (a flag; medium when every holder compared is short alike and the supply did not fall with them). " +
    "rebasing: balances scale with the supply without Transfer logs (an elastic supply: context, with who " +
    "can rebase and the last rebase's size). hidden_balance: an address holds more than its Transfers " +
    "explain, above all more than the whole supply (a flag: tokens no Transfer brought, ready to be sold). " +
    "privileged_functions: every function only privileged addresses can call, with what running it as its " +
    "holder showed (context). outside_gate: every transfer calls an outside contract at a stored address a " +
    "privileged address can re-point. For a token the network registry lists as a quote asset (wrapped " +
    "native coin, stablecoins, wrapped majors) the powers in its code are its issuer's and read as " +
    "context, and a pool of two quote assets is context in lp_custody.";

const revert = z
  .object({
    data: hexOut.describe("The revert data the call returned (0x when it gave none)."),
    reason: z.string().nullable().describe("The revert's own words (Error(string)) or the custom error's name when it can be decoded; null otherwise."),
  })
  .describe("Why the call reverted.");

const simulationMode = z
  .enum(["separate_blocks", "same_call"])
  .describe(
    "separate_blocks: the buy ran in the block after the read block and the transfer and sell in the one " +
      "after (eth_simulateV1), as a holder's would. same_call: the node does not offer eth_simulateV1, so " +
      "all ran in one eth_call, in one block: a token that refuses sells in the block of the buy (an " +
      "anti-bot rule) then reads as a honeypot.",
  );

const storedAddressOut = z
  .object({
    address: addressOut.describe("The address stored at the block (the zero address when none is set)."),
    slot: integerStringOut.describe("The storage slot that keeps it, as a decimal string."),
    shift_bits: z.number().int().min(0).max(248).describe("Where in the slot the address starts, in bits from the low end (0 unless packed after other values)."),
    functions: z
      .array(
        z
          .object({
            selector: z.string().regex(/^0x[0-9a-f]{8}$/).nullable().describe("The 4-byte selector the dispatcher matched on the way to the check; null for a path no selector matched (the fallback or receive)."),
            signature: z.string().nullable().describe("The function's signature where this read knows it (the power catalogue, ownership and upgrade functions); null otherwise."),
          })
          .describe("A function on whose path the address is used."),
      )
      .describe("The functions in which the code uses this address."),
  })
  .describe("An address the code keeps in storage, with where.");

/** Where a simulated trade ran; part of the evidence of every simulation signal. */
const tradeVenue = {
  pool: addressOut.describe("The pool traded through: the token's deepest pool in dollars, on any registry " +
    "venue, against the native coin, its wrapped token, or another registry quote asset the native coin " +
    "can buy in its pool against the wrapped native coin (simulation.quote says which and where); for a " +
    "Uniswap V4 pool, the PoolManager holding it."),
  router: addressOut.describe("The contract the trade went through: the registry's V2 router, or the pool itself (V3 style, Aerodrome) or the V4 PoolManager, traded straight as routers do."),
  ...venueFields,
  v4_pool_id: z.string().regex(/^0x[0-9a-f]{64}$/).optional().describe("The Uniswap V4 pool's id; present only for a V4 pool."),
  simulated_as: addressOut.describe("The address the simulator ran at: fresh for every block and token, with no code or keys on any network, so a token cannot let it through."),
  simulated_from: addressOut.describe("The ordinary account that called the simulator (the transaction's origin): fresh like simulated_as, never the zero address."),
  simulation_mode: simulationMode,
};

const nativeUnits = (what: string) => amountOut.describe(`${what}, in the native coin (raw in wei).`);
const tokenUnits = (what: string) => amountOut.describe(`${what}, in the token.`);

function signal<const Id extends readonly [string, ...string[]], Evidence extends z.ZodType>(ids: Id, evidence: Evidence, about: string) {
  return z
    .object({
      id: z.enum(ids).describe(`The signal (${ids.join(", ")}): ${about}`),
      severity: z.enum(["high", "medium", "low", "info"]).describe("How much the signal weighs: high, medium, low, or info (context, not a risk alone)."),
      flag: z.boolean().describe("True for a red flag; false for context (a clean check, or a fact that is not a risk alone). data.flags lists the ids of the red flags."),
      title: z.string().describe("The signal in one plain sentence."),
      evidence: evidence.describe(`What the signal rests on: ${about}`),
      provenance: provenanceOut,
    })
    .describe(about);
}

const selectorOut = z.string().regex(/^0x[0-9a-f]{8}$/);

const powerHolderOut = z
  .object({
    address: addressOut.nullable().describe("The holder's address as stored at the block (or as written in the code); null for a mapping's members, which storage cannot list."),
    kind: z
      .enum(["owner", "stored_address", "code_constant", "mapping_member"])
      .describe("owner: the address owner() (or getOwner()) answers, kept in the slot the code checks. " +
        "stored_address: another address kept in a slot the code compares msg.sender with (a minter, a " +
        "policy address, a slot with no getter). code_constant: an address written into the code itself (a " +
        "constant, or an immutable set at deployment such as a bridged token's BRIDGE) that the code " +
        "compares msg.sender with; no call can change it. mapping_member: any address a mapping keyed by " +
        "msg.sender lets through (a minter or operator table)."),
    slot: integerStringOut.nullable().describe("The storage slot the code checks msg.sender against (for a mapping, the mapping's own slot), as a decimal string; null for a code_constant, which no slot keeps."),
    shift_bits: z.number().int().min(0).max(248).describe("Where in the slot the address starts, in bits from the low end (0 for a code_constant)."),
    live: z.boolean().nullable().describe("False when the stored (or written) address is the zero or a burn address (no one can call the function); null for a mapping's members."),
    nested_in: z
      .object({
        slot: integerStringOut.describe("The outer mapping's slot (AccessControl's role table), as a decimal string."),
        key: bytes32Out.describe("The key whose entry the member mapping is: the role id."),
      })
      .optional()
      .describe("mapping_member only, when the member mapping is itself the entry of another mapping for a fixed key, as AccessControl keeps a role's members (`_roles[role].members`): the outer slot and the role id."),
    added_by: z
      .object({
        transaction: txHashOut.describe("The transaction of the first of the token's logs that named the member (the one that added it, where the window reaches back to it)."),
        block: blockOut.describe("Its block."),
        event: z
          .object({
            topic: bytes32Out.describe("The log's topic0: the event's selector."),
            signature: z.string().nullable().describe("The catalogued event signature (MinterConfigured(address,uint256), RoleGranted(bytes32,address,address) ...); null when the catalogue does not know it."),
          })
          .describe("The event."),
      })
      .optional()
      .describe("mapping_member with an address only: a member named from the token's own logs (an address in an indexed topic or a data word) whose entry in the mapping is non-zero at the block, and the log that first named it."),
    members_read: z
      .object({
        from_block: z.number().int().nonnegative().describe("The first block of the token's logs read (the holder window's)."),
        to_block: z.number().int().nonnegative().describe("The last block read."),
        candidates: z.number().int().nonnegative().describe("Addresses the logs named."),
        checked: z.number().int().nonnegative().describe("Of them, how many had their entry read (at most the bound, 64, over all the token's mappings)."),
      })
      .optional()
      .describe("mapping_member with address null only: where no member was named, or the bound left candidates unread, what was read for members; the entry then stands for members not named."),
    provenance: provenanceOut,
  })
  .describe("Who may call a privileged function, read from the storage (or the code) the code checks msg.sender against.");

const effectValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const powerEffectOut = z
  .object({
    kind: z.enum(["mint", "pause", "blacklist", "fees", "limits", "trading_switch", "exemptions", "balance_edit"]).nullable().describe("The power the change shows; null when nothing the simulation measures moved in a way that names one."),
    shape: z.string().describe("The argument types the call was made with, e.g. (address,bool): a common shape, or the argument words the function's code reads with the types its decoder checks (e.g. (bool,address,uint256,uint256))."),
    arguments: z.array(z.string()).describe("What was passed: target (the funded probe wallet), wallet " +
      "(another fresh wallet, in the second and later address words of a call that takes two or more), " +
      "amount (half its funding), rate (5, or the ladder's values), true, false, zero (a zero word); " +
      "[target] for an array."),
    changes: z
      .record(z.string(), z.object({ before: effectValue, after: effectValue }))
      .describe(
        "Each measurement that moved, before and after the call: total_supply, probe_holder_balance, " +
          "caller_balance (the holder's own), others_can_transfer, transfer_tax_bps, others_can_sell (a " +
          "transfer to the pool), sell_tax_bps, large_transfer_goes_through (nine tenths of a wallet's " +
          "balance), others_can_buy and buy_tax_bps (a buy from a Uniswap V2 style pool against the " +
          "wrapped native coin), probe_holder_can_send, probe_holder_transfer_tax_bps, " +
          "probe_holder_can_sell, probe_holder_sell_tax_bps, probe_holder_can_receive.",
      ),
    after: z
      .object({
        selector: selectorOut.describe("The function run first."),
        signature: z.string().nullable().describe("Its catalogued signature; null when unknown."),
        shape: z.string().describe("The argument types it was run with."),
        arguments: z.array(z.string()).describe("What was passed to it, named as for the call itself."),
      })
      .nullable()
      .describe("Null when the call was run on its own. A function that went through in no shape alone is " +
        "run once more right after the call that blacklisted the probe holder (a power that works only on " +
        "a blacklisted holder, as Tether's destroyBlackFunds); that call is named here, and the changes " +
        "are read against the state after it."),
    later_by_seconds: z
      .number()
      .int()
      .nullable()
      .describe("Null when the call was run at the block's time. A function whose code reads the clock and " +
        "went through in no shape then is run again with the block's time moved a year and a day ahead (an " +
        "eth_call block override, in the same round): a power held back until a date (UNI's mint, a year " +
        "after the last) is its holder's all the same, and this says how far ahead it went through."),
  })
  .describe("What one call, made as the holder, changed for the token's holders.");

const privilegedFunctionOut = z
  .object({
    selector: selectorOut.describe("The 4-byte selector the dispatcher matched on the way to the msg.sender check."),
    signature: z.string().nullable().describe("The catalogue's signature for the selector where one matches: a label, never the proof; null when the catalogue does not know it."),
    holders: z.array(powerHolderOut).describe("Who the code lets call it."),
    outcome: z
      .enum(["effect", "no_effect", "reverted", "not_run"])
      .describe("effect: run as its holder, it changed what a holder can do. no_effect: it went through and nothing measured moved. reverted: no argument shape went through. not_run: not simulated (the node cannot, the bound was reached, or no live address holds it)."),
    effect: powerEffectOut.nullable().describe("What the call changed; null when it did not go through or changed nothing measured."),
    highest_rate: z
      .object({
        accepted: z.number().int().describe("The highest value of the ladder 1, 2, 3, 5, 10 ... 5000, 10000 the setter accepted."),
        transfer_tax_bps: bpsOut.nullable().describe("The wallet-to-wallet tax at that value, in basis points; null when transfers then failed."),
        sell_tax_bps: bpsOut.nullable().describe("The tax on a transfer to the pool at that value, in basis points; null when there is no pool or it failed."),
        buy_tax_bps: bpsOut.nullable().describe("The tax on a buy from the pool at that value, in basis points; null when the pool is no Uniswap V2 style pair against the wrapped native coin, or the buy failed."),
      })
      .nullable()
      .describe("For a setter whose number changed a tax: how high it goes; null otherwise."),
    mint_cap: z
      .object({
        accepted_bps: bpsOut.describe("The largest share of the supply, of 1 %, 2 %, 5 %, 10 %, 25 % and 100 %, one call minted, in basis points of the supply at the block."),
        refused_bps: bpsOut.nullable().describe("The first share refused; null when none was, so nothing caps a call below the whole supply."),
        again_at_once: z.boolean().nullable().describe("Whether the largest share went through twice in a row (a cap per call only, which binds nothing); null when no share was refused."),
      })
      .nullable()
      .describe("For a function that minted: how much one call can mint. The mint is held to a share of the supply where a share was refused and the largest did not go through again at once; null for other functions."),
    revert: hexOut.nullable().describe("The revert data of the first shape that reverted with any, when none went through; null otherwise."),
  })
  .describe("A function only privileged addresses can call, run as its holder.");

const provenPowerEvidence = z.object({
  proven_by: z.literal("simulation").describe("simulation: the power was seen: a privileged function, run as its holder, changed what holders can do."),
  functions: z.array(privilegedFunctionOut).describe("The functions that showed this power."),
  holders: z.array(powerHolderOut).describe("Everyone who holds the power."),
  read_from: z.enum(["token_code", "implementation_code"]).describe("token_code: the token's own code. implementation_code: the code of the implementation behind the proxy."),
  owner: addressOut.nullable().describe("owner() (or getOwner()) at the block; null when the token answers neither."),
  owner_renounced: z.boolean().nullable().describe("True when the owner is the zero or a burn address; null when there is no owner."),
  note: z.string().describe("How the power was proven."),
});

const namedPowerEvidence = z.object({
  proven_by: z.literal("name_only").describe("name_only: a catalogued signature the code dispatches; no simulated call showed the power."),
  functions: z
    .array(
      z
        .object({
          signature: z.string().nullable().describe("The catalogued function signature, e.g. mint(address,uint256); null for a function a bridge holds that the catalogue does not name."),
          selector: selectorOut.describe("Its 4-byte selector, found pushed by the code's dispatcher."),
          outcome: z.enum(["effect", "no_effect", "reverted", "not_run"]).nullable().describe("What running it as its holder showed, where the walk found it privileged; null when it did not."),
          holders: z.array(powerHolderOut).describe("Who the code lets call it, where the walk found it privileged; empty otherwise."),
        })
        .describe("A catalogued function of this power found in the code."),
    )
    .optional()
    .describe("The catalogued functions of this power the code dispatches."),
  read_from: z.enum(["token_code", "implementation_code"]).describe("token_code: the token's own code. implementation_code: the code of the implementation behind the proxy."),
  owner: addressOut.nullable().describe("owner() (or getOwner()) at the block; null when the token answers neither."),
  owner_renounced: z.boolean().nullable().describe("True when the owner is the zero or a burn address (no one can call owner-gated functions); null when there is no owner."),
  note: z.string().describe("What this evidence does and does not prove."),
});

const powerFunctionsEvidence = z.discriminatedUnion("proven_by", [provenPowerEvidence, namedPowerEvidence]);

const upgradeEvidence = z
  .discriminatedUnion("standard", [
    z.object({
      standard: z.literal("eip1967_transparent").describe("eip1967_transparent: a transparent proxy; its admin upgrades it."),
      implementation: addressOut.nullable().describe("The EIP-1967 implementation slot."),
      proxy_admin: addressOut.nullable().describe("The EIP-1967 admin slot: who can upgrade."),
      proxy_admin_owner: addressOut.nullable().describe("owner() of the proxy admin (a ProxyAdmin contract); null when it has none."),
    }),
    z.object({
      standard: z.literal("eip1967_uups").describe("eip1967_uups: a UUPS proxy; the implementation upgrades itself."),
      implementation: addressOut.nullable().describe("The EIP-1967 implementation slot."),
      owner: addressOut.nullable().describe("The token's owner(), who (or a role holder) can ask for an upgrade; null when there is no owner()."),
      note: z.string().describe("How a UUPS token is upgraded."),
    }),
    z.object({
      standard: z
        .enum(["eip1967", "beacon", "eip1167_minimal"])
        .describe("eip1967: the implementation slot is set, with no admin and no UUPS answer. beacon: a beacon proxy. eip1167_minimal: a minimal clone whose logic is fixed (context, not a flag)."),
      implementation: addressOut.nullable().describe("The implementation slot or the clone target; null for a beacon proxy (the beacon names it)."),
      beacon: addressOut.nullable().describe("The EIP-1967 beacon slot; null unless a beacon proxy."),
    }),
    z.object({
      standard: z
        .enum(["zeppelinos", "eip897", "eip2535_diamond"])
        .describe("zeppelinos: the older unstructured-storage slots of ZeppelinOS's " +
          "AdminUpgradeabilityProxy (USDC's proxy); its admin upgrades it. eip897: the contract names its " +
          "implementation itself (implementation() with proxyType() 1 or 2). eip2535_diamond: a diamond; " +
          "its owner adds, replaces and removes facets (diamondCut)."),
      implementation: addressOut.nullable().describe("The logic contract (the legacy slot, or EIP-897's implementation()); null for a diamond."),
      proxy_admin: addressOut.nullable().describe("zeppelinos: the legacy admin slot, who can upgrade; null otherwise."),
      facets: z.array(addressOut).describe("eip2535_diamond: the facets its loupe lists (facetAddresses()); empty otherwise."),
      owner: addressOut.nullable().describe("eip2535_diamond: owner(), who can cut the diamond; null otherwise or when it has no owner()."),
    }),
  ])
  .describe("The proxy standard (an interpretation of the code, the EIP-1967 and older slots, and what the contract answers), the implementation, and who can upgrade.");

export const signalOut = z
  .discriminatedUnion("id", [
    signal(["simulation_unavailable"], z.object({ reason: z.string().describe("Why the simulation did not run (also in data.unavailable.simulation).") }), "The buy and sell could not be simulated; the signals come from code and state alone (the fallback)."),
    signal(
      ["buy_reverts"],
      z.object({ ...tradeVenue, native_in: nativeUnits("What the simulated buy spent"), revert: revert.describe("Why the buy reverted.") }),
      "Buying through the pool reverts.",
    ),
    signal(
      ["honeypot"],
      z.object({ ...tradeVenue, bought: tokenUnits("The tokens the simulated buy received"), sell_revert: revert.describe("Why selling them reverted.") }),
      "Honeypot: a holder who bought cannot sell.",
    ),
    signal(
      ["sell_simulated"],
      z.object({ ...tradeVenue, native_in: nativeUnits("What the simulated buy spent"), native_out: nativeUnits("What selling everything bought returned") }),
      "A buy and a sell through the pool both went through.",
    ),
    signal(
      ["buy_tax", "sell_tax"],
      z.object({
        ...tradeVenue,
        tax_bps: bpsOut.describe("The tax in basis points: (sent − arrived) / sent, rounded to the nearest."),
        sent: tokenUnits("Tokens sent on this leg (by the pool on a buy, by the seller on a sell)"),
        arrived: tokenUnits("Tokens that arrived (at the buyer on a buy, at the pool on a sell)"),
      }),
      "A buy or sell tax measured on the simulated trade; any tax is a flag, 10 % or more is high.",
    ),
    signal(powerIds, powerFunctionsEvidence, "An owner power: proven by running a privileged function as " +
      "its holder (proven_by simulation, with who holds it and what it changed), or read from a catalogued " +
      "name the code dispatches (proven_by name_only; context rather than a flag when ownership is " +
      "renounced)."),
    signal(
      ["ownership"],
      z.object({
        owner: addressOut.nullable().describe("owner() at the block; null when the token has no owner() function."),
        renounced: z.boolean().nullable().describe("True when the owner is the zero or a burn address; null when there is no owner()."),
        kind: holderKindOut.nullable().describe("What kind of account the live owner is, read at the block; null when there is no owner() or it is renounced."),
      }),
      "Who owns the token: no owner(), renounced, or held by an address (a wallet, a Safe, a timelock or another contract).",
    ),
    signal(["upgradeable"], upgradeEvidence, "The token is a proxy: upgradeable (high), or a minimal clone whose logic is fixed (info)."),
    signal(
      ["lp_custody"],
      z.object({
        pool: addressOut.describe("The main pool: the deepest pool in dollars whose custody was read, on any venue (for a Uniswap V4 pool, the PoolManager holding it)."),
        v4_pool_id: z.string().regex(/^0x[0-9a-f]{64}$/).optional().describe("The Uniswap V4 pool's id; present only for a V4 pool."),
        ...venueFields,
        basis: z
          .enum(["lp_supply", "position_value"])
          .describe("What the shares are of. lp_supply: the pool's fungible LP token supply (V2 style, " +
            "Aerodrome classic). position_value: what the position NFTs found in the history window hold " +
            "at the current price (V3 style, Slipstream, Uniswap V4), since liquidity units of different " +
            "price ranges are not comparable."),
        burned_bps: bpsOut.describe("Liquidity at burn addresses, in basis points of the basis (rounded down)."),
        locked_bps: bpsOut.describe("Liquidity in recognised lockers still locked at the block (or whose schedule is not decoded), in basis points of the basis (rounded down)."),
        earliest_unlock: isoTimeOut.nullable().optional().describe("The earliest unlock time still ahead among the locked liquidity; null when no schedule was read."),
        withdrawable_bps: bpsOut.optional().describe("Liquidity in lockers whose locks have expired — its owners can withdraw it now, so it is not secured — in basis points of the basis (rounded down)."),
        withdrawable_lockers: z
          .array(z.object({ address: addressOut.describe("The locker."), name: z.string().describe("Its name in the registry."), since: isoTimeOut.nullable().describe("Since when the LP could be withdrawn (the earliest passed unlock time).") }).describe("A locker holding expired locks."))
          .optional()
          .describe("The lockers holding withdrawable liquidity."),
        team_held_bps: bpsOut.describe("Liquidity held by wallets linked to the token (the deployer, the " +
          "owner, the wallets its launch minted to and those they sent the token to), in basis points of " +
          "the basis (rounded down). The pool's first liquidity provider counts only when one of those " +
          "links holds too."),
        unverified_custody_bps: bpsOut.describe("Liquidity in contracts that are not recognised lockers (terms unverified, not read as unlocked), in basis points of the basis (rounded down)."),
        lockers: z
          .array(z.object({ address: addressOut.describe("The locker."), name: z.string().describe("The locker's name in the registry.") }).describe("A recognised locker holding LP."))
          .describe("Recognised lockers holding this pool's LP."),
        team_holders: z
          .array(z.object({ address: addressOut.describe("The team wallet."), relations: z.array(teamRelationOut).describe("How the wallet is linked to the team.") }).describe("A team wallet holding LP."))
          .describe("Team wallets holding this pool's LP."),
        quote_pair: z.literal(true).optional().describe("Present (true) when the token itself is an established quote asset of the network, so the main pool pairs two quote assets: its custody is context, never a flag."),
      }),
      "How much of the main pool's LP is burned, locked or team-held; less than 80 % burned or locked is a flag, high when the team holds half or more.",
    ),
    signal(
      ["holder_concentration"],
      z.object({
        top_holder_bps: bpsOut.nullable().describe("The largest holder's share of total supply, in basis points; null when no holder with a balance was found."),
        top_ten_bps: bpsOut.nullable().describe("The ten largest holders' share of total supply, in basis points; null when no holder with a balance was found."),
        holders: z
          .array(
            z
              .object({
                address: addressOut.describe("The holder."),
                balance: tokenUnits("Its balance at the block"),
                share_bps: bpsOut.describe("Its share of total supply, in basis points."),
                team: z.array(z.enum(["deployer", "owner", "controller", "launch_mint_recipient", "received_from_team"])).describe("How the holder is linked to the team " +
                  "(deployer, owner, an address the token's code checks the caller against, a wallet the " +
                  "launch minted to, a wallet one of those sent the token to); empty when it is not."),
              })
              .describe("A holder ranked by balance."),
          )
          .describe("The ten largest holders, pools, burn addresses and lockers apart."),
        set_apart: z
          .array(
            z
              .object({
                address: addressOut.describe("The address."),
                kind: z
                  .enum(["pool", "venue_contract", "burn", "locker"])
                  .describe("pool: one of the token's pools. venue_contract: a DEX contract that holds tokens for others (a Uniswap V4 PoolManager, a position manager, a router). burn: a burn address. locker: a recognised locker."),
                balance: tokenUnits("Its balance at the block"),
                share_bps: bpsOut.describe("Its share of total supply, in basis points."),
              })
              .describe("A balance that is not a wallet's to sell."),
          )
          .describe("Pools, burn addresses and lockers among the receivers, not counted as holders."),
        window: z
          .object({
            from_block: blockOut.describe("The first block of Transfer logs read."),
            to_block: blockOut.describe("The last block read: the read block."),
            end: scanEndOut,
            receivers: z.number().int().nonnegative().describe("How many addresses received the token in the window."),
            balances_read: z.number().int().nonnegative().describe("How many of the largest receivers' balances were read (at most 200)."),
          })
          .describe("The Transfer history the holders were found in; older holders that have not moved since are not seen."),
      }),
      "The share of supply the largest holders have; 20 % for the largest (or 50 % for the ten largest) is a medium flag, 50 % a high one.",
    ),
    signal(
      ["v4_hook"],
      z.object({
        pool_id: z.string().regex(/^0x[0-9a-f]{64}$/).describe("The V4 pool's id in the PoolManager."),
        hooks: addressOut.describe("The hook contract the pool calls."),
        permissions: z
          .array(z.string())
          .describe("What the hook's address permits it (V4 reads a hook's permissions from the low 14 bits of its address): e.g. before_swap, after_swap, before_swap_returns_delta."),
        dynamic_fee: z.boolean().describe("True when the pool's key marks its fee as dynamic: the hook sets the fee of each swap."),
        can_block_or_reprice: z.boolean().describe("True when the hook runs before or after swaps, takes a share of them or sets the fee: it can change the price a trader gets, or stop trades."),
      }),
      "A Uniswap V4 pool of the token runs a hook: a flag when the hook can stop swaps, take a cut of them or set their fee (its code decides; the permissions are read from its address).",
    ),
    signal(
      ["sell_refused_by_venue"],
      z.object({
        ...tradeVenue,
        bought: tokenUnits("The tokens the simulated buy received"),
        buy_tax_bps: bpsOut.describe("The fee the token took on the buy's transfer, in basis points: the evidence that it takes a fee on transfer."),
        sell_revert: revert.describe("Why selling reverted: the venue's own check that it was paid the whole input (a V3-style pool's IIA, Slipstream's insufficient input, the V4 PoolManager's CurrencyNotSettled)."),
      }),
      "Selling through the pool reverts because the token takes a fee on transfer and the venue refuses to be paid short: holders cannot sell here, though the token holds no trap (a V2-style pool would take it).",
    ),
    signal(
      ["transfer_blocked"],
      z.object({ ...tradeVenue, sent: tokenUnits("Tokens the simulated holder tried to send to a fresh wallet (a tenth of what it bought)"), revert: revert.describe("Why the transfer reverted.") }),
      "Wallet to wallet: a holder who bought cannot send the tokens to another ordinary wallet.",
    ),
    signal(
      ["transfer_tax"],
      z.object({
        ...tradeVenue,
        tax_bps: bpsOut.describe("(sent − arrived) / sent, in basis points, rounded to the nearest."),
        sent: tokenUnits("Tokens sent to a fresh wallet (a tenth of what was bought)"),
        arrived: tokenUnits("Tokens that arrived there"),
      }),
      "Wallet to wallet: a transfer between ordinary wallets arrives short; any loss is a flag, 10 % or more is high.",
    ),
    signal(
      ["trade_limits"],
      z.object({
        max_transaction: z
        .object({
          getter: z.string().describe("The getter that answered, e.g. _maxWalletSize()."),
          amount: tokenUnits("The limit"),
          share_bps: bpsOut.nullable().describe("The limit as a share of the total supply, in basis points (rounded down); null when the supply is unknown."),
        })
        .nullable()
        .describe("The most one transfer may move; null when no common getter answers."),
        max_wallet: z
        .object({
          getter: z.string().describe("The getter that answered, e.g. _maxWalletSize()."),
          amount: tokenUnits("The limit"),
          share_bps: bpsOut.nullable().describe("The limit as a share of the total supply, in basis points (rounded down); null when the supply is unknown."),
        })
        .nullable()
        .describe("The most one wallet may hold; null when no common getter answers."),
        note: z.string().describe("What the values do and do not prove."),
      }),
      "Max-transaction and max-wallet limits read from the token's getters; a flag when either is below 1 % of the supply.",
    ),
    signal(
      ["ownership_reclaimable"],
      z.object({
        functions: z
          .array(z.object({ signature: z.string().describe("The function signature, e.g. unlock()."), selector: z.string().regex(/^0x[0-9a-f]{8}$/).describe("Its 4-byte selector, found pushed by the code's dispatcher.") }).describe("A function of the pattern."))
          .describe("lock(uint256) and unlock(), both found in the code."),
        unlock_time: isoTimeOut.nullable().describe("What geUnlockTime()/getUnlockTime() answers: from when the previous owner can call unlock(); null when neither answers (or it answers zero)."),
        owner: addressOut.nullable().describe("owner() at the block: the zero or a burn address, as renounced."),
        note: z.string().describe("How the pattern works, and what follows for the powers."),
      }),
      "Ownership reads as renounced, but the lock/unlock pattern can give it back to the previous owner.",
    ),
    signal(
      ["bridged_token"],
      z.object({
        bridge: addressOut.describe("The chain's standard bridge, which the token names as its minter (BRIDGE() or l2Bridge())."),
        remote_token: addressOut.nullable().describe("The token it stands for on the other chain (REMOTE_TOKEN() or l1Token()); null when neither answers."),
      }),
      "A token the chain's standard bridge mints and burns as it crosses (context, not a flag).",
    ),
    signal(
      ["hidden_owner", "privileged_addresses"],
      z.object({
        addresses: z.array(storedAddressOut).describe("Each address the code compares msg.sender with, other than owner()'s, the token's pools and the registry's contracts."),
        owner: addressOut.nullable().describe("owner() at the block; null when the token has no owner()."),
        read_from: z.enum(["token_code", "implementation_code"]).describe("Whose code was walked: the token's, or the implementation's behind a proxy."),
        note: z.string().describe("What the reading proves and what it does not."),
      }),
      "Addresses the code lets through its own msg.sender checks, kept in storage: a hidden owner (a flag) when owner() is renounced or absent, otherwise context.",
    ),
    signal(
      ["delegatecall_to_settable"],
      z.object({
        targets: z.array(storedAddressOut).describe("Each address the code delegatecalls, as stored at the block."),
        read_from: z.enum(["token_code", "implementation_code"]).describe("Whose code was walked: the token's, or the implementation's behind a proxy."),
      }),
      "The code delegatecalls an address it keeps in storage (outside a proxy's own forwarding): whoever changes it can run any code as the token.",
    ),
    signal(
      ["self_destruct"],
      z.object({
        read_from: z.enum(["token_code", "implementation_code"]).describe("Whose code was walked: the token's, or the implementation's behind a proxy."),
        note: z.string().describe("What SELFDESTRUCT can still do since EIP-6780."),
      }),
      "A SELFDESTRUCT instruction is reachable in the code (context: since EIP-6780 it deletes no deployed contract).",
    ),
    signal(
      ["holder_sells"],
      z.object({
        pool: addressOut.describe("The pool the sells went through (the simulation's)."),
        ...venueFields,
        sampled: z.number().int().nonnegative().describe("Holders sampled that hold some of the token: the largest receivers of the holder window that are no pool, registry contract or burn address, at most five."),
        failed: z.number().int().nonnegative().describe("Of those, the ones whose sell reverted (a venue's refusal of a taxed token's short payment aside)."),
        fail_rate_bps: bpsOut.describe("failed / sampled, in basis points."),
        holders: z
          .array(
            z.object({
              address: addressOut.describe("The holder."),
              ok: z.boolean().describe("True when its sell went through."),
              tokens_sent: tokenUnits("Tokens the holder sent into the sell (nine tenths of one percent of what it holds, after a tenth of that slice went wallet to wallet)"),
              tokens_arrived: tokenUnits("Tokens that reached the pool"),
              native: nativeUnits("What the sell brought back"),
              tax_bps: bpsOut.nullable().describe("Tokens lost on the sell, in basis points of what was sent; null when it reverted."),
              revert: revert.nullable().describe("Why the sell reverted; null when it went through."),
              refused_by_venue: z.boolean().describe("True when the venue refused the sell for a taxed token's short payment (as it refuses everyone's; see sell_refused_by_venue): not counted as failed."),
            }).describe("One sampled holder's sell."),
          )
          .describe("Each sampled holder's sell."),
        note: z.string().describe("How the sells were simulated."),
      }),
      "Sells by real holders from their own addresses: a flag when any of them cannot sell what it holds.",
    ),
    signal(
      ["siphoned_balances"],
      z.object({
        compared: z.number().int().positive().describe("Holders compared: receivers of the Transfer history that never sent the token and are no pool, registry contract or burn address."),
        short: z
          .array(
            z.object({
              address: addressOut.describe("The holder."),
              received: tokenUnits("What its Transfers brought it"),
              expected: tokenUnits("What it should hold: what its Transfers brought it, scaled by every rebase the token logged since (equal to received for a token that does not rebase)"),
              balance: tokenUnits("What it holds at the block"),
              missing: tokenUnits("expected less balance: tokens that left it with no Transfer log"),
              missing_bps: bpsOut.describe("missing / expected, in basis points."),
            }).describe("A holder short of what its Transfers brought it."),
          )
          .describe("The holders whose balance is lower than their Transfers explain (by more than tolerance_bps); empty when none."),
        window: z.object({ from_block: blockOut.describe("The first block of the Transfer history read."), to_block: blockOut.describe("The read block.") }).describe("The Transfer history compared: the token's whole history."),
        tolerance_bps: bpsOut.describe("A shortfall smaller than this share of what was received is not counted (rounding)."),
        note: z.string().describe("How the check works and why senders are not compared."),
      }),
      "Balances lowered without a Transfer: holders that never sent the token hold less than their Transfers brought them (scaled by any rebase since). Present only when the token's whole Transfer history was read.",
    ),
    signal(
      ["rebasing"],
      z.object({
        seen: z.enum(["logged", "inferred"]).describe("logged: the token logs its rebases (LogRebase(epoch, totalSupply), Ampleforth's event). inferred: it logs none, but totalSupply() differs from what its Transfers minted and burned, and holders' balances moved with it."),
        total_supply: tokenUnits("totalSupply() at the block"),
        transferred_supply: tokenUnits("What the Transfer history minted less burned: the supply had nothing rebased it"),
        rebases_logged: z.number().int().min(0).describe("LogRebase events in the token's history (0 when inferred)."),
        last_rebase: z
          .object({
            epoch: integerStringOut.nullable().describe("The rebase's epoch as logged; null when inferred."),
            supply_before: tokenUnits("The supply before it"),
            supply_after: tokenUnits("The supply after it"),
            change_bps: z.number().int().nullable().describe("(after - before) / before, in basis points, negative for a contraction; null when the supply before was zero."),
            block: blockOut.nullable().describe("The block of the LogRebase; null when inferred."),
            transaction: hexOut.nullable().describe("The transaction that logged it; null when inferred."),
          })
          .describe("The last rebase (inferred: the whole change since the first Transfer)."),
        holders_scaled: z.number().int().min(0).describe("Holders compared (never sent the token) whose balance moved with the supply."),
        authority: z
          .array(
            z
              .object({
                address: addressOut.describe("The stored address at the block."),
                slot: integerStringOut.describe("The storage slot that keeps it, as a decimal string."),
                functions: z.array(z.string()).describe("The rebase functions on whose path the code checks msg.sender against it."),
              })
              .describe("An address the code lets rebase."),
          )
          .describe("Who can rebase: the stored addresses the code checks msg.sender against on the path of a rebase function (Ampleforth's monetaryPolicy); empty when none was found."),
        owner: addressOut.nullable().describe("owner() at the block: who can usually re-point the authority; null when the token has no owner()."),
        note: z.string().describe("How the rebase and its authority were told."),
      }),
      "An elastic supply: balances scale with the supply without Transfer logs. Context, not a flag.",
    ),
    signal(
      ["hidden_balance"],
      z.object({
        holders: z
          .array(
            z
              .object({
                address: addressOut.describe("The address."),
                balance: tokenUnits("What it holds at the block"),
                explained: tokenUnits("What its Transfers (rebases counted) explain: in less out, zero when it never received"),
                excess: tokenUnits("balance less explained"),
                share_of_supply_bps: z.number().int().min(0).describe("Its balance in basis points of the total supply (above 10000 when it holds more than the supply)."),
                above_supply: z.boolean().describe("True when it holds more than the whole supply."),
                is_token: z.boolean().describe("True when the address is the token contract itself."),
              })
              .describe("An address holding more than its Transfers explain."),
          )
          .describe("The addresses, the largest balance first."),
        total_supply: tokenUnits("totalSupply() at the block"),
        threshold_bps: bpsOut.describe("An excess counts when it is at least this share of the supply (and at least what the Transfers explain); a balance above the supply always counts."),
        note: z.string().describe("Which balances were read and how they were compared."),
      }),
      "Balances larger than their Transfers explain, above all larger than the supply: tokens no Transfer brought, ready to be sold. A flag.",
    ),
    signal(
      ["privileged_functions"],
      z.object({
        simulated: z.boolean().describe("True when the functions were run as their holders; false when the node could not (then they are read by name only)."),
        reason: z.string().nullable().describe("Why not every function was simulated (or not at the moved clock); null when all were. Where a function was not run, the headline's power entries it could hold are null, never false."),
        outcomes: z
          .object({
            total: z.number().int().nonnegative().describe("Functions only privileged addresses can call."),
            with_effect: z.number().int().nonnegative().describe("Those that showed a power."),
            no_effect: z.number().int().nonnegative().describe("Those that went through and changed nothing measured."),
            reverted: z.number().int().nonnegative().describe("Those no argument shape got through."),
            not_run: z.number().int().nonnegative().describe("Those not simulated: no live address can call them (a holder renounced or burned), or (said in reason) a call's gas could not reach them."),
          })
          .describe("The functions counted by outcome."),
        probe: z
          .object({
            run: z.number().int().nonnegative().describe("Functions run as their holder: every one a live address can call, unless reason says otherwise."),
            calls: z.number().int().positive().describe("eth_calls the run took (several side by side in one round; each within its own gas)."),
            rounds: z.number().int().positive().describe("Rounds of calls: 1, or more where a call's gas did not reach a function, or a function went through only after another call's blacklisting."),
          })
          .nullable()
          .describe("How the functions were run; null when they were not simulated."),
        probe_holder: addressOut.nullable().describe("The fresh probe wallet named in address arguments; null when nothing was simulated."),
        probe_funding: integerStringOut.nullable().describe("What each probe wallet was given by a real holder before the calls, in the token's smallest unit; null when none could fund them (then transfers were not measured)."),
        functions: z.array(privilegedFunctionOut).describe("Every privileged function, with its outcome."),
        read_from: z.enum(["token_code", "implementation_code"]).describe("token_code: the token's own code. implementation_code: the code of the implementation behind the proxy."),
      }),
      "Every function the code lets only stored addresses (or a mapping's members) call, with what running it as its holder showed; context.",
    ),
    signal(
      ["outside_gate"],
      z.object({
        address: addressOut.describe("The outside contract the transfer path calls, as stored at the block."),
        known_as: z.string().nullable().describe("What the registry knows the address as (a DEX router, a locker); null when it does not."),
        slot: integerStringOut.describe("The storage slot that keeps the address, as a decimal string."),
        shift_bits: z.number().int().min(0).max(248).describe("Where in the slot the address starts, in bits from the low end."),
        can: z.array(z.enum(["refuse_transfer"])).describe("What it can do: refuse_transfer (its revert or answer on the transfer path decides whether a transfer goes through)."),
        changed_by: z
          .array(z.object({ selector: selectorOut.describe("A function that writes the slot."), signature: z.string().nullable().describe("Its catalogued signature; null when unknown."), holders: z.array(powerHolderOut).describe("Who may call it.") }))
          .describe("The privileged functions that re-point it, with their holders; empty when no privileged function writes the slot."),
        read_from: z.enum(["token_code", "implementation_code"]).describe("token_code: the token's own code. implementation_code: the code of the implementation behind the proxy."),
        note: z.string().describe("What this evidence does and does not prove."),
      }),
      "Every transfer CALLs an outside contract at an address kept in storage (GoPlus's external_call): a medium flag when a privileged address can re-point it and the registry does not know it.",
    ),
  ])
  .describe("One risk signal with its evidence (discriminated by id).");

/** The powers the headline names, in its order. */
export const headlinePowers = ["mint", "pause", "blacklist", "balance_edit", "fees", "limits", "trading_switch", "exemptions"] as const;
export type HeadlinePower = (typeof headlinePowers)[number];

const ownerStates = ["none", "renounced", "eoa", "multisig", "timelock", "contract"] as const;
export type OwnerState = (typeof ownerStates)[number];
const riskLevels = ["none", "low", "medium", "high"] as const;
export type RiskLevel = (typeof riskLevels)[number];

const headlinePower = z
  .object({
    present: z.boolean().nullable().describe("True when its power_<kind> signal is there; false only when " +
      "every privileged function a live address can call was run as its holder and none showed it (nor " +
      "does a catalogued name); null when some could not be run or the code was not read (headline.unknown " +
      "says why)."),
    live_holder: z
      .boolean()
      .nullable()
      .describe("True when someone can use it now: the live owner, an address the code lets through " +
        "(hidden_owner), a previous owner who can take ownership back (ownership_reclaimable), or the " +
        "bridge (bridged_token, mint and burn); false when ownership is renounced and no one else holds " +
        "it, or the power is absent; null when the signals do not say who holds it (no owner(), no stored " +
        "address found)."),
  })
  .describe("One power: present, and whether a live holder has it.");

const headlineFields = [
  "honeypot",
  "buy_tax_bps",
  "sell_tax_bps",
  "transfer_tax_bps",
  ...headlinePowers.flatMap((power) => [`powers.${power}.present`, `powers.${power}.live_holder`]),
  "owner",
  "upgradeable",
  "lp_burned_bps",
  "lp_locked_bps",
  "lp_earliest_unlock",
  "top_holder_bps",
  "top_ten_bps",
  "holders_can_sell",
  "balances_tampered",
  "transfer_gate",
  "trade_limit_bps",
  "pool_hook_can_intervene",
  "red_flags",
  "level",
] as const;
export type HeadlineField = (typeof headlineFields)[number];

const headline = z
  .object({
    honeypot: z.boolean().nullable().describe("True when a holder who bought cannot sell (honeypot); false when the simulated sell went through (sell_simulated) or only the venue refuses a taxed token's short payment (sell_refused_by_venue, no trap); null when no sell was tried."),
    buy_tax_bps: bpsOut.nullable().describe("The buy tax the simulation measured (buy_tax, or 0 when the buy took nothing); null when the buy failed or did not run."),
    sell_tax_bps: bpsOut.nullable().describe("The sell tax the simulation measured (sell_tax, or 0); null when the sell failed or did not run."),
    transfer_tax_bps: bpsOut.nullable().describe("The wallet-to-wallet transfer tax the simulation measured (transfer_tax, or 0); null when the transfer failed or did not run."),
    powers: z.object(Object.fromEntries(headlinePowers.map((power) => [power, headlinePower.describe(`power_${power}: present, and whether a live holder has it.`)])) as Record<HeadlinePower, typeof headlinePower>).describe("Each owner power the headline names."),
    owner: z.enum(ownerStates).nullable().describe("From the ownership signal. none: no owner() function. " +
      "renounced: the owner is the zero or a burn address. eoa: a wallet (a key holder). multisig: a Safe. " +
      "timelock: a timelock controller. contract: another contract. null when the owner's kind could not " +
      "be read."),
    upgradeable: z.boolean().nullable().describe("True when the token is a proxy whose code can be " +
      "replaced (upgradeable), or its code delegatecalls an address someone can re-point " +
      "(delegatecall_to_settable); false for a minimal clone, or a contract the read recognises as no " +
      "proxy whose code was walked whole and delegatecalls nothing settable; null when the code was not " +
      "walked whole (headline.unknown says why)."),
    lp_burned_bps: bpsOut.nullable().describe("From lp_custody: the main pool's liquidity at burn addresses; null when no pool's custody was read."),
    lp_locked_bps: bpsOut.nullable().describe("From lp_custody: the main pool's liquidity still locked in recognised lockers; null when no pool's custody was read."),
    lp_earliest_unlock: isoTimeOut.nullable().describe("From lp_custody: the earliest unlock still ahead; null when nothing is locked, no schedule was read, or no custody was read."),
    top_holder_bps: bpsOut.nullable().describe("From holder_concentration: the largest holder's share of supply (pools, burn addresses and lockers apart); null when not read."),
    top_ten_bps: bpsOut.nullable().describe("From holder_concentration: the ten largest holders' share; null when not read."),
    holders_can_sell: z.boolean().nullable().describe("From holder_sells: false when a sampled real holder cannot sell what it holds (a blacklist, or a trap a fresh buyer passes), true when every one sampled could; null when none was sampled."),
    balances_tampered: z.boolean().nullable().describe("True when a holder's balance was lowered without a Transfer (siphoned_balances) or an address holds more than its Transfers explain (hidden_balance); false when the comparison ran and found neither; null when it did not run."),
    transfer_gate: z.boolean().nullable().describe("From outside_gate: true when every transfer asks an " +
      "outside contract a privileged address can re-point (it can refuse transfers); false when the code " +
      "that runs was walked whole and shows no such call; null when it was not (headline.unknown says why)."),
    trade_limit_bps: bpsOut.nullable().describe("From trade_limits: the tighter of the max-transaction and max-wallet limits, as a share of supply; null when the token exposes neither (or its supply is unknown)."),
    pool_hook_can_intervene: z.boolean().nullable().describe("From v4_hook: true when a Uniswap V4 pool of the token runs a hook that can stop swaps or change what they cost; false when its hooks touch no swap; null when no V4 pool of it has a hook."),
    red_flags: z.number().int().nonnegative().describe("How many signals are red flags (data.flags)."),
    level: z.enum(riskLevels).describe("The highest severity among the red flags: high, medium or low; none when there is no red flag. Context signals never raise it."),
    provenance: z.object(Object.fromEntries(headlineFields.map((field) => [field, provenanceOut])) as Record<(typeof headlineFields)[number], typeof provenanceOut>).describe("Each headline value's provenance, by " +
      "its dotted name: its signal's (the simulation's for a measured zero tax); unavailable when no " +
      "signal answers it."),
    from: z
      .object(Object.fromEntries(headlineFields.map((field) => [field, z.array(z.string()).describe(`The signals ${field} comes from.`)])) as Record<(typeof headlineFields)[number], z.ZodArray<z.ZodString>>)
      .describe("The ids of the signals each headline value comes from, by its dotted name (\"simulation\" for a tax measured as zero); empty when no signal answers it, or when the value is the absence of a signal (a power not found, no proxy)."),
    unknown: z
      .partialRecord(z.enum(headlineFields), z.string())
      .describe("For a value left null because the read could not settle it (a power whose functions were not all run), why, by its dotted name; other nulls are explained by their field's description."),
  })
  .describe("The answer in flat fields, for the questions a client asks first. Every value is read back from the signals (and the simulation) of this same answer; an unknown value is null, never false.");

const leg = z
  .object({
    ok: z.boolean().describe("True when the leg went through."),
    tokens_sent: tokenUnits("Tokens sent on this leg (by the pool on the buy, by the simulator on the sell)"),
    tokens_arrived: tokenUnits("Tokens that arrived (at the simulator on the buy, at the pool on the sell)"),
    native: nativeUnits("The native coin spent on the buy, or received on the sell (where the pool trades another quote asset, what selling that back brought)"),
    revert: revert.nullable().describe("Why the leg reverted; null when it went through."),
  })
  .describe("One leg of the simulated trade.");

const simulation = z
  .object({
    method: z.enum(["eth_call with a state override (nothing sent)", "eth_simulateV1 with a state override (nothing sent)"]).describe("How the trade was simulated: nothing is signed or sent."),
    mode: simulationMode,
    pool: addressOut.describe("The pool traded through (for a Uniswap V4 pool, the PoolManager holding it)."),
    router: addressOut.describe("The contract the trade went through: the registry's V2 router, or the pool itself (V3 style, Aerodrome) or the V4 PoolManager."),
    ...venueFields,
    v4_pool_id: z.string().regex(/^0x[0-9a-f]{64}$/).optional().describe("The Uniswap V4 pool's id; present only for a V4 pool."),
    simulated_as: addressOut.describe("The address the simulator ran at: fresh for every block and token."),
    simulated_from: addressOut.describe("The ordinary account that called it (the transaction's origin)."),
    native_in: nativeUnits("What the buy spent (0.1 % of the pool's native-coin side; where the pool trades another quote asset, what buys 0.1 % of the pool's side of it)"),
    quote: z
      .object({
        address: addressOut.describe("The quote asset's contract."),
        symbol: z.string().describe("Its symbol in the registry."),
        decimals: z.number().int().describe("Its decimals in the registry."),
        kind: quoteKindOut,
        bought_in: z
          .object({
            pool: addressOut.describe("The quote asset's pool against the wrapped native coin (one of the pools that price it, the deepest in the wrapped native coin)."),
            router: addressOut.describe("The contract that trade went through: the registry's V2 router, or the pool itself (V3 style, Aerodrome)."),
            ...venueFields,
          })
          .describe("Where the native coin bought the quote asset before the token's buy, and where it was sold back after the token's sell."),
        paid: amountOut.describe("The quote asset the buy paid the token's pool, in the quote asset."),
        received: amountOut.nullable().describe("The quote asset the sell took from the token's pool, in the quote asset; null when the sell failed or did not run."),
      })
      .optional()
      .describe("The quote asset of the pool traded through; present only when it is neither the native coin nor its wrapped token (a stablecoin, a further quote asset). The taxes are measured on the token's legs alone, so the quote asset's own trades do not enter them."),
    buy: leg.describe("The buy."),
    sell: leg.nullable().describe("Selling what the holder still has (nine tenths of what it bought, after the transfer test); null when the buy failed or bought nothing."),
    transfer: leg
      .nullable()
      .describe("Wallet to wallet, between the buy and the sell: a tenth of what was bought sent to a fresh account with no code (native is 0); null when the buy failed or bought too little to send."),
    transfer_tax_bps: bpsOut.nullable().describe("Tokens lost on that transfer, in basis points of what was sent; null when it failed or did not run."),
    buy_tax_bps: bpsOut.nullable().describe("Tokens lost on the buy, in basis points of what the pool sent; null when the buy failed."),
    sell_tax_bps: bpsOut.nullable().describe("Tokens lost on the sell, in basis points of what the seller sent; null when the sell failed or did not run."),
  })
  .nullable()
  .describe("The simulated buy and sell; null when it could not run (then fallback is true and unavailable.simulation says why).");

export const riskResponse = defineResponse({
  data: z
    .object({
      token: tokenOut.extend({
        total_supply: amountOut.nullable().describe("totalSupply(), in the token's decimals; null when the contract did not answer it."),
      }).describe("The token, as read from its contract."),
      headline,
      summary: z.string().describe("The red flags in one sentence, or that no known red flag was found at read time (which covers the listed checks only; it does not prove the token safe)."),
      flags: z.array(z.enum(riskSignalIds)).describe(`The ids of the signals that are red flags, in the order of signals; empty when none was found. ${signalIdsDescription}`),
      signals: z.array(signalOut).describe("Every signal read: red flags and context."),
      simulation,
      fallback: z.boolean().describe("True when the buy and sell could not be simulated and the signals come from code and state alone."),
      limitations: z.array(z.string()).describe("What this read cannot see, in plain words (the selector catalogue, the holder window, how the simulation trades)."),
      unavailable: unavailableOf({
        simulation: "no pool with reserves against the native coin, its wrapped token or a quote asset the native coin can buy, or a node without state overrides",
        lp_custody: "no pool, or no V2-style pool",
        holder_concentration: "the token does not answer totalSupply()",
      }),
    })
    .describe("Risk signals for the token, read at one block."),
  meta: z.object({
    provenance: provenanceWith(["token", "headline", "signals", "limitations", "simulation", "powers", "upgradeability", "lp_custody", "holder_concentration"], {}),
    chain_data_source: chainDataSourceOut,
  }),
});
