// 5. The honeypot: buys go through, but the token refuses any transfer into the pair from a
// wallet that is not whitelisted, so ordinary holders cannot sell. The owner can.
import type { Address } from "viem";
import { ref, type TxRef } from "../player";
import {
  artifact,
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
import type { Trade } from "../market";

export type HoneypotFacts = {
  owner: Address;
  whitelisted: Address[];
  setMarketPairTx: TxRef;
  /** An ordinary holder's sell, mined and reverted. */
  failedSell: { wallet: Address; amount: string; approveTx: TxRef; tx: TxRef };
  sellRevertsForHolders: true;
  /** The whitelisted owner selling without trouble. */
  ownerSell: Trade;
};

export async function playHoneypot(
  ctx: ScenarioContext,
): Promise<{ token: Address; played: PlayedTokenScenario<HoneypotFacts> }> {
  startScenario(ctx);
  const owner = ctx.wallets.honeypotOwner;
  const abi = artifact(ctx, "HoneypotToken").abi;
  const { address: token, tx: deployTx } = await deployContract(ctx, owner, "HoneypotToken", [
    "Honeypot Demo Token",
    "HONEY",
    STANDARD_SUPPLY,
  ]);
  const pool = await ctx.market.launch({
    from: owner,
    token,
    tokenAmount: wholeTokens(700_000_000n),
    nativeAmount: native("10"),
  });
  // Marked only after the owner's liquidity went in; from now on a transfer into the pair is a sell.
  const setMarketPairTx = await ctx.player.write(owner, token, abi, "setMarketPair", [pool.pair, true]);

  const [firstBuy] = await buyersBuy(ctx, token, [["buyer3", "1"], ["buyer4", "2"], ["buyer5", "0.5"]], {
    gapSeconds: HOUR,
  });
  ctx.player.clock.wait(2 * HOUR);
  const seller = ctx.wallets.buyer3;
  const sellAmount = firstBuy!.tokensReceived / 2n;
  const failed = await ctx.market.failedSell({ from: seller, token, amount: sellAmount });

  ctx.player.clock.wait(HOUR);
  const ownerSell = await ctx.market.sell({ from: owner, token, amount: wholeTokens(200_000_000n) });

  return {
    token,
    played: {
      title: "Honeypot",
      proves: "Buys succeed but sells by ordinary holders revert; only the whitelisted owner can sell.",
      deployer: owner.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: {
        owner: owner.address,
        whitelisted: [owner.address],
        setMarketPairTx: ref(setMarketPairTx),
        failedSell: { wallet: seller.address, amount: sellAmount.toString(), ...failed },
        sellRevertsForHolders: true,
        ownerSell: ownerSell.trade,
      },
    },
  };
}
