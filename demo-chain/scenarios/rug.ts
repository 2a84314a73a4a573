// 2. The rug: the deployer seeds the pool, lets buyers in, then pulls almost all the liquidity
// and sells everything it holds into what is left, so the price collapses.
import { erc20Abi, type Address } from "viem";
import { ref, type TxRef } from "../player";
import {
  bps,
  buyersBuy,
  DAY,
  deployContract,
  HOUR,
  native,
  STANDARD_SUPPLY,
  startScenario,
  wholeTokens,
  type PlayedTokenScenario,
  type ScenarioContext,
} from "./common";
import type { PoolState, Trade } from "../market";

export type RugFacts = {
  liquidityPuller: Address;
  lpRemoved: string;
  lpRemovedShareOfProviderBps: number;
  removeLiquidityTx: TxRef;
  tokenReturned: string;
  nativeReturned: string;
  /** The deployer then sold everything it held into what was left of the pool. */
  dumpTrade: Trade;
  poolBeforePull: PoolState;
  poolAfterPull: PoolState;
  poolAfterDump: PoolState;
  priceDropBps: number;
};

const PULLED_SHARE_BPS = 9_500n;

export async function playRug(ctx: ScenarioContext): Promise<{ token: Address; played: PlayedTokenScenario<RugFacts> }> {
  startScenario(ctx);
  const deployer = ctx.wallets.rugDeployer;
  const { address: token, tx: deployTx } = await deployContract(ctx, deployer, "FixtureToken", [
    "Rug Demo Token",
    "RUG",
    STANDARD_SUPPLY,
  ]);
  const pool = await ctx.market.launch({
    from: deployer,
    token,
    tokenAmount: wholeTokens(800_000_000n),
    nativeAmount: native("20"),
  });
  await buyersBuy(ctx, token, [["buyer3", "2"], ["buyer4", "3"], ["buyer5", "1.5"]], { gapSeconds: 2 * HOUR });

  ctx.player.clock.wait(DAY);
  const poolBeforePull = await ctx.market.state(token);
  const lpHeld = await ctx.player.read<bigint>(pool.pair, erc20Abi, "balanceOf", [deployer.address]);
  const lpRemoved = (lpHeld * PULLED_SHARE_BPS) / 10_000n;
  const removal = await ctx.market.removeLiquidity({ from: deployer, token, lpAmount: lpRemoved });
  const poolAfterPull = await ctx.market.state(token);

  ctx.player.clock.wait(5 * 60);
  const held = await ctx.market.balanceOf(token, deployer.address);
  const dump = await ctx.market.sell({ from: deployer, token, amount: held });
  const poolAfterDump = await ctx.market.state(token);

  const before = BigInt(poolBeforePull.priceNativePerToken);
  const after = BigInt(poolAfterDump.priceNativePerToken);
  return {
    token,
    played: {
      title: "Rug pull",
      proves: "Liquidity pulled by the deployer, then a dump into the thin pool: reserves and price collapse.",
      deployer: deployer.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: {
        liquidityPuller: deployer.address,
        lpRemoved: lpRemoved.toString(),
        lpRemovedShareOfProviderBps: bps(lpRemoved, lpHeld),
        removeLiquidityTx: removal.tx,
        tokenReturned: removal.tokenOut.toString(),
        nativeReturned: removal.nativeOut.toString(),
        dumpTrade: dump.trade,
        poolBeforePull,
        poolAfterPull,
        poolAfterDump,
        priceDropBps: bps(before - after, before),
      },
    },
  };
}
