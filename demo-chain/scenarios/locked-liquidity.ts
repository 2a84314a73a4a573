// 10. Locked liquidity: the deployer puts 90% of its LP tokens in a LiquidityTimelock until a
// fixed date years ahead, so that share cannot be pulled before then.
import { erc20Abi, parseEventLogs, type Address } from "viem";
import { ref, type TxRef } from "../player";
import {
  artifact,
  bps,
  buyersBuy,
  deployContract,
  HOUR,
  native,
  STANDARD_SUPPLY,
  startScenario,
  wholeTokens,
  type PlayedTokenScenario,
  type ScenarioContext,
} from "./common";

export type LockedLiquidityFacts = {
  locker: Address;
  lockerDeployer: Address;
  lockerDeployTx: TxRef;
  lockId: number;
  lockTx: TxRef;
  lockOwner: Address;
  lockedAmount: string;
  unlockTime: number;
  unlockDate: string;
  lpTotalSupply: string;
  lockedShareBps: number;
  /** LP the deployer kept outside the locker. */
  lpKeptByDeployer: string;
};

/** 2030-01-01T00:00:00Z: far enough that the lock reads as locked by block time and by wall clock. */
export const LP_UNLOCK_TIME = 1_893_456_000;
const LOCKED_SHARE_BPS = 9_000n;

export async function playLockedLiquidity(
  ctx: ScenarioContext,
): Promise<{ token: Address; played: PlayedTokenScenario<LockedLiquidityFacts> }> {
  startScenario(ctx);
  const deployer = ctx.wallets.lockedDeployer;
  const lockerAbi = artifact(ctx, "LiquidityTimelock").abi;
  const { address: locker, tx: lockerDeployTx } = await deployContract(ctx, ctx.wallets.lockerDeployer, "LiquidityTimelock");
  const { address: token, tx: deployTx } = await deployContract(ctx, deployer, "FixtureToken", [
    "Locked Liquidity Demo Token",
    "LOCKED",
    STANDARD_SUPPLY,
  ]);
  const pool = await ctx.market.launch({
    from: deployer,
    token,
    tokenAmount: wholeTokens(700_000_000n),
    nativeAmount: native("20"),
  });

  const lpMinted = BigInt(pool.lpMinted);
  const lockedAmount = (lpMinted * LOCKED_SHARE_BPS) / 10_000n;
  await ctx.player.write(deployer, pool.pair, erc20Abi, "approve", [locker, lockedAmount]);
  const lockTx = await ctx.player.write(deployer, locker, lockerAbi, "lock", [pool.pair, lockedAmount, BigInt(LP_UNLOCK_TIME)]);
  const locked = parseEventLogs({ abi: lockerAbi, logs: lockTx.receipt.logs, eventName: "Locked" }) as unknown as {
    args: { lockId: bigint };
  }[];

  await buyersBuy(ctx, token, [["buyer4", "1"], ["buyer5", "0.7"]], { gapSeconds: HOUR });
  const lpTotalSupply = await ctx.player.read<bigint>(pool.pair, erc20Abi, "totalSupply");

  return {
    token,
    played: {
      title: "Liquidity in a timelock",
      proves: "Most LP tokens sit in a locker that releases them only after a known date.",
      deployer: deployer.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: {
        locker,
        lockerDeployer: ctx.wallets.lockerDeployer.address,
        lockerDeployTx: ref(lockerDeployTx),
        lockId: Number(locked[0]!.args.lockId),
        lockTx: ref(lockTx),
        lockOwner: deployer.address,
        lockedAmount: lockedAmount.toString(),
        unlockTime: LP_UNLOCK_TIME,
        unlockDate: new Date(LP_UNLOCK_TIME * 1000).toISOString(),
        lpTotalSupply: lpTotalSupply.toString(),
        lockedShareBps: bps(lockedAmount, lpTotalSupply),
        lpKeptByDeployer: (lpMinted - lockedAmount).toString(),
      },
    },
  };
}
