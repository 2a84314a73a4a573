// intel/liquidity, read: three dependent rounds (identity and pools; reserves, LP logs and locks;
// LP balances, positions and ticks), each one batched request.
import type { Address } from "viem";
import type { ChainClient } from "@/lib/chain/clients";
import type { Erc20Identity } from "@/lib/chain/erc20";
import type { ChainId } from "@/lib/chain/networks";
import {
  hasFungibleLp,
  marketContext,
  readConcentratedDepths,
  readLpCustody,
  readPoolCreation,
  readPools,
  readPositionCustodies,
  type ConcentratedDepth,
  type LpCustody,
  type Pool,
  type PoolCandidate,
  type PoolCreationRead,
  type PositionCustody,
  type TeamRelation,
} from "@/lib/intel/reads/market";
import type { Creation } from "@/lib/intel/reads/token/deployer";
import { knownTeam, tokenFirstRound, withControllers, type OwnerRead, type TokenFirstRound } from "@/lib/intel/reads/token/first-round";
import { proxyProbe } from "@/lib/intel/reads/control/proxy";
import { readStoredControl, type StoredControl } from "@/lib/intel/reads/control/stored-control";
import type { ReadPlan } from "./read-plan";
import { blockInterval } from "@/lib/chain/block-interval";
import { windowFor, type Window } from "@/lib/intel/answers/windows";

export type TeamWallet = { address: Address; relation: TeamRelation };

export type LiquidityReading = {
  chain: ChainId;
  token: Address;
  plan: ReadPlan;
  /** The plan's history window, in blocks at the network's block interval. */
  window: Window;
  block: bigint;
  identity: Erc20Identity;
  owner: OwnerRead;
  creation: Creation | null;
  /** The wallets whose LP counts as team-held: the deployer, the owner unless renounced, and the token's controllers (as intel/risk counts them). */
  team: TeamWallet[];
  /** Why the controllers are not known (behind a proxy, or their slots could not be read); null when they were read. */
  controllersUnread: string | null;
  pools: Pool[];
  referencePools: Pool[];
  /** The V2-style pools (fungible LP) whose custody was followed, in the order of `custodies`. */
  lpPools: PoolCandidate[];
  custodies: LpCustody[];
  /** Who holds the position NFTs of every concentrated-liquidity pool (V3 style, Slipstream, V4). */
  positionCustodies: PositionCustody[];
  /** In-range and total depth of every concentrated-liquidity pool (V3 style, Slipstream, V4). */
  depths: Map<Pool, ConcentratedDepth>;
  /** Each pool's creation, in the order of `pools`; null when metadata was not asked for. */
  creations: PoolCreationRead[] | null;
};

/**
 * intel/liquidity, read: three dependent rounds, each one batched request.
 *
 *   1. at the latest block (the shared first round): the block, ERC-20 identity, owner(), the
 *      deployer (node), and every factory asked for the token's pools (plus the
 *      wrapped-native/stablecoin reference pools);
 *   2. pinned to that block: reserves and LP supply of every pool, LP transfer and burn logs,
 *      Locked events (locks), factory creation events (metadata);
 *   3. LP balances of everyone the logs and the registry name, their code, and each lock's state;
 *      position owners; the ticks around the price of every concentrated-liquidity pool.
 */
export async function readLiquidity(input: { client: ChainClient; chain: ChainId; token: Address; plan: ReadPlan; first?: TokenFirstRound }): Promise<LiquidityReading> {
  const { client, chain, plan } = input;
  const first = input.first ?? tokenFirstRound({ client, chain }, input.token);
  const token = first.token;

  // Round 1, at the answer's block (the latest outside an answer).
  const [head, identity, owner, creation, discovery, code, proxySlots] = await Promise.all([first.head(), first.identity(), first.owner(), first.creation(), first.pools(), first.code(), first.proxySlots()]);
  const ctx = marketContext({ client, chain, block: head.number, blockTimestamp: head.timestamp });
  // The addresses the token's own code lets through (a minter, an operator) are the team's, as
  // intel/risk reads them: their slots are read beside the custody logs, and the custody reads wait
  // for them only where the logs are in first. Behind a proxy the implementation's code is not read
  // here, so only the deployer and the owner count (as in intel/risk).
  const controlRead: Promise<{ control: StoredControl } | { unread: string }> =
    code === "0x"
      ? Promise.resolve({ unread: "The address holds no code at the block: there is no code to read controllers from." })
      : proxyProbe(code, proxySlots, token).slotImplementation
        ? Promise.resolve({ unread: "The token is a proxy: its implementation's code is not read here, so the addresses it lets through are not known (intel/risk reads them)." })
        : readStoredControl(client, token, ctx.block, [code]).then(
            (control) => ({ control }),
            (error: unknown) => ({ unread: `The slots the token's code checks the caller against could not be read (${error instanceof Error ? error.message : String(error)}).` }),
          );
  const teamRead = controlRead.then((read) => withControllers(chain, token, discovery.candidates.map((pool) => pool.address), knownTeam(owner, creation), "control" in read ? read.control : null));
  const window = windowFor(plan.window, blockInterval(client, chain, head.number));

  // Rounds 2 and 3.
  const lpPools = discovery.candidates.filter(hasFungibleLp);
  const positionsRead = readPositionCustodies(ctx, discovery.candidates, { team: teamRead, lookbackBlocks: window.blocks, maxPositions: plan.maxCandidates });
  positionsRead.catch(() => undefined); // a failure surfaces where it is awaited, not as unhandled
  const poolsRead = readPools(ctx, [...discovery.candidates, ...discovery.reference]);
  const [readAll, custodies, positionCustodies, creations, depths, team, controlled] = await Promise.all([
    poolsRead,
    Promise.all(lpPools.map((pool) => readLpCustody(ctx, pool, { team: teamRead, locks: plan.locks, lookbackBlocks: window.blocks, listLimit: plan.listLimit, maxCandidates: plan.maxCandidates }))),
    positionsRead,
    plan.metadata ? Promise.all(discovery.candidates.map((pool) => readPoolCreation(ctx, pool, window.blocks))) : null,
    poolsRead.then((read) => readConcentratedDepths(ctx, read.slice(0, discovery.candidates.length), positionsRead)),
    teamRead,
    controlRead,
  ]);

  return {
    chain,
    token,
    plan,
    window,
    block: ctx.block,
    identity,
    owner,
    creation,
    team,
    controllersUnread: "unread" in controlled ? controlled.unread : null,
    pools: readAll.slice(0, discovery.candidates.length),
    referencePools: readAll.slice(discovery.candidates.length),
    lpPools,
    custodies,
    positionCustodies,
    depths,
    creations,
  };
}
