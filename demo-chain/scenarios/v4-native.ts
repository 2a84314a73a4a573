// 15. V4 native: a token whose one pool is a Uniswap V4 pool against the NATIVE coin (currency0 is
// the zero address), without hooks. The deployer initializes the pool and opens a full-range
// position through the PositionManager (the token pulled through Permit2); a trader buys twice
// and sells once through the Universal Router; the deployer then takes a fifth of the liquidity out.

import { ref } from "../player";
import { approveThroughPermit2, type VenueContext, type LiquidityRemoval, type Permit2Approvals, type VenueScenarioBase, type VenueTrade } from "../venues/common";
import { buyV4, decreaseV4, mintV4FullRange, nativePoolKey, sellV4, v4PoolState, type V4PoolKey, type V4PoolState, type V4Position } from "../venues/uniswap-v4";
import { deployContract, HOUR, MINUTE, native, STANDARD_SUPPLY, startScenario, wholeTokens, tokenSummary } from "./common";
import type { Hex } from "viem";

export type V4NativeScenario = VenueScenarioBase & {
  poolId: Hex;
  poolKey: V4PoolKey;
  initialSqrtPriceX96: string;
  position: V4Position;
  traderApprovals: Permit2Approvals;
  liquidityRemoval: LiquidityRemoval;
  finalPool: V4PoolState;
};

export async function playV4Native(ctx: VenueContext): Promise<V4NativeScenario> {
  startScenario(ctx);
  const deployer = ctx.venueWallets.v4Deployer;
  const trader = ctx.venueWallets.v4Trader;
  const { address: token, tx: deployTx } = await deployContract(ctx, deployer, "FixtureToken", [
    "V4 Native Demo Token",
    "V4NAT",
    STANDARD_SUPPLY,
  ]);
  const tokenAmount = wholeTokens(400_000_000n);
  const approvals = await approveThroughPermit2(ctx, deployer, token, [
    { spender: ctx.venues.uniswapV4.positionManager, amount: tokenAmount },
  ]);
  const key = nativePoolKey(token, 3000, 60);
  const minted = await mintV4FullRange(ctx, { from: deployer, key, tokenAmount, nativeAmount: native("20") });

  const trades: VenueTrade[] = [];
  ctx.player.clock.wait(20 * MINUTE);
  trades.push(await buyV4(ctx, { from: trader, key, nativeIn: native("1") }));
  ctx.player.clock.wait(HOUR);
  trades.push(await buyV4(ctx, { from: trader, key, nativeIn: native("2") }));
  const bought = trades.reduce((total, trade) => total + BigInt(trade.tokenAmount), 0n);
  const sold = bought / 2n;
  ctx.player.clock.wait(2 * HOUR);
  const traderApprovals = await approveThroughPermit2(ctx, trader, token, [
    { spender: ctx.venues.uniswapV4.universalRouter, amount: sold },
  ]);
  trades.push(await sellV4(ctx, { from: trader, key, amount: sold }));

  ctx.player.clock.wait(3 * HOUR);
  const liquidityRemoval = await decreaseV4(ctx, {
    from: deployer,
    key,
    tokenId: BigInt(minted.position.tokenId),
    liquidity: BigInt(minted.position.liquidity) / 5n,
  });

  return {
    title: "Token with a Uniswap V4 native-coin pool only",
    proves:
      "V4 discovery: the only market lives inside the PoolManager (no pool contract), paired with the native coin, found from its Initialize event and read through StateView.",
    token: await tokenSummary(ctx, token),
    deployer: deployer.address,
    deployTx: ref(deployTx),
    poolId: minted.poolId,
    poolKey: key,
    initialSqrtPriceX96: minted.initialSqrtPriceX96.toString(),
    position: { ...minted.position, approvals },
    trades,
    traderApprovals,
    liquidityRemoval,
    finalPool: await v4PoolState(ctx, minted.poolId),
  };
}
