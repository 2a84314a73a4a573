// 11. The approvals wallet: an unlimited approval to the router, a limited one to another
// spender, and one that was granted and later revoked (set back to 0).
import { erc20Abi, maxUint256, type Address } from "viem";
import { ref, type TxRef } from "../player";
import { artifact, HOUR, MINUTE, native, startScenario, wholeTokens, type ScenarioContext } from "./common";

export type ApprovalKind = "unlimited" | "limited" | "revoked";

export type ApprovalRecord = {
  kind: ApprovalKind;
  token: Address;
  spender: Address;
  /** allowance(wallet, spender) at the end of the build. */
  allowance: string;
  txs: TxRef[];
};

export type ApprovalsScenario = {
  title: string;
  proves: string;
  wallet: Address;
  approvals: ApprovalRecord[];
};

export async function playApprovals(ctx: ScenarioContext, healthyToken: Address): Promise<ApprovalsScenario> {
  startScenario(ctx, 2 * HOUR);
  const wallet = ctx.wallets.approvalsWallet;
  const stablecoin = ctx.canonical.stablecoin;
  const router = ctx.canonical.dex.router;
  const limitedSpender = ctx.wallets.limitedSpender.address;
  const revokedSpender = ctx.wallets.revokedSpender.address;
  const unit = 10n ** BigInt(stablecoin.decimals);

  // Holding both tokens makes the approvals meaningful rather than approvals over empty balances.
  await ctx.market.buy({ from: wallet, token: healthyToken, nativeIn: native("0.5") });
  await ctx.player.write(wallet, stablecoin.address, artifact(ctx, stablecoin.contract).abi, "mint", [
    wallet.address,
    1_000n * unit,
  ]);

  ctx.player.clock.wait(10 * MINUTE);
  const unlimitedTx = await ctx.player.write(wallet, healthyToken, erc20Abi, "approve", [router, maxUint256]);
  ctx.player.clock.wait(10 * MINUTE);
  const limitedAmount = 250n * unit;
  const limitedTx = await ctx.player.write(wallet, stablecoin.address, erc20Abi, "approve", [limitedSpender, limitedAmount]);
  ctx.player.clock.wait(10 * MINUTE);
  const grantTx = await ctx.player.write(wallet, healthyToken, erc20Abi, "approve", [revokedSpender, wholeTokens(1_000n)]);
  ctx.player.clock.wait(HOUR);
  const revokeTx = await ctx.player.write(wallet, healthyToken, erc20Abi, "approve", [revokedSpender, 0n]);

  const allowance = (token: Address, spender: Address) =>
    ctx.player.read<bigint>(token, erc20Abi, "allowance", [wallet.address, spender]);
  const approvals: ApprovalRecord[] = [
    {
      kind: "unlimited",
      token: healthyToken,
      spender: router,
      allowance: (await allowance(healthyToken, router)).toString(),
      txs: [ref(unlimitedTx)],
    },
    {
      kind: "limited",
      token: stablecoin.address,
      spender: limitedSpender,
      allowance: (await allowance(stablecoin.address, limitedSpender)).toString(),
      txs: [ref(limitedTx)],
    },
    {
      kind: "revoked",
      token: healthyToken,
      spender: revokedSpender,
      allowance: (await allowance(healthyToken, revokedSpender)).toString(),
      txs: [ref(grantTx), ref(revokeTx)],
    },
  ];
  return {
    title: "Approvals wallet",
    proves: "One wallet with an unlimited, a limited and a revoked token approval.",
    wallet: wallet.address,
    approvals,
  };
}
