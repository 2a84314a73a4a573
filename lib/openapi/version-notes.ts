// Breaking changes to the v1 contract made on purpose, each with the note a client reads. A new
// committed OpenAPI document that removes a path or a field, or narrows a type, is refused
// (npm run openapi) until every such change has its note here.
const powersByEffect =
  "Owner powers are proven by effect: each function only a stored address (or a mapping's member) can call " +
    "is run as that holder in a simulation, and the power signal's evidence is split by proven_by: " +
    "simulation (functions with their holders and the effect observed, holders, read_from, owner, " +
    "owner_renounced, note) or name_only (the catalogued functions, now each with its outcome and holders, " +
    "as before). A client reading evidence.functions[].signature must accept null for a function the " +
    "catalogue does not name.";

export type VersionNote = { date: string; where: string; what: string; note: string };

const venues = "The registry names every venue a token trades on: Uniswap V4 on all three networks and Aerodrome Slipstream on Base join the DEX keys; a client that switches over them needs a branch for the new keys (or a default).";

const liveKeyFields = "Tier, credits balance and free credits belong to live keys (spec: Key details): a test key is a sandbox key, never charged, and no longer reports its owner's live balance or a tier it does not have.";

const vocabulary = "One vocabulary in every answer (the document's shared components): every token amount " +
  "is an Amount {raw, formatted}, every venue is dex (the registry's key, e.g. \"uniswap-v2\") with " +
  "dex_name beside it (\"Uniswap V2\"), movement counts are MovementCounts {buy, sell, transfer_in, " +
  "transfer_out, total}, every dollar value is Usd (6 decimals) and every dollar price UsdPrice (18 " +
  "decimals).";
const dexKey = (where: string): VersionNote => ({
  date: "2026-11-27",
  where,
  what: 'may now return "uniswap-v2", "uniswap-v3", "uniswap-v4", "sushiswap-v2", "aerodrome", "aerodrome-slipstream", "pancakeswap-v2", "pancakeswap-v3"',
  note: `${vocabulary} dex now carries the venue's key; its display name, which dex carried before, is in dex_name beside it.`,
});
const pnlCount = (field: string, now: string): VersionNote => ({ date: "2026-11-27", where: `POST /v1/api/wallet/pnl 200.data.counts.${field}`, what: "field removed", note: `${vocabulary} counts.${field} is now ${now}.` });

/** intel/risk's amounts, each now an Amount whose raw is the former string (the native coin's in wei, formatted in whole coins). */
const riskAmounts = [
  "token.total_supply",
  "signals[].evidence.native_in",
  "signals[].evidence.bought",
  "signals[].evidence.native_out",
  "signals[].evidence.sent",
  "signals[].evidence.arrived",
  "signals[].evidence.holders[].balance",
  "signals[].evidence.set_apart[].balance",
  "signals[].evidence.max_transaction.amount",
  "signals[].evidence.max_wallet.amount",
  "signals[].evidence.holders[].tokens_sent",
  "signals[].evidence.holders[].tokens_arrived",
  "signals[].evidence.holders[].native",
  "signals[].evidence.short[].received",
  "signals[].evidence.short[].balance",
  "signals[].evidence.short[].missing",
  "simulation.native_in",
  "simulation.buy.tokens_sent",
  "simulation.buy.tokens_arrived",
  "simulation.buy.native",
  "simulation.sell.tokens_sent",
  "simulation.sell.tokens_arrived",
  "simulation.sell.native",
  "simulation.transfer.tokens_sent",
  "simulation.transfer.tokens_arrived",
  "simulation.transfer.native",
].map((field): VersionNote => ({ date: "2026-11-27", where: `POST /v1/api/intel/risk 200.data.${field}`, what: "type changed from string to object", note: `${vocabulary} The former string is the Amount's raw.` }));

const oneTimeForm = "Every time in an answer is ISO 8601 (UTC): the lock schedules' unlock_time (unix seconds) is removed; unlock_date beside it always carried the same moment.";
const lockTimes = [
  "lp_custody[].locked.lockers[].locks[]",
  "lp_custody[].withdrawable.lockers[].locks[]",
  "position_custody[].locked[].lock",
  "position_custody[].withdrawable[].lock",
].map((at): VersionNote => ({ date: "2026-11-27", where: `POST /v1/api/intel/liquidity 200.data.${at}.unlock_time`, what: "field removed", note: oneTimeForm }));

