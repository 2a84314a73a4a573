// POST /v1/api/intel/liquidity — token identity, a market snapshot across the registry's DEXes,
// and LP custody (burned, locked, team-held, unverified, other) with lock and burn evidence.
// Three dependent rounds, each one batched request:
//   1. at the latest block: the block, ERC-20 identity, owner(), the deployer (node), and every
//      factory asked for the token's pools (plus the wrapped-native/stablecoin reference pools);
//   2. pinned to that block: reserves and LP supply of every pool, LP transfer and burn logs,
//      Locked events (locks), factory creation events (metadata);
//   3. LP balances of everyone the logs and the registry name, their code, and each lock's state.
// Nothing is guessed: a value that could not be read is null and explained in `unavailable`.
import { getAddress, zeroAddress, type Address } from "viem";
import type { EndpointImplementation } from "@/lib/contract/endpoint";
import type { RequestOf } from "@/lib/schemas/requests";
import { chainReadMeta } from "@/lib/intel/meta";
import { getChainClient, type ChainClient } from "@/lib/chain/clients";
import { erc20Identity } from "@/lib/chain/erc20";
import { getNetwork, isBurnAddress, type ChainEnv, type ChainId } from "@/lib/chain/networks";
import { readChain } from "@/lib/chain/upstream";
import { ownableAbi } from "@/lib/intel/contract/abis";
import { readCreator } from "@/lib/intel/contract/analysis";
import type { Provenance } from "@/lib/intel/provenance";
import {
  aggregate,
  discoverPools,
  formatRatio,
  hasFungibleLp,
  marketContext,
  nativeUsdPrice,
  poolLiquidityUsd,
  priceToken,
  readLpCustody,
  readPoolCreation,
  readPools,
  valueOrNull,
  type Pool,
  type Ratio,
  type TeamRelation,
} from "@/lib/intel/market";
import { amount, tokenView } from "@/lib/intel/present";
import { presentCustody, presentPool, teamMap } from "./present";
import { readPlanFor, type LiquidityFlags, type ReadPlan } from "./read-plan";

export type LiquidityInput = {
  chain: ChainId;
  address: Address;
  flags?: LiquidityFlags;
  /** A ready client; otherwise one is made from `env` (or process.env) inside the caller's meter. */
  client?: ChainClient;
  env?: ChainEnv;
};

function limitationsFor(chain: ChainId, plan: ReadPlan, window: { from: number; to: number } | null, pools: readonly Pool[]): string[] {
  const network = getNetwork(chain);
  const list = [
    window
      ? `Holders, burn transactions and liquidity removals come from LP transfers in blocks ${window.from} to ${window.to} (a look-back of ${plan.lookbackBlocks} blocks); deep historical burn provenance is not exposed. Balances are read at the block whatever the window.`
      : "Deep historical burn provenance is not exposed.",
    "Lock context covers recognised lockers only (the registry's locker addresses and known locker code). LP in any other contract is reported as unverified custody, never as unlocked.",
    "USD figures take the registry's stablecoins at one dollar.",
  ];
  if (pools.some((pool) => pool.dex.kind === "uniswap-v3")) {
    list.push("V3 liquidity is held as NFT positions, whose custody is not read; V3 reserves are the pool's token balances across all price ranges.");
  }
  if (chain === "base") {
    list.push(`The deployer is not known on ${network.displayName} without an outside explorer source (none is configured), so LP it holds counts as team-held only when it is also the owner or the first liquidity provider.`);
  }
  return list;
}

