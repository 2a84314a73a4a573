// wallet/approvals and wallet/exact-movements on the demo chains (chain ids 1, 8453, 56): live
// approvals reconciled with allowance() (unlimited, limited, the revoked one gone), paging and
// totals; the trader's buys and sells and a team wallet's transfers with exact amounts, the
// token filter, the 25 cap, a wallet with nothing, provenance, and three rounds per request.
import { beforeAll, describe, expect, it } from "vitest";
import { useDemoChains } from "../support/demo-chains";
import { erc20Abi, formatUnits, maxUint256, type Address } from "viem";
import { ApiError } from "@/lib/errors/api-error";
import { type ChainId, getNetwork } from "@/lib/chain/networks";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { DEMO_CHAINS, type AddressBook } from "@/demo-chain";
import { readApprovals } from "@/lib/intel/endpoints/wallet/approvals";
import { maxMovementsPerCall, readExactMovements } from "@/lib/intel/endpoints/wallet/exact-movements";
import { readMovements } from "@/lib/intel/reads/wallet/movements";
import { getChainClient } from "@/lib/chain/clients";
import { findPools, marketContext, plus, priceToken, times } from "@/lib/intel/reads/market";
import { usdText } from "@/lib/intel/answers/present";

const labels = ["verified_onchain", "augmented", "interpretation", "unavailable"];

const demo = useDemoChains();

function expectProvenance(result: { data: Record<string, unknown> & { unavailable: Record<string, string> }; provenance: Record<string, string> }) {
  for (const field of Object.keys(result.data)) {
    if (["unavailable", "wallet", "token", "page", "unlimited_total"].includes(field)) continue;
    expect(Object.keys(result.provenance).some((key) => key === field || key.startsWith(`${field}.`)), `provenance for ${field}`).toBe(true);
  }
  for (const [field, label] of Object.entries(result.provenance)) {
    expect(labels).toContain(label);
    if (label === "unavailable") expect(result.data.unavailable[field]).toBeTruthy();
  }
}

