// Judged for the token it belongs to, on all three demo chains: quote assets, the healthy token, a
// rebasing token and a hidden balance each read as what they are. The cases in detail: the describe
// below.
import { beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, encodeFunctionData, erc20Abi, http, keccak256, pad, parseAbi, toHex, type Address, type Hex } from "viem";
import { rpc } from "../chain/support/anvil";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { forgetProviderProfiles } from "@/lib/chain/provider-profile";
import { DEMO_CHAINS, type AddressBook } from "@/demo-chain";
import { analyzeLiquidity } from "@/lib/intel/endpoints/intel/liquidity";
import { analyzeRisk, type Signal } from "@/lib/intel/endpoints/intel/risk";
import { getChainClient } from "@/lib/chain/clients";
import { useDemoChains } from "../support/demo-chains";
import { providers, startProviderProxy } from "../support/provider-proxy";

/** An amount in the answer's vocabulary: its raw units exactly, its formatted form whatever the decimals make it. */
const units = (raw: bigint | string) => ({ raw: raw.toString(), formatted: expect.any(String) });

const demo = useDemoChains();

type Data = Awaited<ReturnType<typeof analyzeRisk>>["data"];
const signalOf = (data: Data, id: string): Signal | undefined => data.signals.find((signal) => signal.id === id);

