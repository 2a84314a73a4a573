// 6. The tax token: 10% of every buy and 25% of every sell go to the tax wallet, taken inside the
// token's transfer whenever the pair is the sender or the recipient.
import { erc20Abi, getAddress, parseEventLogs, type Address } from "viem";
import { ref, type Sent, type TxRef } from "../player";
import {
  artifact,
  deployContract,
  HOUR,
  native,
  STANDARD_SUPPLY,
  startScenario,
  wholeTokens,
  type PlayedTokenScenario,
  type ScenarioContext,
} from "./common";

export type TaxedTransfer = { tx: TxRef; wallet: Address; gross: string; tax: string; net: string };

export type TaxFacts = {
  buyTaxBps: number;
  sellTaxBps: number;
  taxWallet: Address;
  setMarketPairTx: TxRef;
  /** Buy: the pair sends `gross`; `tax` goes to the tax wallet, `net` to the buyer. */
  taxedBuy: TaxedTransfer;
  /** Sell: the seller sends `gross`; `tax` goes to the tax wallet, `net` into the pair. */
  taxedSell: TaxedTransfer & { nativeOut: string };
};

const BUY_TAX_BPS = 1_000;
const SELL_TAX_BPS = 2_500;

/** The two Transfer events of a taxed transfer: the tax to the tax wallet and the rest onward. */
function taxedTransfer(sent: Sent, token: Address, from: Address, taxWallet: Address, wallet: Address): TaxedTransfer {
  const transfers = parseEventLogs({ abi: erc20Abi, logs: sent.receipt.logs, eventName: "Transfer" }).filter(
    (log) => getAddress(log.address) === token && getAddress(log.args.from) === from,
  );
  const tax = transfers.find((log) => getAddress(log.args.to) === taxWallet)?.args.value ?? 0n;
  const net = transfers.find((log) => getAddress(log.args.to) !== taxWallet)?.args.value ?? 0n;
  return { tx: ref(sent), wallet, gross: (tax + net).toString(), tax: tax.toString(), net: net.toString() };
}

export async function playTax(ctx: ScenarioContext): Promise<{ token: Address; played: PlayedTokenScenario<TaxFacts> }> {
  startScenario(ctx);
  const owner = ctx.wallets.taxOwner;
  const taxWallet = ctx.wallets.taxWallet.address;
  const abi = artifact(ctx, "TaxToken").abi;
  const { address: token, tx: deployTx } = await deployContract(ctx, owner, "TaxToken", [
    "Tax Demo Token",
    "TAX",
    STANDARD_SUPPLY,
    BigInt(BUY_TAX_BPS),
    BigInt(SELL_TAX_BPS),
    taxWallet,
  ]);
  const pool = await ctx.market.launch({
    from: owner,
    token,
    tokenAmount: wholeTokens(600_000_000n),
    nativeAmount: native("20"),
  });
  const setMarketPairTx = await ctx.player.write(owner, token, abi, "setMarketPair", [pool.pair, true]);

  const buyer = ctx.wallets.buyer6;
  ctx.player.clock.wait(HOUR);
  const buy = await ctx.market.buy({ from: buyer, token, nativeIn: native("2"), feeOnTransfer: true });
  ctx.player.clock.wait(HOUR);
  await ctx.market.buy({ from: ctx.wallets.buyer7, token, nativeIn: native("1"), feeOnTransfer: true });
  ctx.player.clock.wait(3 * HOUR);
  const sell = await ctx.market.sell({ from: buyer, token, amount: buy.tokensReceived / 2n, feeOnTransfer: true });

  return {
    token,
    played: {
      title: "High buy/sell tax",
      proves: "Transfers to and from the pair are taxed: 10% on buys, 25% on sells, sent to a tax wallet.",
      deployer: owner.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: {
        buyTaxBps: BUY_TAX_BPS,
        sellTaxBps: SELL_TAX_BPS,
        taxWallet,
        setMarketPairTx: ref(setMarketPairTx),
        taxedBuy: taxedTransfer(buy.sent, token, pool.pair, taxWallet, buyer.address),
        taxedSell: {
          ...taxedTransfer(sell.sent, token, buyer.address, taxWallet, buyer.address),
          nativeOut: sell.nativeOut.toString(),
        },
      },
    },
  };
}
