// 29–31. Supply tricks, played after the siphon scenario: the healthy token's supply spread, an
// elastic-supply token that rebases, and a token holding a hidden balance. The details:
// playSupplyTricks below.
import { erc20Abi, getAddress, keccak256, parseAbi, toHex, type Address } from "viem";
import { BURN_ADDRESS } from "../networks";
import { ref, type TxRef } from "../player";
import type { VenueContext } from "../venues/common";
import { deriveRoleWallets } from "../venues/wallets";
import { artifact, deployContract, finalizeTokenScenario, HOUR, MINUTE, native, STANDARD_SUPPLY, startScenario, wholeTokens, type TokenScenario } from "./common";

export type HealthySpread = {
  token: Address;
  deployer: Address;
  /** What the deployer held after the launch and handed out, all of it. */
  spread: string;
  holders: { address: Address; amount: string; tx: TxRef }[];
};

export type ElasticSupplyFacts = {
  owner: Address;
  /** The only address the token lets rebase; the owner can re-point it. */
  monetaryPolicy: Address;
  setPolicyTx: TxRef;
  lpBurnTx: TxRef;
  /** rebase(epoch, delta) by the monetary policy, then the pool's sync(). */
  rebase: { epoch: number; supplyBefore: string; supplyAfter: string; delta: string; tx: TxRef; syncTx: TxRef };
  /** Bought before the rebase: their balances fell by a tenth with it. */
  boughtBefore: Address[];
  /** Bought after it: its balance is what it received. */
  boughtAfter: Address;
};

export type HiddenBalanceFacts = {
  /** The address credited with no Transfer log: the token contract itself. */
  holder: Address;
  balance: string;
  /** Callable by anyone: sells the hidden balance into the pool for the dev. */
  dumpFunction: string;
  renounceTx: TxRef;
  lpBurnTx: TxRef;
};

/** Role → account index SUPPLY_WALLET_FIRST_INDEX + position, clear of the siphon wallets (320 on). Append only. */
export const SUPPLY_WALLET_ROLES = ["elasticOwner", "elasticPolicy", "elasticBuyerA", "elasticBuyerB", "elasticBuyerC", "elasticBuyerD", "hiddenDeployer", "hiddenBuyerA", "hiddenBuyerB"] as const;
export const SUPPLY_WALLET_FIRST_INDEX = 360;
const SUPPLY_WALLET_BALANCE = 100n * 10n ** 18n;

/** How many community wallets the healthy token's deployer spreads its remaining supply to. */
export const HEALTHY_COMMUNITY_WALLETS = 40;

/** The i-th community wallet (no key: it only holds). */
export function communityWallet(index: number): Address {
  return getAddress(keccak256(toHex(`healthy demo community wallet ${index}`)).slice(0, 42));
}

const pairAbi = parseAbi(["function sync()"]);

/**
 * 29–31. Played after the siphon scenario, so nothing built before them moves.
 *   - The healthy token's supply spread: its deployer hands what it kept after the launch to forty
 *     community wallets, none holding more than two percent, and keeps nothing (a real healthy
 *     launch's shape: the pool, then many holders, none dominant).
 *   - An elastic-supply token with the public interface of Ampleforth's UFragments
 *     (contracts/ElasticSupplyToken.sol): three buyers, a rebase by its monetary policy that
 *     lowers every balance by a tenth without a Transfer log (the pool synced after it, as
 *     Ampleforth's orchestrator does), then a fourth buyer at the new scale.
 *   - A token whose constructor credits the token contract itself with five times the supply and
 *     logs no Transfer for it (contracts/HiddenBalanceToken.sol): renounced, LP burned, bought by
 *     two wallets; distributeRewards(), which anyone may call, would sell that balance into the pool.
 */
export async function playSupplyTricks(ctx: VenueContext, healthy: { token: Address; deployer: Address }) {
  const wallets = deriveRoleWallets(SUPPLY_WALLET_ROLES, SUPPLY_WALLET_FIRST_INDEX);
  for (const role of SUPPLY_WALLET_ROLES) await ctx.player.rpc("anvil_setBalance", [wallets[role].address, `0x${SUPPLY_WALLET_BALANCE.toString(16)}`]);
  const healthySpread = await spreadHealthy(ctx, healthy);
  const elasticSupply = await playElasticSupply(ctx, wallets);
  const hiddenBalance = await playHiddenBalance(ctx, wallets);
  return { healthySpread, elasticSupply, hiddenBalance };
}

async function spreadHealthy(ctx: VenueContext, healthy: { token: Address; deployer: Address }): Promise<HealthySpread> {
  startScenario(ctx, HOUR);
  const deployer = Object.values(ctx.wallets).find((wallet) => wallet.address === healthy.deployer);
  if (!deployer) throw new Error("the healthy token's deployer is not a demo wallet");
  const kept = await ctx.player.read<bigint>(healthy.token, erc20Abi, "balanceOf", [healthy.deployer]);
  // Falling shares, the first twice the average: weights 40, 39, …, 1 of their sum.
  const weights = Array.from({ length: HEALTHY_COMMUNITY_WALLETS }, (_, index) => BigInt(HEALTHY_COMMUNITY_WALLETS - index));
  const total = weights.reduce((sum, weight) => sum + weight, 0n);
  const holders: HealthySpread["holders"] = [];
  let given = 0n;
  for (const [index, weight] of weights.entries()) {
    const amount = index === weights.length - 1 ? kept - given : (kept * weight) / total;
    given += amount;
    ctx.player.clock.wait(2 * MINUTE);
    const tx = await ctx.player.write(deployer, healthy.token, erc20Abi, "transfer", [communityWallet(index), amount]);
    holders.push({ address: communityWallet(index), amount: amount.toString(), tx: ref(tx) });
  }
  return { token: healthy.token, deployer: healthy.deployer, spread: kept.toString(), holders };
}

