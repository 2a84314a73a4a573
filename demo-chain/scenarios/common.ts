// What every scenario shares: the context it plays in, amounts, and turning what it played into
// its address-book record once the whole history is done (so the record shows the final state).
import { erc20Abi, getAddress, parseEther, zeroAddress, type Address } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import type { CanonicalMap } from "../canonical";
import type { Artifact } from "../compile";
import type { Market, PoolLaunch, PoolState, Trade } from "../market";
import type { DemoNetwork } from "../networks";
import type { Player, Sent, TxRef } from "../player";
import type { WalletRole, Wallets } from "../wallets";

export type ScenarioToken = {
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
  /** At the end of the build. */
  totalSupply: string;
};

export type Ownership = {
  model: "ownable" | "access-control";
  /** owner() at the end of the build; null when renounced or when the token has no owner. */
  owner: Address | null;
  renounced: boolean;
  ownerIsContract: boolean;
};

/** What every token scenario has: a token, its V2 pool against the wrapped native coin, and trades. */
export type TokenScenario<Facts> = {
  title: string;
  /** The signal this scenario exists to exercise. */
  proves: string;
  token: ScenarioToken;
  deployer: Address;
  deployTx: TxRef;
  ownership: Ownership;
  pool: PoolLaunch;
  /** Swaps in this token's pool, in order (failed transactions excluded). */
  trades: Trade[];
  finalPool: PoolState;
  facts: Facts;
};

export type ScenarioContext = {
  player: Player;
  market: Market;
  wallets: Wallets;
  network: DemoNetwork;
  canonical: CanonicalMap;
};

export const MINUTE = 60;
export const HOUR = 3_600;
export const DAY = 86_400;

export const wholeTokens = (amount: bigint): bigint => amount * 10n ** 18n;
export const native = (amount: string): bigint => parseEther(amount);
export const STANDARD_SUPPLY = wholeTokens(1_000_000_000n);

export function bps(part: bigint, whole: bigint): number {
  return whole === 0n ? 0 : Number((part * 10_000n) / whole);
}

export function artifact(ctx: ScenarioContext, name: string): Artifact {
  const found = ctx.player.artifacts[name];
  if (!found) throw new Error(`no compiled contract ${name}`);
  return found;
}

export function deployContract(
  ctx: ScenarioContext,
  from: PrivateKeyAccount,
  name: string,
  args: readonly unknown[] = [],
): Promise<{ address: Address; tx: Sent }> {
  return ctx.player.deploy(from, artifact(ctx, name), args);
}

/** Gap between scenarios, so each one's history reads as its own stretch of time. */
export function startScenario(ctx: ScenarioContext, gapSeconds = 6 * HOUR): void {
  ctx.player.clock.wait(gapSeconds);
}

/** Several ordinary wallets buying one after another, `gapSeconds` apart. */
export async function buyersBuy(
  ctx: ScenarioContext,
  token: Address,
  buys: readonly (readonly [WalletRole, string])[],
  options: { gapSeconds?: number; feeOnTransfer?: boolean } = {},
) {
  const results = [];
  for (const [role, amount] of buys) {
    if (options.gapSeconds) ctx.player.clock.wait(options.gapSeconds);
    results.push(
      await ctx.market.buy({ from: ctx.wallets[role], token, nativeIn: native(amount), feeOnTransfer: options.feeOnTransfer }),
    );
  }
  return results;
}

/** A scenario's record before the end-of-build reads fill in token, ownership and final pool. */
export type PlayedTokenScenario<Facts> = Omit<TokenScenario<Facts>, "token" | "ownership" | "finalPool" | "trades"> & {
  ownershipModel: Ownership["model"];
};

/** A token as the book records it, read from the chain (every scenario and venue reads its tokens so). */
export async function tokenSummary(ctx: { player: Player }, address: Address): Promise<ScenarioToken> {
  const read = <T>(functionName: "name" | "symbol" | "decimals" | "totalSupply") =>
    ctx.player.read<T>(address, erc20Abi, functionName);
  const [name, symbol, decimals, totalSupply] = await Promise.all([
    read<string>("name"),
    read<string>("symbol"),
    read<number>("decimals"),
    read<bigint>("totalSupply"),
  ]);
  return { address, name, symbol, decimals: Number(decimals), totalSupply: totalSupply.toString() };
}

const ownerAbi = [
  { type: "function", name: "owner", stateMutability: "view", inputs: [], outputs: [{ type: "address" }] },
] as const;

async function ownershipOf(ctx: ScenarioContext, token: Address, model: Ownership["model"]): Promise<Ownership> {
  if (model === "access-control") return { model, owner: null, renounced: false, ownerIsContract: false };
  const owner = getAddress(await ctx.player.read<Address>(token, ownerAbi, "owner"));
  if (owner === zeroAddress) return { model, owner: null, renounced: true, ownerIsContract: false };
  const code = await ctx.player.client.getCode({ address: owner });
  return { model, owner, renounced: false, ownerIsContract: Boolean(code && code !== "0x") };
}

export async function finalizeTokenScenario<Facts>(
  ctx: ScenarioContext,
  played: PlayedTokenScenario<Facts>,
  token: Address,
): Promise<TokenScenario<Facts>> {
  const { ownershipModel, ...rest } = played;
  return {
    ...rest,
    token: await tokenSummary(ctx, token),
    ownership: await ownershipOf(ctx, token, ownershipModel),
    trades: ctx.market.tradesOf(token),
    finalPool: await ctx.market.state(token),
    facts: played.facts,
  };
}
