// 19. Taxed token on Uniswap V3: a fee-on-transfer token (10 % on buys, 25 % on sells, taken when
// its marked pool sends or receives) whose only pool is Uniswap V3. The deployer opens a full-range
// position before marking the pool, then a trader buys (and receives 10 % less). A V3 pool checks
// that it was paid the whole input, so a sell pays it 25 % short and reverts ("IIA"): holders cannot
// sell through this pool, yet the token holds no trap — the venue does not take fee-on-transfer
// tokens.

import { ref, type TxRef } from "../player";
import { type VenueContext, type PositionRecord, type V3PoolRecord, type VenueScenarioBase } from "../venues/common";
import { buyV3, mintV3Position } from "../venues/uniswap-v3";
import { artifact, deployContract, HOUR, native, STANDARD_SUPPLY, startScenario, wholeTokens, tokenSummary } from "./common";

export type TaxedV3Scenario = VenueScenarioBase & {
  pool: V3PoolRecord;
  position: PositionRecord & { approveTx: TxRef };
  /** setMarketPair(pool, true): from here the pool's transfers are taxed. */
  markTx: TxRef;
  buyTaxBps: number;
  sellTaxBps: number;
};

const FEE = 3000;
const BUY_TAX_BPS = 1_000;
const SELL_TAX_BPS = 2_500;

export async function playTaxedV3(ctx: VenueContext): Promise<TaxedV3Scenario> {
  startScenario(ctx);
  const deployer = ctx.venueWallets.taxedV3Deployer;
  const trader = ctx.venueWallets.taxedV3Trader;
  const { address: token, tx: deployTx } = await deployContract(ctx, deployer, "TaxToken", [
    "Taxed V3 Demo Token",
    "TAXV3",
    STANDARD_SUPPLY,
    BigInt(BUY_TAX_BPS),
    BigInt(SELL_TAX_BPS),
    deployer.address,
  ]);
  const { pool, position } = await mintV3Position(ctx, { from: deployer, token, fee: FEE, tokenAmount: wholeTokens(400_000_000n), nativeAmount: native("20") });
  const markTx = await ctx.player.write(deployer, token, artifact(ctx, "TaxToken").abi, "setMarketPair", [pool.address, true]);
  ctx.player.clock.wait(HOUR);
  const trade = await buyV3(ctx, { from: trader, token, pool: pool.address, fee: FEE, nativeIn: native("1") });
  return {
    title: "Fee-on-transfer token on Uniswap V3",
    proves: "A sell that reverts because the venue refuses fee-on-transfer input is told apart from a honeypot.",
    token: await tokenSummary(ctx, token),
    deployer: deployer.address,
    deployTx: ref(deployTx),
    trades: [trade],
    pool,
    position,
    markTx: ref(markTx),
    buyTaxBps: BUY_TAX_BPS,
    sellTaxBps: SELL_TAX_BPS,
  };
}