const controllers = "intel/risk names the token's controllers as team: an address its own code compares " +
  "the caller with (a minter, a pauser, an operator), read from storage whatever getter exposes it; LP " +
  "such an address holds is the team's. A client that switches over the team relations needs a branch for " +
  "controller (or a default).";
const controllerRelation = ["signals[].evidence.team_holders[].relations[]", "signals[].evidence.holders[].team[]"].map(
  (at): VersionNote => ({ date: "2026-11-27", where: `POST /v1/api/intel/risk 200.data.${at}`, what: 'may now return "controller"', note: controllers }),
);

const codeConstant =
  "A holder written into the code: an address (a constant, or an immutable set at deployment) that the code compares msg.sender with, as a bridged token's bridge. Its slot is null (it is in no storage); the power is run as it.";

const quotePerToken =
  "One name for a price in the quote asset: quote_per_token, whole quote units per whole token as a " +
    "decimal string, as intel/liquidity names it. why-down's price.start and price.end are " +
    "price.start_quote_per_token and price.end_quote_per_token, and wallet/pnl's swap.price_per_token is " +
    "swap.quote_per_token, with the same values and nullability.";

export const versionNotes: VersionNote[] = [
  { date: "2026-11-29", where: "POST /v1/api/intel/why-down 200.data.price.start", what: "field removed", note: quotePerToken },
  { date: "2026-11-29", where: "POST /v1/api/intel/why-down 200.data.price.end", what: "field removed", note: quotePerToken },
  { date: "2026-11-29", where: "POST /v1/api/wallet/pnl 200.data.trades[].swap.price_per_token", what: "field removed", note: quotePerToken },
  ...lockTimes,
  ...controllerRelation,
  { date: "2026-11-27", where: "GET /v1/api/me 200.data.tier", what: "field no longer always present", note: liveKeyFields },
  { date: "2026-11-27", where: "GET /v1/api/me 200.data.credits_balance", what: "field no longer always present", note: liveKeyFields },
  { date: "2026-11-27", where: "GET /v1/api/me 200.data.free_credits_today", what: "field no longer always present", note: liveKeyFields },
  ...riskAmounts,
  {
    date: "2026-11-27",
    where: "POST /v1/api/intel/risk 200.data.simulation.dex",
    what: "the registry's key instead of the display name",
    note: `${vocabulary} Every dex in intel/risk (the simulation's, and in the evidence of the trade, lp_custody and holder_sells signals) is the venue's key; its display name is in dex_name beside it.`,
  },
  dexKey("POST /v1/api/intel/why-down 200.data.pool.dex"),
  dexKey("POST /v1/api/wallet/pnl 200.data.trades[].swap.dex"),
  dexKey("POST /v1/api/wallet/exact-movements 200.data.movements[].swap.dex"),
  { date: "2026-11-27", where: "POST /v1/api/intel/team-wallets 200.data.token.total_supply", what: "type changed from string to object", note: `${vocabulary} total_supply is an Amount: the former string is its raw.` },
  { date: "2026-11-27", where: "POST /v1/api/intel/team-wallets 200.data.wallets[].relations[].amount", what: "type changed from string to object", note: `${vocabulary} The former string is the Amount's raw.` },
  { date: "2026-11-27", where: "POST /v1/api/intel/team-wallets " +
    "200.data.wallets[].recent.sells[].received.symbol", what: "field removed", note: `${vocabulary} received is a plain Amount; the quote asset it is in is named beside it in quote {address, symbol}, as wallet/pnl's and exact-movements' swaps name it.` },
  { date: "2026-11-27", where: "POST /v1/api/contract/analysis 200.data.contract.erc20.total_supply", what: "type changed from string to object", note: `${vocabulary} total_supply is an Amount: the former string is its raw.` },
  pnlCount("buys", "counts.buy"),
  pnlCount("sells", "counts.sell"),
  pnlCount("transfers_in", "counts.transfer_in"),
  pnlCount("transfers_out", "counts.transfer_out"),
  pnlCount("unpriced", "unpriced_counts.no_quote_price"),
  pnlCount("unpriced_usd", "unpriced_counts.no_usd_price"),
  {
    date: "2026-11-27",
    where: "POST /v1/api/intel/liquidity 200.data.market.liquidity_usd",
    what: "6 decimals instead of 2",
    note: `${vocabulary} liquidity_usd (the market's and each pool's) and depth's usd now carry up to 6 decimals, like every dollar value; the type is unchanged.`,
  },
  { date: "2026-11-23", where: "POST /v1/api/intel/liquidity 200.data.market.pools[].dex", what: 'may now return "uniswap-v4", "aerodrome-slipstream"', note: venues },
  { date: "2026-11-23", where: "POST /v1/api/intel/liquidity 200.data.lp_custody[].dex", what: 'may now return "uniswap-v4", "aerodrome-slipstream"', note: venues },
  { date: "2026-11-23", where: "POST /v1/api/intel/liquidity 200.data.market.pools[].kind", what: 'may now return "slipstream", "uniswap-v4"', note: venues },
  {
    date: "2026-11-23",
    where: "POST /v1/api/intel/liquidity 200.data.market.pools[].quote.kind",
    what: 'may now return "native", "other"',
    note: "Pools are read against the native coin itself (Uniswap V4) and the further registry quote assets (WBTC, cbBTC, BTCB, bridged ETH), each valued in dollars through its pool against the wrapped native coin.",
  },
  {
    date: "2026-11-23",
    where: "POST /v1/api/intel/liquidity 200.data.market.pools[].reserves.source",
    what: 'may now return "in_range_liquidity"',
    note: "A Uniswap V4 pool's tokens sit in the PoolManager with every other pool's, so its depth is the amounts its in-range liquidity stands for at the current price.",
  },
  {
    date: "2026-11-23",
    where: "POST /v1/api/intel/risk 200.data.flags[]",
    what: 'may now return "v4_hook"',
    note: "A new signal: a Uniswap V4 pool of the token runs a hook that can stop swaps, take a cut of them or set their fee.",
  },
  {
    date: "2026-11-24",
    where: "POST /v1/api/intel/risk 200.data.flags[]",
    what: 'may now return "sell_refused_by_venue"',
    note: "A new signal, told apart from honeypot: the sell reverts because the token takes a fee on transfer and its pool's venue (V3 style, Slipstream, V4) refuses to be paid short.",
  },
  {
    date: "2026-11-23",
    where: "POST /v1/api/intel/why-down 200.data.pool.dex",
    what: 'may now return "Uniswap V3", "Uniswap V4", "Aerodrome Slipstream", "PancakeSwap V3"',
    note: "why-down reads the token's main pool on any venue: the deepest in dollars at the window's start, no longer only a V2-style pool.",
  },
  {
    date: "2026-11-23",
    where: "POST /v1/api/intel/risk 200.data.signals[].evidence.set_apart[].kind",
    what: 'may now return "venue_contract"',
    note: "Holder concentration sets apart the DEX contracts that hold tokens for others (a Uniswap V4 PoolManager, position managers, routers), which would otherwise read as the largest holder.",
  },
  {
    date: "2026-11-23",
    where: "POST /v1/api/wallet/approvals 200.data.approvals[].spender.kind",
    what: 'may now return "position_manager", "pool_manager", "state_view", "quoter", "pool_deployer", "quote_asset", "permit2"',
    note: "Spenders are labelled with every contract the registry names: each venue's position manager, pool manager, StateView, quoter and pool deployer, the further quote assets, and Permit2.",
  },
  {
    date: "2026-11-24",
    where: "POST /v1/api/contract/analysis 200.data.proxy.standard",
    what: 'may now return "zeppelinos", "eip897", "eip2535_diamond"',
    note: "Proxies the EIP-1967 slots do not show are recognised: the older unstructured-storage slots of ZeppelinOS proxies (USDC's), contracts that name their implementation themselves (EIP-897), and EIP-2535 diamonds with their facets. Such a contract read as \"none\" before.",
  },
  {
    date: "2026-11-24",
    where: "POST /v1/api/intel/risk 200.data.flags[]",
    what: 'may now return "transfer_blocked", "transfer_tax"',
    note: "The simulation sends a tenth of what it bought to a fresh wallet before selling: a token that blocks or taxes ordinary transfers is flagged. The sell is of the rest.",
  },
  {
    date: "2026-11-24",
    where: "POST /v1/api/intel/liquidity 200.data.lp_custody[].locked.lockers[].locks[].transaction",
    what: "may now be null",
    note: "UNCX's V1.0 lockers keep their schedule in state (tokenLocks), which names no transaction: such locks carry transaction null. Locks from Locked events keep theirs.",
  },
  {
    date: "2026-11-24",
    where: "POST /v1/api/intel/risk 200.data.flags[]",
    what: 'may now return "trade_limits"',
    note: "Max-transaction and max-wallet limits are read from the token's common getters and reported with their values; below 1 % of the supply they are a flag.",
  },
  {
    date: "2026-11-24",
    where: "POST /v1/api/intel/risk 200.data.flags[]",
    what: 'may now return "ownership_reclaimable"',
    note: "A renounced owner is no longer taken as final where the code has the lock/unlock pattern (SafeMoon-style Ownable): the previous owner can take ownership back, so the owner powers stay flagged and this signal says from when.",
  },
  {
    date: "2026-11-24",
    where: "POST /v1/api/intel/risk 200.data.flags[]",
    what: 'may now return "bridged_token"',
    note: "A token the chain's standard bridge mints (an OptimismMintableERC20 on Base) is said to be bridged, and its mint power is the bridge's — context, not an owner power.",
  },
  {
    date: "2026-11-24",
    where: "POST /v1/api/wallet/approvals 200.data.approvals[].spender.kind",
    what: 'may now return "aggregator"',
    note: "Spenders that are DEX aggregators' routers (1inch's V5 router, KyberSwap's MetaAggregationRouterV2) are named.",
  },
  { date: "2026-11-24", where: "POST /v1/api/wallet/approvals 200.data.permit2[].spender.kind", what: 'may now return "aggregator"', note: "Spenders that are DEX aggregators' routers (1inch's V5 router, KyberSwap's MetaAggregationRouterV2) are named." },
  { date: "2026-11-24", where: "POST /v1/api/wallet/approvals 200.data.nft_operators[].operator.kind", what: 'may now return "aggregator"', note: "Spenders that are DEX aggregators' routers (1inch's V5 router, KyberSwap's MetaAggregationRouterV2) are named." },
  {
    date: "2026-11-24",
    where: "POST /v1/api/intel/risk 200.data.simulation.method",
    what: 'may now return "eth_simulateV1 with a state override (nothing sent)"',
    note: "Where the node offers eth_simulateV1, the buy runs in one simulated block and the transfer and sell in the next (data.simulation.mode separate_blocks); a same-block anti-bot rule no longer reads as a honeypot. Nodes without it keep the one eth_call (mode same_call).",
  },
  {
    date: "2026-11-24",
    where: "POST /v1/api/intel/risk 200.data.flags[]",
    what: 'may now return "power_balance_edit", "hidden_owner", "privileged_addresses", "delegatecall_to_settable", "self_destruct"',
    note: "Owner powers in depth. power_balance_edit: the code can take or burn a holder's tokens without " +
      "the holder (an admin burn, a forced transfer, USDT's destroyBlackFunds). hidden_owner: owner() " +
      "reads as renounced (or is absent), but the code compares msg.sender with another address it keeps " +
      "in storage, named with its slot; the powers stay flagged. delegatecall_to_settable: the code " +
      "delegatecalls an address it keeps in storage. privileged_addresses and self_destruct are context " +
      "and appear in flags[] only in the document's enum (they are never flags).",
  },
  {
    date: "2026-11-24",
    where: "POST /v1/api/intel/risk 200.data.signals[].id",
    what: 'may now return "power_balance_edit"',
    note: "The owner-power signals gain power_balance_edit (see the flags note of the same date).",
  },
  { date: "2026-11-24", where: "POST /v1/api/intel/liquidity 200.data.lp_custody[].locked.lockers[].key", what: 'may now return "uncx-uniswap-v3-v1", "uncx-v3-v1"', note: "UNCX's V3 position lockers (proof of " +
    "reserves V1, Ethereum and BNB Chain) join the locker registry: a position NFT they hold is locked by " +
    "a named locker, and LP sent to them is counted as locked in a locker whose schedule is not decoded." },
  { date: "2026-11-24", where: "POST /v1/api/intel/liquidity 200.data.lp_custody[].withdrawable.lockers[].key", what: 'may now return "uncx-uniswap-v3-v1", "uncx-v3-v1"', note: "UNCX's V3 position lockers (proof of " +
    "reserves V1, Ethereum and BNB Chain) join the locker registry: a position NFT they hold is locked by " +
    "a named locker, and LP sent to them is counted as locked in a locker whose schedule is not decoded." },
  {
    date: "2026-11-24",
    where: "POST /v1/api/intel/risk 200.data.flags[]",
    what: 'may now return "holder_sells"',
    note: "The largest real holders' own sells are simulated from their addresses (the simulator's code placed on each holder's account): a flag when any of them cannot sell what it holds, as under a blacklist or a selective honeypot that lets a fresh address through.",
  },
  {
    date: "2026-11-24",
    where: "POST /v1/api/intel/risk 200.data.flags[]",
    what: 'may now return "siphoned_balances"',
    note: "Holders that never sent the token are compared with what their Transfers brought them, over the token's whole Transfer history: a holder holding less lost tokens with no Transfer log (siphoned). Present only when that whole history was read.",
  },
  {
    date: "2026-11-27",
    where: "POST /v1/api/intel/risk 200.data.flags[]",
    what: 'may now return "rebasing", "hidden_balance"',
    note: "Two new signals. rebasing: balances scale with the supply without Transfer logs (an elastic " +
      "supply, with who can rebase and the last rebase's size); context, so it appears in flags[] only in " +
      "the document's enum, and such a token is no longer called siphoned. hidden_balance: an address " +
      "holds more than its Transfers explain, above all more than the whole supply; a flag.",
  },
  ...[
    "POST /v1/api/intel/risk 200.data.signals[].evidence.team_holders[].relations[]",
    "POST /v1/api/intel/risk 200.data.signals[].evidence.holders[].team[]",
    "POST /v1/api/intel/liquidity 200.data.lp_custody[].team.holders[].relations[]",
    "POST /v1/api/intel/liquidity 200.data.lp_custody[].liquidity_removals[].by_team[]",
    "POST /v1/api/intel/liquidity 200.data.position_custody[].team[].relations[]",
  ].flatMap((where) =>
    ['"launch_mint_recipient"', '"received_from_team"'].map((value) => ({
      date: "2026-11-27",
      where,
      what: `may now return ${value}`,
      note: "The team whose LP and tokens are judged is the wallets linked to the token: its deployer, its " +
        "owner and now the wallets its launch minted to and those they sent the token to straight " +
        "(intel/risk reads them from the Transfer history it already scans). A pool's first liquidity " +
        "provider is no longer the team on that ground alone: initial_liquidity_provider is listed only " +
        "beside another link.",
    })),
  ),
  {
    date: "2026-11-27",
    where: "POST /v1/api/intel/risk 200.data.flags[]",
    what: 'may now return "privileged_functions", "outside_gate"',
    note: "Two new signals: privileged_functions lists every function only privileged addresses can call " +
      "with what running it as its holder showed (context, never a flag); outside_gate names an outside " +
      "contract every transfer calls at a stored address a privileged address can re-point (GoPlus's " +
      "external_call).",
  },
  { date: "2026-11-27", where: "POST /v1/api/intel/risk 200.data.signals[].evidence.functions", what: "field removed", note: powersByEffect },
  { date: "2026-11-27", where: "POST /v1/api/intel/risk 200.data.signals[].evidence.read_from", what: "field removed", note: powersByEffect },
  { date: "2026-11-27", where: "POST /v1/api/intel/risk 200.data.signals[].evidence.owner", what: "field removed", note: powersByEffect },
  { date: "2026-11-27", where: "POST /v1/api/intel/risk 200.data.signals[].evidence.owner_renounced", what: "field removed", note: powersByEffect },
  { date: "2026-11-27", where: "POST /v1/api/intel/risk 200.data.signals[].evidence.note", what: "field removed", note: powersByEffect },
  {
    date: "2026-11-27",
    where: "POST /v1/api/contract/analysis 200.data.controllers.accounts[].role",
    what: 'may now return "stored_address"',
    note: "Controllers include every other address the contract's own code keeps in storage and compares msg.sender with (a minter with no owner(), a policy address, a slot with no getter), with the slot and the functions it guards.",
  },
  ...[
    "lp_custody[].team.holders[].relations[]",
    "lp_custody[].liquidity_removals[].by_team[]",
    "position_custody[].team[].relations[]",
  ].map((field): VersionNote => ({
    date: "2026-11-27",
    where: `POST /v1/api/intel/liquidity 200.data.${field}`,
    what: 'may now return "controller"',
    note: "One team vocabulary for intel/risk and intel/liquidity: the relation enum is the same in both " +
      "and lists controller (an address the token's own code compares the caller with). intel/liquidity " +
      "reads no code and does not name controllers today; a client switching over the relations needs the " +
      "branch for intel/risk already.",
  })),
  ...["signals[].evidence.holders[].kind", "signals[].evidence.functions[].holders[].kind", "signals[].evidence.changed_by[].holders[].kind"].map((field): VersionNote => ({
    date: "2026-11-29",
    where: `POST /v1/api/intel/risk 200.data.${field}`,
    what: 'may now return "code_constant"',
    note: codeConstant,
  })),
  { date: "2026-11-29", where: "POST /v1/api/contract/analysis 200.data.controllers.accounts[].role", what: 'may now return "code_constant"', note: codeConstant },
];