describe.each(DEMO_CHAINS)("wallet reads on demo %s", (chain: ChainId) => {
  let book: AddressBook;
  const env = () => ({ ETH_RPC_URL: demo.chains[chain].rpcUrl, BASE_RPC_URL: demo.chains[chain].rpcUrl, BSC_RPC_URL: demo.chains[chain].rpcUrl });
  const metered = async <T>(read: () => Promise<T>) => {
    const { result, usage } = await withRpcMeter(read);
    expect(usage.roundTrips).toBeLessThanOrEqual(3);
    return result;
  };

  beforeAll(() => {
    book = demo.chains[chain].addressBook;
  });

  it("approvals: the unlimited and the limited approval, with allowance, spender and grant; the revoked one is gone", async () => {
    const scenario = book.scenarios.approvals;
    const [unlimited, limited] = scenario.approvals;
    const result = await metered(() => readApprovals({ chain, wallet: scenario.wallet, env: env() }));
    expectProvenance(result);
    expect(result.honestEmpty).toBe(false);
    expect({ total: result.data.total, unlimited_total: result.data.unlimited_total }).toEqual({ total: 2, unlimited_total: 1 });
    const router = getNetwork(chain).dexes.find((dex) => dex.router === unlimited.spender)!;
    const stablecoin = getNetwork(chain).stablecoins.find((coin) => coin.address === limited.token)!;
    const reader = getChainClient(chain, { env: env() });
    const blockNumber = BigInt(result.data.window.to_block);
    const [heldUnlimited, heldLimited] = await Promise.all([unlimited.token, limited.token].map((token) => reader.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [scenario.wallet], blockNumber })));
    const limitedAtRisk = heldLimited < BigInt(limited.allowance) ? heldLimited : BigInt(limited.allowance);
    expect(limitedAtRisk).toBeGreaterThan(0n);
    // The healthy token is priced at the mid price of its V2 pair, found at its CREATE2 address; on
    // the demo bsc the PancakeSwap factory runs Uniswap's pair code (another init code hash), so
    // its pair is not where PancakeSwap's hash puts it and the token stays unpriced there.
    const market = await findPools(marketContext({ client: reader, chain, block: blockNumber }), unlimited.token);
    const healthyUsd = chain === "bsc" ? null : times({ num: heldUnlimited, den: 10n ** 18n }, priceToken(market, 18)!.usdPerToken!);
    const stableUsd = { num: limitedAtRisk, den: 10n ** BigInt(stablecoin.decimals) };
    expect(result.data.value_at_risk).toEqual(
      healthyUsd ? { usd: usdText(plus(stableUsd, healthyUsd)), priced_tokens: 2, unpriced_tokens: 0 } : { usd: formatUnits(limitedAtRisk, stablecoin.decimals), priced_tokens: 1, unpriced_tokens: 1 },
    );
    expect(result.data.approvals).toEqual([
      {
        token: { address: unlimited.token, name: "Healthy Demo Token", symbol: "HLTH", decimals: 18 },
        spender: { address: unlimited.spender, label: `${router.name} router`, kind: "router", is_contract: true },
        allowance: { raw: maxUint256.toString(), formatted: formatUnits(maxUint256, 18) },
        unlimited: true,
        // The whole balance is at risk, at the token's own pair's price.
        at_risk: { amount: { raw: heldUnlimited.toString(), formatted: formatUnits(heldUnlimited, 18) }, usd: healthyUsd && usdText(healthyUsd) },
        granted: { transaction: unlimited.txs[0].hash, block: unlimited.txs[0].block, time: new Date(unlimited.txs[0].timestamp * 1000).toISOString() },
      },
      {
        token: expect.objectContaining({ address: limited.token }),
        spender: { address: limited.spender, label: null, kind: null, is_contract: false },
        allowance: { raw: limited.allowance, formatted: formatUnits(BigInt(limited.allowance), result.data.approvals[1].token.decimals!) },
        unlimited: false,
        // The network's stablecoin: the smaller of balance and allowance, at a dollar a token.
        at_risk: { amount: { raw: limitedAtRisk.toString(), formatted: formatUnits(limitedAtRisk, stablecoin.decimals) }, usd: formatUnits(limitedAtRisk, stablecoin.decimals) },
        granted: expect.objectContaining({ transaction: limited.txs[0].hash }),
      },
    ]);
    expect(scenario.approvals[2]).toMatchObject({ kind: "revoked", allowance: "0" });
    expect(result.data.approvals.map((approval) => approval.spender.address)).not.toContain(scenario.approvals[2].spender);
    // The whole history, from block 0: its age in days is the read block's time less the genesis block's.
    const client = getChainClient(chain, { env: env() });
    const [genesis, head] = await Promise.all([client.getBlock({ blockNumber: 0n }), client.getBlock({ blockNumber: BigInt(result.data.window.to_block) })]);
    const days = Math.round((Number(head.timestamp - genesis.timestamp) / 86_400) * 10) / 10;
    expect(result.data.window).toEqual({ from_block: 0, to_block: Number(head.number), truncated: false, end: "history_start", days });
    expect(result.data.limitations[0]).toBe(`Approvals come from the wallet's Approval logs over ${getNetwork(chain).displayName}'s whole history (blocks 0 to ${head.number}, ${days} days).`);
  });

  it("approvals: limit and offset page through the live set; the total stays", async () => {
    const wallet = book.scenarios.approvals.wallet;
    const second = await metered(() => readApprovals({ chain, wallet, limit: 1, offset: 1, env: env() }));
    expect({ total: second.data.total, page: second.data.page }).toEqual({ total: 2, page: { limit: 1, offset: 1, returned: 1, has_more: false } });
    expect(second.data.approvals[0].unlimited).toBe(false);
    const first = await metered(() => readApprovals({ chain, wallet, limit: 1, env: env() }));
    expect(first.data.page).toEqual({ limit: 1, offset: 0, returned: 1, has_more: true });
    const beyond = await metered(() => readApprovals({ chain, wallet, offset: 5, env: env() }));
    expect({ approvals: beyond.data.approvals, total: beyond.data.total }).toEqual({ approvals: [], total: 2 });
  });

  it("approvals: a wallet that never approved anything is an honest empty answer", async () => {
    const result = await metered(() => readApprovals({ chain, wallet: book.wallets.buyer1, env: env() }));
    expect({ honestEmpty: result.honestEmpty, total: result.data.total, approvals: result.data.approvals }).toEqual({ honestEmpty: true, total: 0, approvals: [] });
  });

  it("exact movements: the trader's buys and sell, newest first, with exact amounts, the pool and what was paid", async () => {
    const trader = book.scenarios.trader;
    const result = await metered(() => readExactMovements({ chain, wallet: trader.wallet, env: env() }));
    expectProvenance(result);
    const wrapped = getNetwork(chain).wrappedNative;
    expect(result.data.movements).toEqual(
      [...trader.trades].reverse().map((trade) => ({
        kind: trade.side,
        token: { address: trader.token, name: "Healthy Demo Token", symbol: "HLTH", decimals: 18 },
        amount: { raw: trade.tokenAmount, formatted: formatUnits(BigInt(trade.tokenAmount), 18) },
        counterparty: trader.pair,
        transaction: trade.tx.hash,
        block: trade.tx.block,
        log_index: expect.any(Number),
        time: new Date(trade.tx.timestamp * 1000).toISOString(),
        swap: { pool: trader.pair, dex: expect.stringMatching(/-v2$/), dex_name: expect.stringMatching(/ V2$/), quote: { address: wrapped.address, symbol: wrapped.symbol }, quote_amount: { raw: trade.nativeAmount, formatted: formatUnits(BigInt(trade.nativeAmount), 18) } },
        // Straight through the DEX's own router: what the trader paid or received is what the pool took or paid.
        quote_amount: { raw: trade.nativeAmount, formatted: formatUnits(BigInt(trade.nativeAmount), 18) },
        quote_source: "wallet",
        quote_source_reason: null,
      })),
    );
    expect(result.data.counts).toEqual({ buy: 2, sell: 1, transfer_in: 0, transfer_out: 0, total: 3 });
  });

  it("exact movements: a team wallet's allocation is a transfer in from the deployer, its sales are sells", async () => {
    const dump = book.scenarios.dump;
    const team = dump.facts.teamWallets[0];
    const result = await metered(() => readExactMovements({ chain, wallet: team.address, token: dump.token.address, env: env() }));
    const allocation = result.data.movements.find((movement) => movement.transaction === team.allocationTx.hash)!;
    expect(allocation).toMatchObject({ kind: "transfer_in", counterparty: dump.deployer, amount: { raw: team.allocation }, swap: null });
    expect(result.data.movements.filter((movement) => movement.kind === "sell").map((movement) => [movement.transaction, movement.amount.raw])).toEqual(
      [...team.sells].reverse().map((sell) => [sell.tx.hash, sell.tokenAmount]),
    );
    expect(result.data.counts).toEqual({ buy: 0, sell: team.sells.length, transfer_in: 1, transfer_out: 0, total: team.sells.length + 1 });
    expect(result.data.token).toBe(dump.token.address);
  });

  it("exact movements: a taxed sell is one sell of the gross amount, its two transfers listed", async () => {
    const tax = book.scenarios.tax;
    const sold = tax.facts.taxedSell;
    const result = await metered(() => readExactMovements({ chain, wallet: sold.wallet, token: tax.token.address, env: env() }));
    const sell = result.data.movements.find((movement) => movement.transaction === sold.tx.hash)!;
    expect(sell).toMatchObject({ kind: "sell", amount: { raw: sold.gross }, counterparty: tax.pool.pair, swap: { pool: tax.pool.pair, quote_amount: { raw: sold.nativeOut } } });
    expect(sell.legs!.map((leg) => [leg.counterparty, leg.amount.raw])).toEqual([
      [tax.facts.taxWallet, sold.tax],
      [tax.pool.pair, sold.net],
    ]);
    expect(result.data.movements.filter((movement) => movement.transaction === sold.tx.hash)).toHaveLength(1);
  });

  it("exact movements: the token filter narrows to one token", async () => {
    const wallet = book.scenarios.approvals.wallet;
    const all = await metered(() => readExactMovements({ chain, wallet, env: env() }));
    expect(new Set(all.data.movements.map((movement) => movement.token.address)).size).toBe(2);
    const healthyOnly = await metered(() => readExactMovements({ chain, wallet, token: book.scenarios.healthy.token.address, env: env() }));
    expect(healthyOnly.data.movements.map((movement) => movement.kind)).toEqual(["buy"]);
    expect(healthyOnly.data.movements.length).toBeLessThanOrEqual(maxMovementsPerCall);
  });

  it("exact movements: a wallet with none is 422 insufficient_data", async () => {
    const error = await readExactMovements({ chain, wallet: book.scenarios.trader.wallet, token: book.scenarios.tax.token.address, env: env() }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("insufficient_data");
  });
});

describe("movements: the cap", () => {
  it("past the cap, the newest movements are kept and the read says more exist", async () => {
    const { rpcUrl, addressBook } = demo.chains.eth;
    const trader = addressBook.scenarios.trader;
    const client = getChainClient("eth", { env: { ETH_RPC_URL: rpcUrl } });
    const block = await client.getBlockNumber();
    const read = await readMovements({ client, chain: "eth", block, wallet: trader.wallet, maxMovements: 2 });
    expect(read.movements.map((movement) => movement.transaction)).toEqual([trader.trades[2].tx.hash, trader.trades[1].tx.hash]);
    expect(read.scan.capped).toBe(true);
    expect(maxMovementsPerCall).toBe(25);
  });
});
