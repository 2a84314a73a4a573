// What the venue scenarios share: their context, fixed deadlines, Permit2 approvals and token reads.
import { erc20Abi, maxUint160, maxUint256, parseAbi, type Address } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { priceOf, type Trade } from "../market";
import { ref, type Sent, type TxRef } from "../player";
import type { ScenarioContext, ScenarioToken } from "../scenarios/common";
import type { VenueMap } from "./place";
import type { VenueWallets } from "./wallets";

/** A swap in a V3/V4 pool: the Trade fields, plus the pool's state right after it from its Swap event. */
export type VenueTrade = Trade & {
  sqrtPriceX96After: string;
  tickAfter: number;
  liquidityAfter: string;
  /** V4: the LP fee the swap paid, in hundredths of a basis point (from the Swap event). */
  lpFee?: number;
  /** PancakeSwap V3: the protocol's share of the fee, the last two fields of its Swap event. */
  protocolFeesToken0?: string;
  protocolFeesToken1?: string;
};

/** A V3-style pool (Uniswap V3 or PancakeSwap V3) of a token against the wrapped native coin. */
export type V3PoolRecord = {
  venue: "uniswap-v3" | "pancakeswap-v3";
  factory: Address;
  /** The CREATE2 deployer: the factory itself for Uniswap, the pool deployer for PancakeSwap. */
  deployer: Address;
  address: Address;
  token0: Address;
  token1: Address;
  fee: number;
  tickSpacing: number;
  initialSqrtPriceX96: string;
};

/** A liquidity position NFT (V3 NonfungiblePositionManager or V4 PositionManager). */
export type PositionRecord = {
  positionManager: Address;
  tokenId: string;
  owner: Address;
  tickLower: number;
  tickUpper: number;
  liquidity: string;
  tokenAdded: string;
  nativeAdded: string;
  mintTx: TxRef;
};

export type LiquidityRemoval = {
  tokenId: string;
  liquidityRemoved: string;
  liquidityLeft: string;
  tokenOut: string;
  nativeOut: string;
  /** V3: decreaseLiquidity + collect (+ unwrap and sweep) in one multicall; V4: DECREASE_LIQUIDITY + TAKE_PAIR. */
  tx: TxRef;
};

/** The approvals a wallet gave so routers can pull its tokens: to Permit2, then through Permit2. */
export type Permit2Approvals = {
  wallet: Address;
  token: Address;
  /** token.approve(Permit2, max). */
  tokenApproveTx: TxRef;
  /** Permit2.approve(token, spender, amount, expiration), in order. */
  permits: { spender: Address; amount: string; expiration: number; tx: TxRef }[];
};

export type VenueScenarioBase = {
  title: string;
  proves: string;
  token: ScenarioToken;
  deployer: Address;
  deployTx: TxRef;
  trades: VenueTrade[];
};

export type VenueContext = ScenarioContext & { venues: VenueMap; venueWallets: VenueWallets };

/** Far enough ahead that no scenario timestamp reaches it; a fixed value keeps calldata fixed. */
export const DEADLINE = 4_102_444_800n; // 2100-01-01T00:00:00Z
/** Permit2 allowances expire then too (a uint48 timestamp). */
export const PERMIT2_EXPIRATION = 4_102_444_800;

export const permit2Abi = parseAbi([
  "function approve(address token, address spender, uint160 amount, uint48 expiration)",
  "function lockdown((address token, address spender)[] approvals)",
  "function allowance(address owner, address token, address spender) view returns (uint160 amount, uint48 expiration, uint48 nonce)",
  "event Approval(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration)",
]);

export const balanceOf = (ctx: VenueContext, token: Address, owner: Address): Promise<bigint> =>
  ctx.player.read<bigint>(token, erc20Abi, "balanceOf", [owner]);

export const nativeBalance = (ctx: VenueContext, owner: Address, blockNumber?: bigint): Promise<bigint> =>
  ctx.player.client.getBalance({ address: owner, blockNumber });

/**
 * The approvals a router or position manager needs to pull a token through Permit2: the token
 * approves Permit2 without limit once, then Permit2 allows each spender what it may take.
 */
export async function approveThroughPermit2(
  ctx: VenueContext,
  from: PrivateKeyAccount,
  token: Address,
  grants: readonly { spender: Address; amount: bigint }[],
): Promise<Permit2Approvals> {
  const permit2 = ctx.venues.permit2;
  const tokenApproveTx = ref(await ctx.player.write(from, token, erc20Abi, "approve", [permit2, maxUint256]));
  const permits: Permit2Approvals["permits"] = [];
  for (const grant of grants) permits.push(await permitThrough(ctx, from, token, grant.spender, grant.amount));
  return { wallet: from.address, token, tokenApproveTx, permits };
}

export async function permitThrough(
  ctx: VenueContext,
  from: PrivateKeyAccount,
  token: Address,
  spender: Address,
  amount: bigint,
): Promise<Permit2Approvals["permits"][number]> {
  if (amount > maxUint160) throw new Error("Permit2 allowances are uint160");
  const tx = await ctx.player.write(from, ctx.venues.permit2, permit2Abi, "approve", [
    token,
    spender,
    amount,
    PERMIT2_EXPIRATION,
  ]);
  return { spender, amount: amount.toString(), expiration: PERMIT2_EXPIRATION, tx: ref(tx) };
}


/** Sorted like V3 and V4 pools sort their two sides (lower address first). */
export function sortPair(a: Address, b: Address): [Address, Address] {
  return BigInt(a) < BigInt(b) ? [a, b] : [b, a];
}

/**
 * A concentrated-liquidity swap (V3 style or V4) as a trade record: the token and native amounts it
 * moved, whatever their signs, and the pool's state after it.
 */
export function concentratedTrade(
  wallet: Address,
  side: VenueTrade["side"],
  sent: Sent,
  deltas: { token: bigint; native: bigint },
  after: { sqrtPriceX96: bigint; tick: number | bigint; liquidity: bigint },
): VenueTrade {
  const abs = (value: bigint) => (value < 0n ? -value : value);
  const tokenAmount = abs(deltas.token);
  const nativeAmount = abs(deltas.native);
  return {
    wallet,
    side,
    tx: ref(sent),
    tokenAmount: tokenAmount.toString(),
    nativeAmount: nativeAmount.toString(),
    priceNativePerToken: priceOf(nativeAmount, tokenAmount).toString(),
    sqrtPriceX96After: after.sqrtPriceX96.toString(),
    tickAfter: Number(after.tick),
    liquidityAfter: after.liquidity.toString(),
  };
}

export type { TxRef };
