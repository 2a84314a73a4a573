// 3. The team dump: at launch the deployer hands large allocations to three team wallets, which
// later sell big amounts over several blocks while ordinary buyers hold the bag.
import { erc20Abi, type Address } from "viem";
import { ref, type TxRef } from "../player";
import type { WalletRole } from "../wallets";
import {
  bps,
  buyersBuy,
  DAY,
  deployContract,
  HOUR,
  MINUTE,
  native,
  STANDARD_SUPPLY,
  startScenario,
  wholeTokens,
  type PlayedTokenScenario,
  type ScenarioContext,
} from "./common";
import type { PoolState, Trade } from "../market";

export type TeamWallet = {
  address: Address;
  allocation: string;
  allocationTx: TxRef;
  sells: Trade[];
  finalBalance: string;
};

export type DumpFacts = {
  teamWallets: TeamWallet[];
  poolBeforeDump: PoolState;
  poolAfterDump: PoolState;
  priceDropBps: number;
};

const TEAM: readonly WalletRole[] = ["dumpTeam1", "dumpTeam2", "dumpTeam3"];
const ALLOCATION = wholeTokens(100_000_000n);

// Who sells how many whole tokens, in order; a few minutes apart, so the dump spans several blocks.
const SELLS: readonly (readonly [WalletRole, bigint])[] = [
  ["dumpTeam1", 50_000_000n],
  ["dumpTeam2", 60_000_000n],
  ["dumpTeam3", 100_000_000n],
  ["dumpTeam1", 30_000_000n],
  ["dumpTeam2", 30_000_000n],
];

export async function playDump(ctx: ScenarioContext): Promise<{ token: Address; played: PlayedTokenScenario<DumpFacts> }> {
  startScenario(ctx);
  const deployer = ctx.wallets.dumpDeployer;
  const { address: token, tx: deployTx } = await deployContract(ctx, deployer, "FixtureToken", [
    "Dump Demo Token",
    "DUMP",
    STANDARD_SUPPLY,
  ]);
  const allocations = new Map<WalletRole, TeamWallet>();
  for (const role of TEAM) {
    const tx = await ctx.player.write(deployer, token, erc20Abi, "transfer", [
      ctx.wallets[role].address,
      ALLOCATION,
    ]);
    allocations.set(role, {
      address: ctx.wallets[role].address,
      allocation: ALLOCATION.toString(),
      allocationTx: ref(tx),
      sells: [],
      finalBalance: "",
    });
  }
  const pool = await ctx.market.launch({
    from: deployer,
    token,
    tokenAmount: wholeTokens(600_000_000n),
    nativeAmount: native("25"),
  });
  await buyersBuy(ctx, token, [["buyer6", "2"], ["buyer7", "3"], ["buyer8", "1"]], { gapSeconds: HOUR });

  ctx.player.clock.wait(DAY);
  const poolBeforeDump = await ctx.market.state(token);
  for (const [role, amount] of SELLS) {
    ctx.player.clock.wait(7 * MINUTE);
    const sell = await ctx.market.sell({ from: ctx.wallets[role], token, amount: wholeTokens(amount) });
    allocations.get(role)!.sells.push(sell.trade);
  }
  const poolAfterDump = await ctx.market.state(token);

  const teamWallets: TeamWallet[] = [];
  for (const wallet of allocations.values()) {
    teamWallets.push({ ...wallet, finalBalance: (await ctx.market.balanceOf(token, wallet.address)).toString() });
  }
  const before = BigInt(poolBeforeDump.priceNativePerToken);
  const after = BigInt(poolAfterDump.priceNativePerToken);
  return {
    token,
    played: {
      title: "Team dump",
      proves: "Wallets funded by the deployer at launch sell large amounts over several blocks; price falls.",
      deployer: deployer.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: { teamWallets, poolBeforeDump, poolAfterDump, priceDropBps: bps(before - after, before) },
    },
  };
}