// Judged for the token it belongs to, on all three demo chains (chain ids 1, 8453, 56): the
// network's established quote assets (wrapped native, stablecoins) carry no red flag, whoever
// seeded their pools; the healthy demo token, its supply spread, carries none either; a rebasing
// token (UFragments' interface) is told as an elastic supply with its monetary policy, not as a
// thief, while a holder cut apart from the rebase still reads as siphoned; and a balance larger
// than the supply that no Transfer brought is flagged with its address and size — also through a
// provider-like proxy.
describe.each(DEMO_CHAINS)("judged for the token it belongs to, on demo %s", (chain: ChainId) => {
  let book: AddressBook;
  const env = () => demo.env(chain);
  const client = () => createPublicClient({ transport: http(demo.chains[chain].rpcUrl) });
  const risk = async (address: Address) => {
    const { result, usage } = await withRpcMeter(() => analyzeRisk({ chain, address, env: env() }));
    expect(usage.roundTrips).toBeLessThanOrEqual(3);
    return result.data;
  };

  beforeAll(() => {
    book = demo.chains[chain].addressBook;
  });

  it("every established quote asset placed on the chain (wrapped native, stablecoin) answers with no red flag; its pool with another quote asset is context", async () => {
    const network = getNetwork(chain);
    const registry = [network.wrappedNative, ...network.stablecoins, ...network.otherQuotes];
    const placed: Address[] = [];
    for (const asset of registry) if (((await client().getCode({ address: asset.address })) ?? "0x") !== "0x") placed.push(asset.address);
    expect(placed).toEqual(expect.arrayContaining([book.canonical.wrappedNative.address, book.canonical.stablecoin.address]));
    for (const address of placed) {
      const data = await risk(address);
      expect({ address, flags: data.flags, summary: data.summary }).toEqual({ address, flags: [], summary: expect.stringMatching(/^No known red flag/) });
      expect(signalOf(data, "lp_custody"), address).toMatchObject({ severity: "info", flag: false, evidence: { quote_pair: true } });
      for (const power of data.signals.filter((signal) => signal.id.startsWith("power_"))) expect(power, address).toMatchObject({ severity: "info", flag: false });
    }
    // The stablecoin's mint, which anyone may call on the demo, is read and told as the issuer's.
    expect(signalOf(await risk(book.canonical.stablecoin.address), "power_mint")).toMatchObject({ flag: false, title: expect.stringMatching(/established quote asset/) });
  });

  it("a pool's first liquidity provider alone is not the team: the reference pool's provider is named as such, and no team holds its LP", async () => {
    const weth = book.canonical.wrappedNative.address;
    const { data } = await analyzeLiquidity({ chain, address: weth, client: getChainClient(chain, { env: env() }) });
    const reference = data.lp_custody.find((custody) => custody.pool === book.referencePool.pair)!;
    expect(reference.initial_liquidity_provider).not.toBeNull();
    expect(reference.team.holders).toEqual([]);
    const custody = signalOf(await risk(weth), "lp_custody")!;
    expect(custody.evidence).toMatchObject({ pool: book.referencePool.pair, team_held_bps: 0, team_holders: [] });
    // A rug's deployer is still the team, the first provider beside its other links.
    const rug = signalOf(await risk(book.scenarios.rug.token.address), "lp_custody")!;
    expect(rug).toMatchObject({ flag: true, evidence: { team_holders: [{ address: book.scenarios.rug.deployer, relations: expect.arrayContaining(["owner", "initial_liquidity_provider"]) }] } });
  });

  it("a stablecoin's treasury that received the launch mint and seeded the pool (Circle's FiatToken) has no deployment, ownership or control relation: risk reads no team-held LP, liquidity neither, and no holder is named the team's by it", async () => {
    const circle = book.realTokens.scenarios.circleFiatToken;
    const treasury = book.realTokens.wallets.circleTreasury;
    expect(circle.pool.provider).toBe(treasury);
    // Behind its proxy the powers' holders take rounds of their own (risk-real-tokens counts them): the answer is what is judged here.
    const { data } = await analyzeRisk({ chain, address: circle.token.address, env: env() });
    const custody = signalOf(data, "lp_custody")!;
    expect(custody).toMatchObject({ flag: true, severity: "low", title: "Liquidity is not locked, but no team wallet holds it: its providers can withdraw it", evidence: { pool: circle.pool.pair, team_held_bps: 0, team_holders: [] } });
    const holders = (signalOf(data, "holder_concentration")!.evidence as { holders: { address: Address; team: string[] }[] }).holders;
    expect(holders.find((holder) => holder.address === treasury)).toMatchObject({ team: [] });
    const { data: liquidity } = await analyzeLiquidity({ chain, address: circle.token.address, client: getChainClient(chain, { env: env() }) });
    const pool = liquidity.lp_custody.find((entry) => entry.pool === circle.pool.pair)!;
    expect({ provider: pool.initial_liquidity_provider, team: pool.team.share_bps }).toEqual({ provider: treasury, team: 0 });
  });

  it("the healthy demo token, its supply spread over many holders, answers with no red flag", async () => {
    const { healthy } = book.scenarios;
    const spread = book.venues.healthySpread;
    expect(spread.token).toBe(healthy.token.address);
    expect(await client().readContract({ address: healthy.token.address, abi: erc20Abi, functionName: "balanceOf", args: [healthy.deployer] })).toBe(0n);
    const data = await risk(healthy.token.address);
    expect(data.flags).toEqual([]);
    expect(data.summary).toMatch(/^No known red flag was found at read time/);
    const concentration = signalOf(data, "holder_concentration")!;
    expect(concentration).toMatchObject({ severity: "info", flag: false });
    const evidence = concentration.evidence as { top_holder_bps: number; top_ten_bps: number; holders: { address: Address }[]; set_apart: { address: Address; kind: string }[] };
    expect(evidence.top_holder_bps).toBeLessThan(2_000);
    expect(evidence.top_ten_bps).toBeLessThan(5_000);
    expect(evidence.holders).toHaveLength(10);
    // The pool holds more than any wallet and is set apart, not counted.
    expect(evidence.set_apart).toContainEqual(expect.objectContaining({ address: healthy.pool.pair, kind: "pool" }));
    expect(evidence.holders.map((holder) => holder.address)).not.toContain(healthy.pool.pair);
    expect(signalOf(data, "lp_custody")).toMatchObject({ flag: false, evidence: { burned_bps: healthy.facts.lpBurnedShareBps } });
  });

  it("rebasing: the monetary policy's rebase scales every balance without a Transfer; told as elastic supply with the policy address and the rebase's size, not as siphoning", async () => {
    const { elasticSupply } = book.venues.signals;
    const { facts } = elasticSupply;
    const data = await risk(elasticSupply.token.address);
    const before = BigInt(facts.rebase.supplyBefore);
    const after = BigInt(facts.rebase.supplyAfter);
    expect(signalOf(data, "rebasing")).toEqual({
      id: "rebasing",
      severity: "info",
      flag: false,
      title: `Elastic supply: balances scale with the supply without Transfer logs; the last rebase took it from ${before} to ${after} (-10.00 % of the supply)`,
      evidence: {
        seen: "logged",
        total_supply: units(after),
        transferred_supply: units(before),
        rebases_logged: 1,
        last_rebase: { epoch: "1", supply_before: units(before), supply_after: units(after), change_bps: -1_000, block: facts.rebase.tx.block, transaction: facts.rebase.tx.hash },
        // The three who bought before the rebase and the one after, each at its own scale.
        holders_scaled: 3,
        authority: [{ address: facts.monetaryPolicy, slot: "1", functions: ["rebase(uint256,int256)"] }],
        owner: facts.owner,
        note: expect.any(String),
      },
      provenance: "interpretation",
    });
    expect(signalOf(data, "siphoned_balances")).toMatchObject({ severity: "info", flag: false, evidence: { compared: 4, short: [] } });
    expect(data.flags).not.toContain("siphoned_balances");
    expect(data.flags).not.toContain("rebasing");
    expect(data.flags).not.toContain("hidden_balance");
  });

  it("rebasing, with one holder cut apart from the rebase (its gons halved without a Transfer): that holder reads as siphoned, the others as rebased", async () => {
    const { elasticSupply } = book.venues.signals;
    const { rpcUrl } = demo.chains[chain];
    const victim = elasticSupply.facts.boughtBefore[0];
    // _gonBalances is the mapping in slot 4 (owner, monetaryPolicy, _totalSupply, _gonsPerFragment before it).
    const slot = keccak256(`${pad(victim)}${pad(toHex(4)).slice(2)}` as Hex);
    const snapshot = await rpc<Hex>(rpcUrl, "evm_snapshot");
    try {
      const gons = BigInt(await rpc<Hex>(rpcUrl, "eth_getStorageAt", [elasticSupply.token.address, slot, "latest"]));
      expect(gons).toBeGreaterThan(0n);
      await rpc(rpcUrl, "anvil_setStorageAt", [elasticSupply.token.address, slot, pad(toHex(gons / 2n))]);
      await rpc(rpcUrl, "evm_mine");
      const data = await risk(elasticSupply.token.address);
      const siphon = signalOf(data, "siphoned_balances")!;
      expect(siphon).toMatchObject({ severity: "high", flag: true, evidence: { compared: 4 } });
      const short = (siphon.evidence as { short: { address: Address; missing_bps: number }[] }).short;
      expect(short.map((entry) => entry.address)).toEqual([victim]);
      expect(short[0].missing_bps).toBeGreaterThanOrEqual(4_990);
      expect(signalOf(data, "rebasing")).toMatchObject({ flag: false, evidence: { holders_scaled: 2 } });
    } finally {
      await rpc(rpcUrl, "evm_revert", [snapshot]);
    }
  });

  it("a hidden balance: the token contract holds five times the supply with no Transfer that brought it; named with its size, and a call anyone can make sells it into the pool", async () => {
    const { hiddenBalance } = book.venues.signals;
    const data = await risk(hiddenBalance.token.address);
    const supply = BigInt(hiddenBalance.token.totalSupply);
    expect(signalOf(data, "hidden_balance")).toEqual({
      id: "hidden_balance",
      severity: "high",
      flag: true,
      title: `${hiddenBalance.facts.holder} holds 5.00 times the whole supply, more than any Transfer brought it: a hidden balance that can be sold into the pool`,
      evidence: {
        holders: [{ address: hiddenBalance.facts.holder, balance: units(hiddenBalance.facts.balance), explained: units(0n), excess: units(hiddenBalance.facts.balance), share_of_supply_bps: 50_000, above_supply: true, is_token: true }],
        total_supply: units(supply),
        threshold_bps: 100,
        note: expect.any(String),
      },
      provenance: "verified_onchain",
    });
    expect(data.flags).toEqual(["hidden_balance"]);
    // No other token on the chain reads as hiding a balance: the healthy, the taxed, the siphoned (whose owner gained a little), the rebasing one.
    for (const token of [book.scenarios.healthy.token.address, book.scenarios.tax.token.address, book.venues.signals.siphonedBalances.token.address, book.venues.signals.elasticSupply.token.address]) {
      expect(signalOf(await risk(token), "hidden_balance"), token).toBeUndefined();
    }

    // What it means: anyone's call sells the hidden balance and nearly empties the pool's native side.
    const { rpcUrl } = demo.chains[chain];
    const stranger = "0x00000000000000000000000000000000005afe00" as Address;
    const wrapped = getNetwork(chain).wrappedNative.address;
    const pooled = () => client().readContract({ address: wrapped, abi: erc20Abi, functionName: "balanceOf", args: [hiddenBalance.pool.pair] });
    const snapshot = await rpc<Hex>(rpcUrl, "evm_snapshot");
    try {
      const before = await pooled();
      await rpc(rpcUrl, "anvil_impersonateAccount", [stranger]);
      await rpc(rpcUrl, "anvil_setBalance", [stranger, "0x8ac7230489e80000"]);
      // Gas given: the node's estimate leaves too little for the router's nested calls.
      const hash = await rpc<Hex>(rpcUrl, "eth_sendTransaction", [{ from: stranger, to: hiddenBalance.token.address, data: encodeFunctionData({ abi: parseAbi(["function distributeRewards()"]), functionName: "distributeRewards" }), gas: "0x7a1200" }]);
      expect((await client().waitForTransactionReceipt({ hash })).status).toBe("success");
      expect((await pooled()) * 5n).toBeLessThan(before);
    } finally {
      await rpc(rpcUrl, "anvil_stopImpersonatingAccount", [stranger]);
      await rpc(rpcUrl, "evm_revert", [snapshot]);
    }
  });
});

