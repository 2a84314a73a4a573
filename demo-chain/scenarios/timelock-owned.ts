// Owner is a contract: a mintable token whose ownership moves to an OpenZeppelin
// TimelockController; a mint is then scheduled and, after the delay, executed by the timelock.
import { encodeFunctionData, parseEventLogs, zeroAddress, zeroHash, type Address, type Hex } from "viem";
import { ref, type TxRef } from "../player";
import {
  artifact,
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

export type TimelockOwnedFacts = {
  timelock: Address;
  timelockDeployTx: TxRef;
  minDelaySeconds: number;
  proposers: Address[];
  executors: Address[];
  transferOwnershipTx: TxRef;
  /** A mint the timelock scheduled and, after the delay, executed as the token's owner. */
  scheduledMint: { operationId: Hex; scheduleTx: TxRef; executeTx: TxRef; to: Address; amount: string };
};

const MIN_DELAY = 2 * DAY;
const MINTED = wholeTokens(100_000_000n);

export async function playTimelockOwned(
  ctx: ScenarioContext,
): Promise<{ token: Address; played: PlayedTokenScenario<TimelockOwnedFacts> }> {
  startScenario(ctx);
  const deployer = ctx.wallets.timelockDeployer;
  const proposer = ctx.wallets.timelockProposer;
  const executor = ctx.wallets.timelockExecutor;
  const treasury = ctx.wallets.treasury.address;
  const timelockAbi = artifact(ctx, "TimelockController").abi;
  const tokenAbi = artifact(ctx, "MintableToken").abi;

  // No separate admin: the timelock administers itself, as production setups usually do.
  const { address: timelock, tx: timelockDeployTx } = await deployContract(ctx, deployer, "TimelockController", [
    BigInt(MIN_DELAY),
    [proposer.address],
    [executor.address],
    zeroAddress,
  ]);
  const { address: token, tx: deployTx } = await deployContract(ctx, deployer, "MintableToken", [
    "Timelock Owned Demo Token",
    "TLOCK",
    STANDARD_SUPPLY,
  ]);
  const pool = await ctx.market.launch({
    from: deployer,
    token,
    tokenAmount: wholeTokens(500_000_000n),
    nativeAmount: native("10"),
  });
  const transferOwnershipTx = await ctx.player.write(deployer, token, tokenAbi, "transferOwnership", [timelock]);
  await buyersBuy(ctx, token, [["buyer6", "0.8"]], { gapSeconds: HOUR });

  const mintCall = encodeFunctionData({ abi: tokenAbi, functionName: "mint", args: [treasury, MINTED] });
  const operation = [token, 0n, mintCall, zeroHash, zeroHash] as const;
  ctx.player.clock.wait(HOUR);
  const scheduleTx = await ctx.player.write(proposer, timelock, timelockAbi, "schedule", [...operation, BigInt(MIN_DELAY)]);
  const scheduled = parseEventLogs({ abi: timelockAbi, logs: scheduleTx.receipt.logs, eventName: "CallScheduled" }) as unknown as {
    args: { id: Hex };
  }[];
  ctx.player.clock.wait(MIN_DELAY + HOUR);
  const executeTx = await ctx.player.write(executor, timelock, timelockAbi, "execute", operation);

  return {
    token,
    played: {
      title: "Owner is a timelock contract",
      proves: "The owner is a TimelockController, not a wallet: owner powers need a proposer and a delay.",
      deployer: deployer.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: {
        timelock,
        timelockDeployTx: ref(timelockDeployTx),
        minDelaySeconds: MIN_DELAY,
        proposers: [proposer.address],
        executors: [executor.address],
        transferOwnershipTx: ref(transferOwnershipTx),
        scheduledMint: {
          operationId: scheduled[0]!.args.id,
          scheduleTx: ref(scheduleTx),
          executeTx: ref(executeTx),
          to: treasury,
          amount: MINTED.toString(),
        },
      },
    },
  };
}
