// 28. Siphoned balances: a token whose owner takes holders' tokens without a Transfer event
// (contracts/SiphonToken.sol), played after the locker scenarios so nothing built before it moves.
// Three buyers buy through the V2 pool; the owner then takes half of the first buyer's tokens and
// nine tenths of the second's, quietly. The third is left alone.
import type { Address } from "viem";
import { ref, type TxRef } from "../player";
import type { VenueContext } from "../venues/common";
import { deriveRoleWallets } from "../venues/wallets";
import { artifact, deployContract, finalizeTokenScenario, MINUTE, native, STANDARD_SUPPLY, startScenario, wholeTokens, type TokenScenario } from "./common";

export type SiphonFacts = {
  /** Holders the owner took tokens from with syncRewards, which emits no Transfer. */
  siphoned: { holder: Address; received: string; taken: string; tx: TxRef }[];
  /** A buyer left alone. */
  untouched: { holder: Address; received: string };
};

/** Role → account index SIPHON_WALLET_FIRST_INDEX + position, clear of the locker wallets (300 on). Append only. */
export const SIPHON_WALLET_ROLES = ["siphonOwner", "siphonBuyerA", "siphonBuyerB", "siphonBuyerC"] as const;
export const SIPHON_WALLET_FIRST_INDEX = 320;
const SIPHON_WALLET_BALANCE = 100n * 10n ** 18n;

export async function playSiphon(ctx: VenueContext): Promise<TokenScenario<SiphonFacts>> {
  const wallets = deriveRoleWallets(SIPHON_WALLET_ROLES, SIPHON_WALLET_FIRST_INDEX);
  for (const role of SIPHON_WALLET_ROLES) await ctx.player.rpc("anvil_setBalance", [wallets[role].address, `0x${SIPHON_WALLET_BALANCE.toString(16)}`]);
  // Minutes, not hours: PinkLock's vesting lock, played before, is read at the head (see lockers.ts).
  startScenario(ctx, 10 * MINUTE);
  const owner = wallets.siphonOwner;
  const abi = artifact(ctx, "SiphonToken").abi;
  const { address: token, tx: deployTx } = await deployContract(ctx, owner, "SiphonToken", [STANDARD_SUPPLY]);
  const pool = await ctx.market.launch({ from: owner, token, tokenAmount: wholeTokens(400_000_000n), nativeAmount: native("10") });
  const bought = async (buyer: (typeof wallets)[keyof typeof wallets], nativeIn: string) => {
    await ctx.market.buy({ from: buyer, token, nativeIn: native(nativeIn) });
    return ctx.player.read<bigint>(token, abi, "balanceOf", [buyer.address]);
  };
  const receivedA = await bought(wallets.siphonBuyerA, "0.3");
  const receivedB = await bought(wallets.siphonBuyerB, "0.2");
  const receivedC = await bought(wallets.siphonBuyerC, "0.1");
  ctx.player.clock.wait(10 * MINUTE);
  const takenA = receivedA / 2n;
  const takenB = (receivedB * 9n) / 10n;
  const siphonATx = await ctx.player.write(owner, token, abi, "syncRewards", [wallets.siphonBuyerA.address, takenA]);
  const siphonBTx = await ctx.player.write(owner, token, abi, "syncRewards", [wallets.siphonBuyerB.address, takenB]);
  const siphoned = (holder: Address, received: bigint, taken: bigint, tx: typeof siphonATx) => ({ holder, received: received.toString(), taken: taken.toString(), tx: ref(tx) });
  return finalizeTokenScenario(
    ctx,
    {
      title: "Holders' tokens taken without a Transfer (siphoned)",
      proves: "Three buyers never sent the token; two hold less than their Transfers brought them, because " +
        "the owner took tokens from them with no Transfer log: the risk read compares each such holder's " +
        "balance with the token's whole Transfer history and names the two (siphoned_balances), and not " +
        "the third.",
      deployer: owner.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: {
        siphoned: [siphoned(wallets.siphonBuyerA.address, receivedA, takenA, siphonATx), siphoned(wallets.siphonBuyerB.address, receivedB, takenB, siphonBTx)],
        untouched: { holder: wallets.siphonBuyerC.address, received: receivedC.toString() },
      },
    },
    token,
  );
}
