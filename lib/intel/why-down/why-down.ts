// POST /v1/api/intel/why-down — a plain-language read of why a token's price is down, from its
// main pool's activity in a documented window (about a day of blocks). The price change comes
// from pool state at the window's edges; three candidate drivers are each measured from logs:
// liquidity pulled (LP redeemed through the pool, by whom, what share of the pool), heavy
// selling (tokens sold into the pool against tokens bought, the largest sellers), and the
// team's wallets moving (their sells and transfers, the team read by intel/team-wallets).
// Which driver is dominant is our reading, by documented rules; every observation behind it
// is a log with its amounts, wallet, transaction and time.
import { getAddress, parseAbi, type Address, type Hash } from "viem";
import { ApiError } from "@/lib/contract/api-error";
import type { EndpointImplementation } from "@/lib/contract/endpoint";
import type { RequestOf } from "@/lib/schemas/requests";
import { chainReadMeta } from "@/lib/intel/meta";
import { getChainClient, type ChainClient } from "@/lib/chain/clients";
import { erc20Identity } from "@/lib/chain/erc20";
import { scanLogs } from "@/lib/chain/log-scanner";
import { aggregate, valueOrNull } from "@/lib/chain/multicall";
import { getNetwork, type ChainEnv, type ChainId } from "@/lib/chain/networks";
import { readChain } from "@/lib/chain/upstream";
import type { Provenance } from "@/lib/intel/provenance";
import { bpsOf, discoverPools, formatRatio, hasFungibleLp, marketContext, readPools, sameAddress, type PoolCandidate } from "@/lib/intel/market";
import { v2PairAbi } from "@/lib/intel/market/abis";
import { readTeamWallets } from "@/lib/intel/team/team-wallets";
import { amount, isoTime, tokenView } from "@/lib/intel/present";

/** About one day of blocks on each network (12 s, 2 s and 3 s blocks). */
export const windowBlocks: Record<ChainId, bigint> = { eth: 7_200n, base: 43_200n, bsc: 28_800n };

/** Rules for the dominant driver, in order (documented in the README). */
export const driverRules = { liquidityPulledBps: 5_000, teamShareOfSellsBps: 5_000, thinTradesBelow: 5 } as const;

const poolEvents = parseAbi([
  "event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)",
  "event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)",
  "event Sync(uint112 reserve0, uint112 reserve1)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
]);
const tokenTransfer = parseAbi(["event Transfer(address indexed from, address indexed to, uint256 value)"]);

type PoolLog = { eventName: string; args: Record<string, bigint | Address>; transactionHash: Hash; blockNumber: bigint; logIndex: number; address: Address };

export type Driver = "liquidity_pulled" | "team_wallets_selling" | "heavy_selling";

type Observation = { what: "sell" | "buy" | "liquidity_removal" | "team_transfer"; wallet: Address | null; amount: ReturnType<typeof amount>; quote_amount: ReturnType<typeof amount> | null; transaction: Hash; block: number; time: string | null; note?: string };

/** Basis points of `whole`, 0 when there is no whole to share. */
const shareBps = (part: bigint, whole: bigint) => bpsOf(part, whole) ?? 0;

