// What the venue scenarios share: their context, fixed deadlines, Permit2 approvals and token reads.
import { erc20Abi, maxUint160, maxUint256, parseAbi, type Address } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import type { Permit2Approvals, ScenarioToken, VenueTrade } from "../address-book";
import { priceOf } from "../market";
import { ref, type Sent, type TxRef } from "../player";
import type { ScenarioContext } from "../scenarios/common";
import type { VenueMap } from "./place";
import type { VenueWallets } from "./wallets";

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

export async function readToken(ctx: VenueContext, address: Address): Promise<ScenarioToken> {
  const read = <T>(functionName: "name" | "symbol" | "decimals" | "totalSupply") =>
    ctx.player.read<T>(address, erc20Abi, functionName);
  const [name, symbol, decimals, totalSupply] = await Promise.all([
    read<string>("name"),
    read<string>("symbol"),
    read<number>("decimals"),
    read<bigint>("totalSupply"),
  ]);
  return { address, name, symbol, decimals: Number(decimals), totalSupply: totalSupply.toString() };
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