describe("through a provider-like proxy (Alchemy's free tier: 10 blocks per eth_getLogs, 25 ms away)", () => {
  it("the hidden balance, the rebase and the quote asset read the same as from the node itself", async () => {
    const chain: ChainId = "eth";
    const { rpcUrl, addressBook: book } = demo.chains[chain];
    const proxy = await startProviderProxy(rpcUrl, { ...providers.alchemyFree(), latencyMs: 25 });
    try {
      forgetProviderProfiles();
      const through = { ETH_RPC_URL: proxy.url, BASE_RPC_URL: proxy.url, BSC_RPC_URL: proxy.url };
      const hidden = (await analyzeRisk({ chain, address: book.venues.signals.hiddenBalance.token.address, env: through })).data;
      expect(hidden.flags).toEqual(["hidden_balance"]);
      expect(signalOf(hidden, "hidden_balance")!.evidence).toMatchObject({ holders: [{ address: book.venues.signals.hiddenBalance.facts.holder, above_supply: true }] });
      const elastic = (await analyzeRisk({ chain, address: book.venues.signals.elasticSupply.token.address, env: through })).data;
      expect(signalOf(elastic, "rebasing")).toMatchObject({ flag: false, evidence: { seen: "logged", authority: [{ address: book.venues.signals.elasticSupply.facts.monetaryPolicy }] } });
      expect(elastic.flags).not.toContain("siphoned_balances");
      const weth = (await analyzeRisk({ chain, address: book.canonical.wrappedNative.address, env: through })).data;
      expect(weth.flags).toEqual([]);
      // The log scans were narrowed to the provider's range, not refused.
      expect(proxy.stats.refused.maxBlockRange ?? 0).toBeGreaterThan(0);
    } finally {
      await proxy.close();
      forgetProviderProfiles();
    }
  });
});