export async function readWhyDown(input: { chain: ChainId; address: Address; client?: ChainClient; env?: ChainEnv }) {
  const { chain } = input;
  const network = getNetwork(chain);
  const client = input.client ?? getChainClient(chain, { env: input.env });
  const token = getAddress(input.address);

  return readChain(chain, async () => {
    // Round 1, at the latest block. The team read runs beside this one (its own three rounds) and
    // shares these reads rather than asking the node for them again.
    const shared = { head: client.getBlock(), identity: erc20Identity(client, token), discovery: discoverPools({ client, chain, network }, token) };
    const teamRead = readTeamWallets({ chain, address: token, client, shared });
    teamRead.catch(() => undefined);
    const [head, identity, discovery] = await Promise.all([shared.head, shared.identity, shared.discovery]);
    if (head.number === null) throw new Error("the latest block has no number");
    const block = head.number;
    const pool = mainPool(discovery.candidates);
    if (!pool) throw new ApiError("insufficient_data", `${token} has no V2-style pool on ${network.dexes.map((dex) => dex.name).join(", ")} on ${network.displayName}: there is no trading to read.`);
    const from = block > windowBlocks[chain] ? block - windowBlocks[chain] : 0n;
    const ctx = marketContext({ client, chain, block, blockTimestamp: head.timestamp });
    const decimals = identity.decimals.value;
    const tokenIsToken0 = token.toLowerCase() < pool.quote.address.toLowerCase();

    // Round 2: the pool's and the token's logs in the window, reserves now and at the window's start.
    const [poolScan, transferScan, [now], [atStart], fromHeader] = await Promise.all([
      scanLogs({ client, address: pool.address, events: poolEvents, fromBlock: from, toBlock: block, maxLookbackBlocks: windowBlocks[chain] + 1n, chunkSize: 10_000n }),
      scanLogs({ client, address: token, events: tokenTransfer, fromBlock: from, toBlock: block, maxLookbackBlocks: windowBlocks[chain] + 1n, chunkSize: 10_000n }),
      readPools(ctx, [pool]),
      aggregate({ client, network, block: from }, [{ address: pool.address, abi: v2PairAbi, functionName: "getReserves" }]),
      client.getBlock({ blockNumber: from }),
    ]);
    const logs = poolScan.logs as unknown as PoolLog[];
    const transfers = transferScan.logs as unknown as PoolLog[];
    const swaps = logs.filter((log) => log.eventName === "Swap");
    if (swaps.length === 0) {
      throw new ApiError("insufficient_data", `No trade in ${token}'s pool ${pool.address} in blocks ${from} to ${block}: there is no price move to explain.`);
    }

    // The price at the edges: reserves at the window's start, or right after the pool's first liquidity in it.
    const startReserves = valueOrNull<readonly [bigint, bigint, number]>(atStart);
    const firstSync = logs.find((log) => log.eventName === "Sync");
    const [start0, start1] = startReserves && (startReserves[0] > 0n || startReserves[1] > 0n) ? [startReserves[0], startReserves[1]] : [firstSync!.args.reserve0 as bigint, firstSync!.args.reserve1 as bigint];
    const startSource = startReserves && (startReserves[0] > 0n || startReserves[1] > 0n) ? `reserves at block ${from}` : `the pool's first liquidity in the window (block ${firstSync!.blockNumber})`;
    const [startToken, startQuote] = tokenIsToken0 ? [start0, start1] : [start1, start0];
    const end = now.reserves!;
    const priceOf = (quote: bigint, tokens: bigint) => (decimals === null || tokens === 0n ? null : { num: quote * 10n ** BigInt(decimals), den: tokens * 10n ** BigInt(pool.quote.decimals) });
    const startPrice = priceOf(startQuote, startToken);
    const endPrice = priceOf(end.quote, end.token);
    // Change in basis points of the start price: (end − start) / start, exact to the basis point (rounded toward zero).
    const changeBps = startToken > 0n && end.token > 0n && startQuote > 0n ? Number(((end.quote * startToken - startQuote * end.token) * 10_000n) / (startQuote * end.token)) : null;

    // Round 3: the team (its last round), and block times of everything cited.
    const cited = [...new Set([...logs, ...transfers].map((log) => log.blockNumber))];
    const [team, headers] = await Promise.all([teamRead, Promise.all(cited.map((blockNumber) => client.getBlock({ blockNumber })))]);
    const timeOf = new Map(headers.map((header) => [header.number, header.timestamp]));
    const when = (n: bigint) => (timeOf.has(n) ? isoTime(timeOf.get(n)!) : null);
    const teamSet = new Map(team.data.wallets.map((wallet) => [wallet.address.toLowerCase(), wallet.relations.map((proof) => proof.relation)]));

    // Sells and buys: each swap matched with the token transfer into or out of the pool in its transaction.
    const trades = swaps.map((swap) => {
      const args = swap.args as Record<string, bigint>;
      const [tokenIn, tokenOut, quoteIn, quoteOut] = tokenIsToken0 ? [args.amount0In, args.amount0Out, args.amount1In, args.amount1Out] : [args.amount1In, args.amount1Out, args.amount0In, args.amount0Out];
      const side = tokenIn > 0n ? ("sell" as const) : ("buy" as const);
      const leg = transfers.find((log) => log.transactionHash === swap.transactionHash && (side === "sell" ? sameAddress(log.args.to as Address, pool.address) : sameAddress(log.args.from as Address, pool.address)));
      const wallet = leg ? getAddress((side === "sell" ? leg.args.from : leg.args.to) as Address) : null;
      return { side, wallet, tokens: side === "sell" ? tokenIn : tokenOut, quote: side === "sell" ? quoteOut : quoteIn, swap };
    });
    const sells = trades.filter((trade) => trade.side === "sell");
    const sold = sells.reduce((sum, trade) => sum + trade.tokens, 0n);
    const bought = trades.filter((trade) => trade.side === "buy").reduce((sum, trade) => sum + trade.tokens, 0n);
    const bySeller = new Map<string, { wallet: Address; sold: bigint; transactions: Hash[] }>();
    for (const sell of sells) {
      if (!sell.wallet) continue;
      const entry = bySeller.get(sell.wallet.toLowerCase()) ?? { wallet: sell.wallet, sold: 0n, transactions: [] };
      entry.sold += sell.tokens;
      entry.transactions.push(sell.swap.transactionHash);
      bySeller.set(sell.wallet.toLowerCase(), entry);
    }
    const sellers = [...bySeller.values()].sort((a, b) => (a.sold === b.sold ? 0 : a.sold > b.sold ? -1 : 1));

    // Liquidity pulled: each Burn with the LP sent into the pool in the same transaction (and by whom).
    const lpTransfers = logs.filter((log) => log.eventName === "Transfer");
    const removals = logs
      .filter((log) => log.eventName === "Burn")
      .map((burn) => {
        const args = burn.args as Record<string, bigint>;
        const sentIn = lpTransfers.filter((log) => log.transactionHash === burn.transactionHash && sameAddress(log.args.to as Address, pool.address) && log.logIndex < burn.logIndex).at(-1);
        const [tokenOut, quoteOut] = tokenIsToken0 ? [args.amount0, args.amount1] : [args.amount1, args.amount0];
        return { by: sentIn ? getAddress(sentIn.args.from as Address) : null, lp: (sentIn?.args.value as bigint | undefined) ?? null, tokenOut, quoteOut, burn };
      });
    const quoteRemoved = removals.reduce((sum, removal) => sum + removal.quoteOut, 0n);
    // Share of the pool's quote side taken out, against what it held before each removal (from the Sync before it).
    const removedShareBps = removals.length === 0 ? 0 : Math.max(...removals.map((removal) => shareBps(removal.quoteOut, quoteBefore(logs, removal.burn, tokenIsToken0) ?? startQuote)));

    const teamSells = sells.filter((sell) => sell.wallet && teamSet.has(sell.wallet.toLowerCase()));
    const teamSold = teamSells.reduce((sum, sell) => sum + sell.tokens, 0n);
    const teamShareOfSellsBps = shareBps(teamSold, sold);
    const netSoldBps = bpsOf(sold - bought, startToken);
    const teamTransfers = transfers.filter((log) => teamSet.has((log.args.from as Address).toLowerCase()) && !sameAddress(log.args.to as Address, pool.address));

    const observationOf = (trade: (typeof trades)[number]): Observation => ({
      what: trade.side,
      wallet: trade.wallet,
      amount: amount(trade.tokens, decimals),
      quote_amount: amount(trade.quote, pool.quote.decimals),
      transaction: trade.swap.transactionHash,
      block: Number(trade.swap.blockNumber),
      time: when(trade.swap.blockNumber),
      ...(trade.wallet && teamSet.has(trade.wallet.toLowerCase()) ? { note: `team wallet (${teamSet.get(trade.wallet.toLowerCase())!.join(", ")})` } : {}),
    });
    // Each driver's score, 0 to 1 (interpretation): the share of the pool's quote side one removal took;
    // the team's share of everything sold; net selling against the pool's starting token reserve.
    const score = (bps: number | null) => (bps === null ? 0 : Math.min(1, Math.max(0, bps / 10_000)));
    const pullers = [...new Set(removals.map((removal) => removal.by).filter((by): by is Address => by !== null))];
    const drivers = [
      {
        driver: "liquidity_pulled" as const,
        score: score(removedShareBps),
        measured: {
          removals: removals.length,
          largest_share_of_pool_bps: removedShareBps,
          quote_removed: amount(quoteRemoved, pool.quote.decimals),
          by: pullers.map((wallet) => ({ wallet, team: teamSet.get(wallet.toLowerCase()) ?? null })),
        },
        observations: removals.map<Observation>((removal) => ({
          what: "liquidity_removal",
          wallet: removal.by,
          amount: amount(removal.tokenOut, decimals),
          quote_amount: amount(removal.quoteOut, pool.quote.decimals),
          transaction: removal.burn.transactionHash,
          block: Number(removal.burn.blockNumber),
          time: when(removal.burn.blockNumber),
          note: removal.lp === null ? "LP sender not found in the transaction" : `${removal.lp} LP redeemed`,
        })),
      },
      {
        driver: "team_wallets_selling" as const,
        score: score(teamShareOfSellsBps),
        measured: { team_wallets: team.data.wallets.length, sold: amount(teamSold, decimals), share_of_sells_bps: teamShareOfSellsBps, transfers_out: teamTransfers.length },
        observations: [
          ...teamSells.map(observationOf),
          ...teamTransfers.map<Observation>((log) => ({ what: "team_transfer", wallet: getAddress(log.args.from as Address), amount: amount(log.args.value as bigint, decimals), quote_amount: null, transaction: log.transactionHash, block: Number(log.blockNumber), time: when(log.blockNumber), note: `to ${getAddress(log.args.to as Address)}` })),
        ],
      },
      {
        driver: "heavy_selling" as const,
        score: score(netSoldBps),
        measured: {
          sells: sells.length,
          buys: trades.length - sells.length,
          sold: amount(sold, decimals),
          bought: amount(bought, decimals),
          net_sold: amount(sold - bought, decimals),
          net_sold_share_of_start_reserve_bps: netSoldBps,
          largest_sellers: sellers.slice(0, 5).map((seller) => ({ wallet: seller.wallet, sold: amount(seller.sold, decimals), share_bps: shareBps(seller.sold, sold), transactions: seller.transactions, team: teamSet.get(seller.wallet.toLowerCase()) ?? null })),
        },
        observations: [...sells].sort((a, b) => (a.tokens === b.tokens ? 0 : a.tokens > b.tokens ? -1 : 1)).slice(0, 10).map(observationOf),
      },
    ];

    const down = changeBps !== null && changeBps < 0;
    const dominant: Driver | null = !down
      ? null
      : removedShareBps >= driverRules.liquidityPulledBps
        ? "liquidity_pulled"
        : teamShareOfSellsBps >= driverRules.teamShareOfSellsBps
          ? "team_wallets_selling"
          : sold > bought
            ? "heavy_selling"
            : null;
    const thin = trades.length < driverRules.thinTradesBelow;
    const symbol = identity.symbol.value ?? "the token";
    const pct = (bps: number) => `${(Math.abs(bps) / 100).toFixed(2)} %`;
    const read =
      changeBps === null
        ? `The pool's reserves do not give a price for ${symbol} at both edges of the window.`
        : !down
          ? `${symbol} is not down in this window: the pool price moved ${changeBps >= 0 ? "up" : "down"} ${pct(changeBps)}.`
          : dominant === "liquidity_pulled"
            ? `${symbol} is down ${pct(changeBps)}: liquidity was pulled — a single removal took ${pct(removedShareBps)} of the pool's ${pool.quote.symbol}${pullers.length ? ` (by ${pullers.join(", ")})` : ""}, leaving the price exposed to the sells that followed.`
            : dominant === "team_wallets_selling"
              ? `${symbol} is down ${pct(changeBps)}: wallets linked to the team sold ${pct(teamShareOfSellsBps)} of everything sold into the pool in the window.`
              : dominant === "heavy_selling"
                ? `${symbol} is down ${pct(changeBps)}: more was sold into the pool than bought (net ${pct(netSoldBps ?? 0)} of its starting reserve), led by ${sellers[0]?.wallet ?? "unidentified sellers"}.`
                : `${symbol} is down ${pct(changeBps)}, and none of the measured drivers explains it on chain in this window.`;

    const provenance: Record<string, Provenance> = { price: "verified_onchain", drivers: "verified_onchain", dominant_driver: "interpretation", read: "interpretation", window: "verified_onchain", limitations: "interpretation" };
    return {
      chain,
      block,
      provenance,
      sources: { transactions: [...new Set(drivers.flatMap((driver) => driver.observations.map((observation) => observation.transaction)))], pool: pool.address },
      data: {
        token: tokenView(token, identity),
        pool: { address: pool.address, dex: pool.dex.name, quote: { address: pool.quote.address, symbol: pool.quote.symbol } },
        window: { from_block: Number(from), to_block: Number(block), from_time: isoTime(fromHeader.timestamp), to_time: isoTime(head.timestamp), blocks: Number(block - from) },
        price: {
          start: startPrice ? formatRatio(startPrice) : null,
          end: endPrice ? formatRatio(endPrice) : null,
          change_bps: changeBps,
          down,
          start_from: startSource,
        },
        dominant_driver: dominant,
        read,
        thin,
        ...(thin ? { thin_note: `Only ${trades.length} trade${trades.length === 1 ? "" : "s"} in the window: a thin history, so this read rests on little.` } : {}),
        drivers,
        limitations: [
          `The window is the last ${windowBlocks[chain]} blocks on ${network.displayName} (about a day); the main pool is the token's ${pool.dex.name} pool against ${pool.quote.symbol}. Activity elsewhere is not read.`,
          "Each driver's score (0 to 1) is the share it measures: of the pool's quote side one removal took, of everything sold that the team sold, of the starting token reserve sold net.",
          `Dominant driver, by rule: liquidity pulled when one removal took at least ${pct(driverRules.liquidityPulledBps)} of the pool's ${pool.quote.symbol}; else team wallets selling when they sold at least ${pct(driverRules.teamShareOfSellsBps)} of all tokens sold; else heavy selling when more was sold than bought.`,
          "Team wallets are those intel/team-wallets links by on-chain relations; a seller not linked there counts as an ordinary seller.",
        ],
        unavailable: {},
      },
    };
  });
}

