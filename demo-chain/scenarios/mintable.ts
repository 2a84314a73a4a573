// 4. The owner-mintable token: the owner keeps an unlimited mint, uses it after launch and sells
// part of the new supply.
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

export type MintableFacts = {
  owner: Address;
  mintTx: TxRef;
  minted: string;
  mintedTo: Address;
  supplyBefore: string;
  supplyAfter: string;
  /** The owner sold part of the new tokens. */
  ownerSell: Trade;
};

const MINTED = wholeTokens(2_000_000_000n);

export async function playMintable(
  ctx: ScenarioContext,
): Promise<{ token: Address; played: PlayedTokenScenario<MintableFacts> }> {
  startScenario(ctx);
  const owner = ctx.wallets.mintableOwner;
  const abi = artifact(ctx, "MintableToken").abi;
  const { address: token, tx: deployTx } = await deployContract(ctx, owner, "MintableToken", [
    "Mintable Demo Token",
    "MINT",
    STANDARD_SUPPLY,
  ]);
  const pool = await ctx.market.launch({
    from: owner,
    token,
    tokenAmount: wholeTokens(500_000_000n),
    nativeAmount: native("15"),
  });
  await buyersBuy(ctx, token, [["buyer1", "1"], ["buyer2", "2"]], { gapSeconds: HOUR });

  ctx.player.clock.wait(12 * HOUR);
  const supplyBefore = await ctx.player.read<bigint>(token, abi, "totalSupply");
  const mintTx = await ctx.player.write(owner, token, abi, "mint", [owner.address, MINTED]);
  const supplyAfter = await ctx.player.read<bigint>(token, abi, "totalSupply");
  ctx.player.clock.wait(30 * 60);
  const ownerSell = await ctx.market.sell({ from: owner, token, amount: wholeTokens(300_000_000n) });

  return {
    token,
    played: {
      title: "Owner-mintable token",
      proves: "The owner can mint at will and did: supply tripled after launch, then the owner sold.",
      deployer: owner.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: {
        owner: owner.address,
        mintTx: ref(mintTx),
        minted: MINTED.toString(),
        mintedTo: owner.address,
        supplyBefore: supplyBefore.toString(),
        supplyAfter: supplyAfter.toString(),
        ownerSell: ownerSell.trade,
      },
    },
  };
}