type SupplyWallets = ReturnType<typeof deriveRoleWallets<(typeof SUPPLY_WALLET_ROLES)[number]>>;

async function playElasticSupply(ctx: VenueContext, wallets: SupplyWallets): Promise<TokenScenario<ElasticSupplyFacts>> {
  startScenario(ctx, HOUR);
  const owner = wallets.elasticOwner;
  const policy = wallets.elasticPolicy;
  const abi = artifact(ctx, "ElasticSupplyToken").abi;
  const { address: token, tx: deployTx } = await deployContract(ctx, owner, "ElasticSupplyToken", [STANDARD_SUPPLY]);
  const policyTx = await ctx.player.write(owner, token, abi, "setMonetaryPolicy", [policy.address]);
  const pool = await ctx.market.launch({ from: owner, token, tokenAmount: wholeTokens(600_000_000n), nativeAmount: native("20") });
  const lpBurnTx = await ctx.player.write(owner, pool.pair, erc20Abi, "transfer", [BURN_ADDRESS, BigInt(pool.lpMinted)]);
  for (const [buyer, nativeIn] of [[wallets.elasticBuyerA, "0.5"], [wallets.elasticBuyerB, "0.3"], [wallets.elasticBuyerC, "0.2"]] as const) {
    ctx.player.clock.wait(10 * MINUTE);
    await ctx.market.buy({ from: buyer, token, nativeIn: native(nativeIn) });
  }
  ctx.player.clock.wait(HOUR);
  const supplyBefore = await ctx.player.read<bigint>(token, abi, "totalSupply");
  const delta = -(supplyBefore / 10n);
  const rebaseTx = await ctx.player.write(policy, token, abi, "rebase", [1n, delta]);
  const syncTx = await ctx.player.write(policy, pool.pair, pairAbi, "sync", []);
  const supplyAfter = await ctx.player.read<bigint>(token, abi, "totalSupply");
  ctx.player.clock.wait(10 * MINUTE);
  await ctx.market.buy({ from: wallets.elasticBuyerD, token, nativeIn: native("0.2") });
  return finalizeTokenScenario(
    ctx,
    {
      title: "Elastic supply: a rebase lowers every balance without a Transfer",
      proves: "A rebase by the token's monetary policy scales every balance with the supply, with no Transfer log: the risk read names it rebasing (context, with the policy address and the rebase's size), not siphoned_balances.",
      deployer: owner.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: {
        owner: owner.address,
        monetaryPolicy: policy.address,
        setPolicyTx: ref(policyTx),
        lpBurnTx: ref(lpBurnTx),
        rebase: { epoch: 1, supplyBefore: supplyBefore.toString(), supplyAfter: supplyAfter.toString(), delta: delta.toString(), tx: ref(rebaseTx), syncTx: ref(syncTx) },
        boughtBefore: [wallets.elasticBuyerA.address, wallets.elasticBuyerB.address, wallets.elasticBuyerC.address],
        boughtAfter: wallets.elasticBuyerD.address,
      },
    },
    token,
  );
}

async function playHiddenBalance(ctx: VenueContext, wallets: SupplyWallets): Promise<TokenScenario<HiddenBalanceFacts>> {
  startScenario(ctx, HOUR);
  const deployer = wallets.hiddenDeployer;
  const abi = artifact(ctx, "HiddenBalanceToken").abi;
  const { address: token, tx: deployTx } = await deployContract(ctx, deployer, "HiddenBalanceToken", [STANDARD_SUPPLY, ctx.canonical.dex.router]);
  const pool = await ctx.market.launch({ from: deployer, token, tokenAmount: STANDARD_SUPPLY, nativeAmount: native("10") });
  const lpBurnTx = await ctx.player.write(deployer, pool.pair, erc20Abi, "transfer", [BURN_ADDRESS, BigInt(pool.lpMinted)]);
  const renounceTx = await ctx.player.write(deployer, token, abi, "renounceOwnership", []);
  for (const [buyer, nativeIn] of [[wallets.hiddenBuyerA, "0.5"], [wallets.hiddenBuyerB, "0.3"]] as const) {
    ctx.player.clock.wait(10 * MINUTE);
    await ctx.market.buy({ from: buyer, token, nativeIn: native(nativeIn) });
  }
  const hidden = await ctx.player.read<bigint>(token, abi, "balanceOf", [token]);
  return finalizeTokenScenario(
    ctx,
    {
      title: "A hidden balance larger than the supply",
      proves: "The token contract holds five times the supply with no Transfer that brought it, ready to be sold into the pool by distributeRewards(), which anyone may call: the risk read names the address and the size (hidden_balance).",
      deployer: deployer.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: { holder: token, balance: hidden.toString(), dumpFunction: "distributeRewards()", renounceTx: ref(renounceTx), lpBurnTx: ref(lpBurnTx) },
    },
    token,
  );
}