export async function analyzeLiquidity(input: LiquidityInput) {
  const chain = input.chain;
  const network = getNetwork(chain);
  const client = input.client ?? getChainClient(chain, { env: input.env });
  const token = getAddress(input.address);
  const plan = readPlanFor(input.flags ?? {});

  return readChain(chain, async () => {
    // Round 1, at the latest block.
    const latest = { client, chain, network };
    const [block, identity, ownerRead, creator, discovery] = await Promise.all([
      client.getBlock(),
      erc20Identity(client, token),
      aggregate(latest, [{ address: token, abi: ownableAbi, functionName: "owner" }]),
      readCreator({ client, chain }, token),
      discoverPools(latest, token),
    ]);
    if (block.number === null) throw new Error("the latest block has no number");
    const ctx = marketContext({ client, chain, block: block.number, blockTimestamp: block.timestamp });

    const unavailable: Record<string, string> = {};
    const provenance: Record<string, Provenance> = {};
    const decimals = identity.decimals.value;

    const ownerValue = valueOrNull<Address>(ownerRead[0]);
    const owner = ownerValue ? getAddress(ownerValue) : null;
    const renounced = owner ? owner === zeroAddress || isBurnAddress(chain, owner) : null;
    const deployer = creator ? { address: getAddress(creator.creator), transaction: creator.hash } : null;
    const team: { address: Address; relation: TeamRelation }[] = [];
    if (deployer) team.push({ address: deployer.address, relation: "deployer" });
    if (owner && !renounced) team.push({ address: owner, relation: "owner" });

    // Rounds 2 and 3.
    const lpPools = discovery.candidates.filter(hasFungibleLp);
    const [readAll, custodies, creations] = await Promise.all([
      readPools(ctx, [...discovery.candidates, ...discovery.reference]),
      Promise.all(lpPools.map((pool) => readLpCustody(ctx, pool, { team, locks: plan.locks, lookbackBlocks: plan.lookbackBlocks, listLimit: plan.listLimit, maxCandidates: plan.maxCandidates }))),
      plan.metadata ? Promise.all(discovery.candidates.map((pool) => readPoolCreation(ctx, pool, plan.lookbackBlocks))) : null,
    ]);
    const pools = readAll.slice(0, discovery.candidates.length);
    const referencePools = readAll.slice(discovery.candidates.length);
    const nativeUsd = nativeUsdPrice(referencePools);
    const price = priceToken({ pools, referencePools }, decimals);

    // token
    provenance.token = "verified_onchain";
    for (const field of ["name", "symbol", "decimals", "totalSupply"] as const) {
      if (identity[field].value === null) unavailable[`token.${field === "totalSupply" ? "total_supply" : field}`] = `The contract did not answer ${field}() (${identity[field].reason}).`;
    }
    const tokenAnswer = { ...tokenView(token, identity), total_supply: identity.totalSupply.value === null ? null : amount(identity.totalSupply.value, decimals) };

    // team wallets: the owner from owner(), the deployer from the node.
    provenance["team_wallets.owner"] = "verified_onchain";
    if (owner === null) unavailable["team_wallets.owner"] = "The contract has no owner() function (or it reverted).";
    if (deployer) provenance["team_wallets.deployer"] = "verified_onchain";
    else {
      provenance["team_wallets.deployer"] = "unavailable";
      unavailable["team_wallets.deployer"] =
        chain === "base"
          ? "Deployer evidence on Base comes from an outside explorer source, and none is configured."
          : "The node does not say who created this contract (no ots_getContractCreator).";
    }

    // market
    provenance["market.pools"] = "verified_onchain";
    const dexNames = network.dexes.map((dex) => dex.name).join(", ");
    const quoteNames = [network.wrappedNative.symbol, ...network.stablecoins.map((coin) => coin.symbol)].join(", ");
    if (pools.length === 0) unavailable["market.pools"] = `No pool of this token on ${dexNames} against ${quoteNames} at block ${ctx.block}.`;
    if (price) provenance["market.price"] = "verified_onchain";
    else {
      provenance["market.price"] = "unavailable";
      unavailable["market.price"] = pools.length === 0 ? "No pool to price the token in." : decimals === null ? "The token's decimals are unknown, so no price per token can be formed." : "No pool holds reserves to price the token.";
    }
    const liquidityUsd = pools.map((pool) => poolLiquidityUsd(pool, nativeUsd)).filter((value): value is Ratio => value !== null);
    if (price?.usdPerToken || liquidityUsd.length > 0) provenance["market.usd"] = "interpretation";
    else {
      provenance["market.usd"] = "unavailable";
      unavailable["market.usd"] = pools.length === 0 ? "No pool to value." : `No ${network.wrappedNative.symbol}/stablecoin pool on the registry's V2-style DEXes to price ${network.nativeSymbol} in dollars.`;
    }
    const totalUsd = liquidityUsd.reduce<Ratio | null>((sum, value) => (sum ? { num: sum.num * value.den + value.num * sum.den, den: sum.den * value.den } : value), null);

    const market = {
      pools: pools.map((pool, index) => presentPool(pool, decimals, nativeUsd, creations ? creations[index] : undefined)),
      price: price
        ? {
            pool: price.pool.address,
            quote: { address: price.quote.address, symbol: price.quote.symbol },
            quote_per_token: formatRatio(price.quotePerToken),
            usd_per_token: price.usdPerToken ? formatRatio(price.usdPerToken) : null,
          }
        : null,
      native_usd: nativeUsd ? { pool: nativeUsd.pool.address, stablecoin: nativeUsd.stablecoin.symbol, usd_per_native: formatRatio(nativeUsd.usdPerNative) } : null,
      liquidity_usd: totalUsd ? formatRatio(totalUsd, 2) : null,
    };
    if (plan.metadata) provenance["market.pools.metadata"] = "verified_onchain";

    // LP custody
    const known = teamMap(team);
    const lpCustody = custodies.map((custody, index) => presentCustody(custody, pools.find((pool) => pool.address === lpPools[index].address)!, decimals, known));
    if (lpCustody.length > 0) {
      provenance.lp_custody = "verified_onchain";
      provenance["lp_custody.team"] = "interpretation";
      provenance["lp_custody.unverified_custody"] = "interpretation";
    } else {
      provenance.lp_custody = "unavailable";
      unavailable.lp_custody = pools.length === 0 ? "No pool, so no LP to follow." : "No V2-style pool: V3 liquidity is held as NFT positions, whose custody is not read.";
    }
    if (plan.locks && lpCustody.length > 0) {
      const undecoded = custodies.flatMap((custody) => custody.locked.lockers.filter((locker) => locker.locks === null));
      if (undecoded.length > 0) {
        provenance["lp_custody.locks"] = "unavailable";
        unavailable["lp_custody.locks"] = `The lock schedule of ${[...new Set(undecoded.map((locker) => locker.name))].join(", ")} is not decoded in this version; that LP is counted as locked, with no unlock time.`;
      } else provenance["lp_custody.locks"] = "verified_onchain";
    }

    const windowed = custodies[0] ? { from: Number(custodies[0].scan.fromBlock), to: Number(custodies[0].scan.toBlock) } : null;
    provenance.limitations = "interpretation";

    return {
      chain,
      block: ctx.block,
      honestEmpty: pools.length === 0,
      data: {
        token: tokenAnswer,
        team_wallets: { owner, owner_renounced: renounced, deployer },
        market,
        lp_custody: lpCustody,
        limitations: limitationsFor(chain, plan, windowed, pools),
        unavailable,
      },
      provenance,
      read: { metadata: plan.metadata, locks: plan.locks, full: plan.full, lookback_blocks: Number(plan.lookbackBlocks), list_limit: plan.listLimit },
    };
  });
}

export const liquidityIntel: EndpointImplementation<RequestOf<"intel/liquidity">> = async ({ input }) => {
  const result = await analyzeLiquidity({
    chain: input.chain,
    address: input.address,
    flags: { metadata: input.metadata, locks: input.locks, full: input.full },
  });
  return {
    data: result.data,
    honestEmpty: result.honestEmpty,
    meta: {
      ...chainReadMeta(result),
      read: result.read,
    },
  };
};