/** The token's main pool: the first V2-style pool against the wrapped native coin, else any V2-style pool. */
function mainPool(candidates: readonly PoolCandidate[]): PoolCandidate | null {
  const v2 = candidates.filter(hasFungibleLp);
  return v2.find((pool) => pool.quote.kind === "wrapped_native") ?? v2[0] ?? null;
}

/** The pool's quote reserve just before `burn`'s transaction, from the last Sync of an earlier transaction in the window (a burn's own Sync comes after the removal). */
function quoteBefore(logs: readonly PoolLog[], burn: PoolLog, tokenIsToken0: boolean): bigint | null {
  const earlier = (log: PoolLog) => log.blockNumber < burn.blockNumber || (log.blockNumber === burn.blockNumber && log.logIndex < burn.logIndex);
  const sync = logs.filter((log) => log.eventName === "Sync" && log.transactionHash !== burn.transactionHash && earlier(log)).at(-1);
  if (!sync) return null;
  return (tokenIsToken0 ? sync.args.reserve1 : sync.args.reserve0) as bigint;
}

export const whyDownIntel: EndpointImplementation<RequestOf<"intel/why-down">> = async ({ input }) => {
  const result = await readWhyDown({ chain: input.chain, address: input.address });
  return {
    data: result.data,
    sources: result.sources,
    meta: chainReadMeta(result),
  };
};

