// 14. V3 only: a token whose one pool is a Uniswap V3 pool against the wrapped native coin. The
// deployer opens a full-range position through the NonfungiblePositionManager; a trader buys three
// times and sells twice through the Universal Router (the sells pulled through Permit2); then the
// deployer takes a quarter of the position's liquidity out (decreaseLiquidity + collect).

import { ref, type TxRef } from "../player";
import { approveThroughPermit2, type VenueContext, type LiquidityRemoval, type Permit2Approvals, type PositionRecord, type V3PoolRecord, type VenueScenarioBase, type VenueTrade } from "../venues/common";
import { buyV3, decreaseV3, mintV3Position, sellV3, v3PoolState, type V3PoolState } from "../venues/uniswap-v3";
import { deployContract, HOUR, MINUTE, native, STANDARD_SUPPLY, startScenario, wholeTokens, tokenSummary } from "./common";

export type V3OnlyScenario = VenueScenarioBase & {
  pool: V3PoolRecord;
  position: PositionRecord & { approveTx: TxRef };
  traderApprovals: Permit2Approvals;
  liquidityRemoval: LiquidityRemoval;
  finalPool: V3PoolState;
};

const FEE = 3000;

export async function playV3Only(ctx: VenueContext): Promise<V3OnlyScenario> {
  startScenario(ctx);
  const deployer = ctx.venueWallets.v3Deployer;
  const trader = ctx.venueWallets.v3Trader;
  const { address: token, tx: deployTx } = await deployContract(ctx, deployer, "FixtureToken", [
    "V3 Only Demo Token",
    "V3ONLY",
    STANDARD_SUPPLY,
  ]);
  const { pool, position } = await mintV3Position(ctx, {
    from: deployer,
    token,
    fee: FEE,
    tokenAmount: wholeTokens(500_000_000n),
    nativeAmount: native("20"),
  });

  const trades: VenueTrade[] = [];
  const buy = async (amount: string) => {
    const trade = await buyV3(ctx, { from: trader, token, pool: pool.address, fee: FEE, nativeIn: native(amount) });
    trades.push(trade);
    return BigInt(trade.tokenAmount);
  };
  ctx.player.clock.wait(30 * MINUTE);
  const first = await buy("1");
  ctx.player.clock.wait(45 * MINUTE);
  const second = await buy("0.5");
  ctx.player.clock.wait(HOUR);
  const third = await buy("2");

  // Sells pull the token through Permit2: one allowance for the router covers both.
  const sellFirst = first / 2n;
  const sellSecond = (second + third) / 4n;
  ctx.player.clock.wait(2 * HOUR);
  const traderApprovals = await approveThroughPermit2(ctx, trader, token, [
    { spender: ctx.venues.uniswapV4.universalRouter, amount: sellFirst + sellSecond },
  ]);
  trades.push(await sellV3(ctx, { from: trader, token, pool: pool.address, fee: FEE, amount: sellFirst }));
  ctx.player.clock.wait(HOUR);
  trades.push(await sellV3(ctx, { from: trader, token, pool: pool.address, fee: FEE, amount: sellSecond }));

  ctx.player.clock.wait(3 * HOUR);
  const liquidityRemoval = await decreaseV3(ctx, {
    from: deployer,
    token,
    tokenId: BigInt(position.tokenId),
    liquidity: BigInt(position.liquidity) / 4n,
  });

  return {
    title: "Token with a Uniswap V3 pool only",
    proves:
      "Pool discovery beyond V2: the only market is a V3 pool (fee 0.30%) whose liquidity is an NFT position; trades go through the Universal Router and one position is partly withdrawn.",
    token: await tokenSummary(ctx, token),
    deployer: deployer.address,
    deployTx: ref(deployTx),
    pool,
    position,
    trades,
    traderApprovals,
    liquidityRemoval,
    finalPool: await v3PoolState(ctx, pool.address, token),
  };
}
