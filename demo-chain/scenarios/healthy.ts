// 1. The healthy token: ownership renounced and the deployer's LP tokens burned to 0x…dEaD, so
// neither the contract nor the liquidity can be taken back.
import { erc20Abi, type Address } from "viem";
import { BURN_ADDRESS } from "../networks";
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

export type HealthyFacts = {
  renounced: true;
  renounceTx: TxRef;
  lpTotalSupply: string;
  /** LP tokens the deployer sent to 0x…dEaD. */
  lpBurnedToDead: string;
  lpBurnTx: TxRef;
  /** The pair's own MINIMUM_LIQUIDITY, minted to the zero address at creation. */
  lpAtZeroAddress: string;
  /** (dEaD + zero address) / total LP supply. */
  lpBurnedShareBps: number;
};

// The pair mints this much LP to the zero address when it is created (Uniswap V2 MINIMUM_LIQUIDITY).
const MINIMUM_LIQUIDITY = 1_000n;

export async function playHealthy(ctx: ScenarioContext): Promise<{ token: Address; played: PlayedTokenScenario<HealthyFacts> }> {
  startScenario(ctx, HOUR);
  const deployer = ctx.wallets.healthyDeployer;
  const { address: token, tx: deployTx } = await deployContract(ctx, deployer, "FixtureToken", [
    "Healthy Demo Token",
    "HLTH",
    STANDARD_SUPPLY,
  ]);
  const pool = await ctx.market.launch({
    from: deployer,
    token,
    tokenAmount: wholeTokens(600_000_000n),
    nativeAmount: native("30"),
  });

  const lpMinted = BigInt(pool.lpMinted);
  const lpBurnTx = await ctx.player.write(deployer, pool.pair, erc20Abi, "transfer", [BURN_ADDRESS, lpMinted]);
  const renounceTx = await ctx.player.write(deployer, token, artifact(ctx, "FixtureToken").abi, "renounceOwnership");

  await buyersBuy(ctx, token, [["buyer1", "1"], ["buyer2", "0.5"]], { gapSeconds: 20 * 60 });

  const lpTotalSupply = await ctx.player.read<bigint>(pool.pair, erc20Abi, "totalSupply");
  return {
    token,
    played: {
      title: "Healthy token",
      proves: "Renounced ownership and burned liquidity: no owner powers, LP cannot be pulled.",
      deployer: deployer.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: {
        renounced: true,
        renounceTx: ref(renounceTx),
        lpTotalSupply: lpTotalSupply.toString(),
        lpBurnedToDead: lpMinted.toString(),
        lpBurnTx: ref(lpBurnTx),
        lpAtZeroAddress: MINIMUM_LIQUIDITY.toString(),
        lpBurnedShareBps: bps(lpMinted + MINIMUM_LIQUIDITY, lpTotalSupply),
      },
    },
  };
}
