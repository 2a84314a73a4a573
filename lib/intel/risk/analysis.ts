// POST /v1/api/intel/risk — chain-aware risk signals for a token, each with its evidence and
// provenance, read at one block in three rounds:
//   1. at the latest block: the block, code, proxy slots, ERC-20 identity, owner(), the
//      deployer, and the token's pools on every registry DEX;
//   2. pinned to that block: reserves, the implementation's code, the proxy admin's owner,
//      LP custody (logs), and the token's Transfer history for holder concentration;
//   3. the buy-and-sell simulation (one eth_call with a state override), LP balances and
//      holders' balances.
// When the simulation cannot run (no wrapped-native V2 pool, or a node without state
// overrides) the read says so and the signals come from code and state alone: the fallback.
import { getAddress, zeroAddress, type Address, type Hex } from "viem";
import { ApiError } from "@/lib/contract/api-error";
import type { EndpointImplementation } from "@/lib/contract/endpoint";
import type { RequestOf } from "@/lib/schemas/requests";
import { chainReadMeta } from "@/lib/intel/meta";
import { getChainClient, type ChainClient } from "@/lib/chain/clients";
import { erc20Identity } from "@/lib/chain/erc20";
import { aggregate, valueOrNull, type ContractCall } from "@/lib/chain/multicall";
import { getNetwork, isBurnAddress, type ChainEnv, type ChainId } from "@/lib/chain/networks";
import { readChain } from "@/lib/chain/upstream";
import { ownableAbi, uupsAbi } from "@/lib/intel/contract/abis";
import { readCreator } from "@/lib/intel/contract/analysis";
import type { Provenance } from "@/lib/intel/provenance";
import { addressInSlot, classifyProxy, minimalProxyTarget, slots } from "@/lib/intel/contract/proxy";
import { bpsOf, deepestPool, discoverPools, hasFungibleLp, marketContext, readLpCustody, readPools, type LpCustody, type Pool, type TeamRelation } from "@/lib/intel/market";
import { tokenView } from "@/lib/intel/present";
import { balanceCalls, concentration, holderScan, scanReceivers } from "./holders";
import { powersInCode, type PowerMatch } from "./selectors";
import { simulateTrade, simulatorAddress, type Simulation } from "./simulate";

export type Severity = "high" | "medium" | "low" | "info";

export type Signal = {
  id: string;
  severity: Severity;
  /** A red flag, as opposed to context (a clean check, or a fact that is not a risk alone). */
  flag: boolean;
  title: string;
  evidence: Record<string, unknown>;
  provenance: Provenance;
};

/** The simulated buy spends this fraction of the pool's wrapped-native reserve: enough to move real amounts, too little to matter to the price. */
const simulationShareOfReserve = 1_000n;

/** Tax at or above this many basis points is a high-severity flag; any tax at all is a flag. */
const highTaxBps = 1_000;

/** Holder shares (of total supply, pools, burn and lockers apart) from which concentration is flagged. */
const concentrationThresholds = { topHolderHighBps: 5_000, topHolderMediumBps: 2_000, topTenMediumBps: 5_000 } as const;

/** LP burned plus locked, in basis points of LP supply, from which the liquidity reads as secured (the pool's own MINIMUM_LIQUIDITY makes an exact 90 % read 89.99 %). */
const securedLpBps = 8_000;

const powerTitles: Record<PowerMatch["kind"], { title: string; severity: Severity }> = {
  mint: { title: "The code can mint new tokens", severity: "high" },
  pause: { title: "The code can pause transfers", severity: "medium" },
  blacklist: { title: "The code can block chosen wallets", severity: "high" },
  fees: { title: "The code can change fees or the fee wallet", severity: "medium" },
  limits: { title: "The code can set transaction or wallet limits", severity: "medium" },
  trading_switch: { title: "The code can switch trading on or off", severity: "medium" },
  exemptions: { title: "The code can mark pools and exempt chosen wallets from its rules", severity: "medium" },
};

const bps = (part: bigint, whole: bigint) => bpsOf(part, whole) ?? 0;

export type RiskInput = { chain: ChainId; address: Address; client?: ChainClient; env?: ChainEnv };

export async function analyzeRisk(input: RiskInput) {
  const chain = input.chain;
  const network = getNetwork(chain);
  const client = input.client ?? getChainClient(chain, { env: input.env });
  const token = getAddress(input.address);

  return readChain(chain, async () => {
    // Round 1, at the latest block.
    const latest = { client, chain, network };
    const [block, code, implementationWord, adminWord, beaconWord, identity, [ownerRead], creator, discovery] = await Promise.all([
      client.getBlock(),
      client.getCode({ address: token }),
      client.getStorageAt({ address: token, slot: slots.implementation }),
      client.getStorageAt({ address: token, slot: slots.admin }),
      client.getStorageAt({ address: token, slot: slots.beacon }),
      erc20Identity(client, token),
      aggregate(latest, [{ address: token, abi: ownableAbi, functionName: "owner" }]),
      readCreator({ client, chain }, token),
      discoverPools(latest, token),
    ]);
    if (block.number === null) throw new Error("the latest block has no number");
    if (!code || code === "0x") throw new ApiError("insufficient_data", `${token} holds no contract code on ${network.displayName} at block ${block.number}: there is no token to assess.`);
    const ctx = marketContext({ client, chain, block: block.number, blockTimestamp: block.timestamp });

    const ownerValue = valueOrNull<Address>(ownerRead);
    const owner = ownerValue ? getAddress(ownerValue) : null;
    const renounced = owner ? owner === zeroAddress || isBurnAddress(chain, owner) : null;
    const deployer = creator ? getAddress(creator.creator) : null;
    const team: { address: Address; relation: TeamRelation }[] = [];
    if (deployer) team.push({ address: deployer, relation: "deployer" });
    if (owner && !renounced) team.push({ address: owner, relation: "owner" });

    const beacon = addressInSlot(beaconWord);
    const slotImplementation = addressInSlot(implementationWord) ?? minimalProxyTarget(code);
    const admin = addressInSlot(adminWord);

    // Round 2, pinned to the block.
    const lpPools = discovery.candidates.filter(hasFungibleLp);
    const proxyCalls: ContractCall[] = [
      ...(admin ? [{ address: admin, abi: ownableAbi, functionName: "owner" }] : []),
      ...(slotImplementation && !admin && !beacon ? [{ address: slotImplementation, abi: uupsAbi, functionName: "proxiableUUID" }] : []),
    ];
    // LP custody spans rounds two and three on its own; it is awaited with round three.
    const custodiesRead = Promise.all(lpPools.map((pool) => readLpCustody(ctx, pool, { team })));
    custodiesRead.catch(() => undefined); // a failure surfaces where it is awaited, not as unhandled
    const [readAll, implementationCode, proxyReads, receivers] = await Promise.all([
      readPools(ctx, [...discovery.candidates, ...discovery.reference]),
      slotImplementation ? client.getCode({ address: slotImplementation, blockNumber: ctx.block }) : null,
      aggregate(ctx, proxyCalls),
      scanReceivers(client, token, ctx.block),
    ]);
    const pools = readAll.slice(0, discovery.candidates.length);
    const adminOwnerValue = admin ? valueOrNull<Address>(proxyReads[0]) : null;
    const uuid = slotImplementation && !admin && !beacon ? valueOrNull<Hex>(proxyReads[0]) : null;

    // Round 3: the simulation and the holders' balances.
    const simulationPool = deepestPool(pools, (pool) => pool.dex.kind === "uniswap-v2" && pool.quote.kind === "wrapped_native");
    const totalSupply = identity.totalSupply.value;
    const [simulation, balances, custodies] = await Promise.all([
      simulationPool?.reserves && simulationPool.reserves.quote > 0n && simulationPool.dex.kind === "uniswap-v2"
        ? simulateTrade({
            client,
            block: ctx.block,
            router: simulationPool.dex.router,
            pool: simulationPool.address,
            token,
            wrappedNative: network.wrappedNative.address,
            nativeIn: simulationPool.reserves.quote / simulationShareOfReserve || 1n,
          })
        : Promise.resolve<Simulation>({
            ran: false,
            reason: pools.length === 0 ? "The token has no pool on the registry's DEXes to trade through." : `No Uniswap V2 style pool against ${network.wrappedNative.symbol} with reserves to trade through.`,
          }),
      totalSupply !== null ? aggregate(ctx, balanceCalls(token, receivers.candidates)) : Promise.resolve([]),
      custodiesRead,
    ]);

    const signals: Signal[] = [];
    const unavailable: Record<string, string> = {};
    const provenance: Record<string, Provenance> = { token: "verified_onchain", signals: "interpretation", limitations: "interpretation" };

    // Trading: the simulation, or the fallback.
    if (simulation.ran) {
      provenance.simulation = "verified_onchain";
      signals.push(...simulationSignals(simulation, simulationPool!, network.wrappedNative.symbol));
    } else {
      provenance.simulation = "unavailable";
      unavailable.simulation = simulation.reason;
      signals.push({
        id: "simulation_unavailable",
        severity: "info",
        flag: false,
        title: "Buy and sell could not be simulated: this is the fallback read from code and state",
        evidence: { reason: simulation.reason },
        provenance: "unavailable",
      });
    }

    // Powers in code: the token's own, and the implementation's behind a proxy.
    const proxyStandard = classifyProxy({ code, implementation: beacon ? null : slotImplementation, admin, beacon, implementationIsUups: uuid === slots.implementation });
    const codeRead = implementationCode && implementationCode !== "0x" ? implementationCode : code;
    const powers = powersInCode(codeRead);
    const controlled = owner !== null ? !renounced : null;
    for (const power of powers) {
      const { title, severity } = powerTitles[power.kind];
      // Renounced ownership leaves owner-gated functions with no one to call them.
      const heldByNoOne = controlled === false;
      signals.push({
        id: `power_${power.kind}`,
        severity: heldByNoOne ? "info" : severity,
        flag: !heldByNoOne,
        title: heldByNoOne ? `${title}, but ownership is renounced` : title,
        evidence: {
          functions: power.functions,
          read_from: codeRead === code ? "token_code" : "implementation_code",
          owner,
          owner_renounced: renounced,
          note: "The functions are present in the code; that they are reserved to the owner or a role holder is read from the usual pattern, not proven.",
        },
        provenance: "interpretation",
      });
    }
    provenance.powers = "interpretation";

    // Ownership.
    if (owner === null) {
      signals.push({ id: "ownership", severity: "info", flag: false, title: "No owner() function: control, if any, sits in roles or a proxy admin (see contract/analysis)", evidence: { owner: null }, provenance: "verified_onchain" });
    } else if (renounced) {
      signals.push({ id: "ownership", severity: "info", flag: false, title: "Ownership is renounced", evidence: { owner }, provenance: "verified_onchain" });
    } else {
      signals.push({ id: "ownership", severity: "low", flag: false, title: "Ownership is held by an address", evidence: { owner }, provenance: "verified_onchain" });
    }

    // Upgradeability.
    if (proxyStandard !== "none") {
      const upgrader = proxyStandard === "eip1967_transparent" ? { proxy_admin: admin, proxy_admin_owner: adminOwnerValue ? getAddress(adminOwnerValue) : null } : proxyStandard === "eip1967_uups" ? { owner, note: "A UUPS implementation upgrades itself when its owner (or role holder) asks." } : { beacon };
      signals.push({
        id: "upgradeable",
        severity: proxyStandard === "eip1167_minimal" ? "info" : "high",
        flag: proxyStandard !== "eip1167_minimal",
        title: proxyStandard === "eip1167_minimal" ? "A minimal clone: its logic is fixed" : "The token is upgradeable: its code can be replaced",
        evidence: { standard: proxyStandard, implementation: beacon ? null : slotImplementation, ...upgrader },
        provenance: "interpretation",
      });
    }
    provenance.upgradeability = "interpretation";

    // LP custody of the main pool.
    const mainCustody = pickMainCustody(custodies, pools);
    if (mainCustody && mainCustody.lpTotalSupply) {
      const supply = mainCustody.lpTotalSupply;
      const burnedBps = bps(mainCustody.burned.amount, supply);
      const lockedBps = bps(mainCustody.locked.amount, supply);
      const teamBps = bps(mainCustody.team.amount, supply);
      const secured = burnedBps + lockedBps >= securedLpBps;
      signals.push({
        id: "lp_custody",
        severity: secured ? "info" : teamBps >= 5_000 ? "high" : "medium",
        flag: !secured,
        title: secured ? "Most of the pool's liquidity is burned or locked" : teamBps > 0 ? "Liquidity is not secured: the team holds LP and can pull it" : "Liquidity is not secured: most LP is neither burned nor locked",
        evidence: {
          pool: mainCustody.pool,
          burned_bps: burnedBps,
          locked_bps: lockedBps,
          team_held_bps: teamBps,
          unverified_custody_bps: bps(mainCustody.unverifiedCustody.amount, supply),
          lockers: mainCustody.locked.lockers.map((locker) => ({ address: locker.address, name: locker.name })),
          team_holders: mainCustody.team.holders.map((holder) => ({ address: holder.address, relations: holder.relations })),
        },
        provenance: "verified_onchain",
      });
      provenance.lp_custody = "verified_onchain";
    } else {
      provenance.lp_custody = "unavailable";
      unavailable.lp_custody = pools.length === 0 ? "No pool, so no LP to follow." : "No V2-style pool: V3 liquidity is held as NFT positions, whose custody is not read.";
    }

    // Holder concentration.
    let holders: ReturnType<typeof concentration> | null = null;
    if (totalSupply !== null && totalSupply > 0n) {
      holders = concentration(chain, totalSupply, receivers.candidates, balances, discovery.candidates.map((pool) => pool.address));
      const top = holders.topHolderShareBps ?? 0;
      const topTen = holders.topTenShareBps ?? 0;
      const severity: Severity = top >= concentrationThresholds.topHolderHighBps ? "high" : top >= concentrationThresholds.topHolderMediumBps || topTen >= concentrationThresholds.topTenMediumBps ? "medium" : "info";
      signals.push({
        id: "holder_concentration",
        severity,
        flag: severity !== "info",
        title: severity === "info" ? "No single holder controls a large share of supply" : `Supply is concentrated: the largest holder has ${(top / 100).toFixed(2)} % and the ten largest ${(topTen / 100).toFixed(2)} %`,
        evidence: {
          top_holder_bps: holders.topHolderShareBps,
          top_ten_bps: holders.topTenShareBps,
          holders: holders.top.map((holder) => ({ address: holder.address, balance: holder.balance.toString(), share_bps: holder.shareBps, team: team.filter((member) => member.address === holder.address).map((member) => member.relation) })),
          set_apart: holders.setApart.map((holder) => ({ address: holder.address, kind: holder.kind, balance: holder.balance.toString(), share_bps: holder.shareBps })),
          window: { from_block: Number(receivers.fromBlock), to_block: Number(receivers.toBlock), receivers: receivers.receivers, balances_read: receivers.candidates.length },
        },
        provenance: "verified_onchain",
      });
      provenance.holder_concentration = "verified_onchain";
    } else {
      provenance.holder_concentration = "unavailable";
      unavailable.holder_concentration = "The token did not answer totalSupply(), so no share of supply can be formed.";
    }

    const flags = signals.filter((signal) => signal.flag);
    const summary =
      flags.length === 0
        ? `No known red flag was found at read time (block ${ctx.block}). This covers the checks listed under signals only.`
        : `${flags.length} red flag${flags.length === 1 ? "" : "s"} at block ${ctx.block}: ${flags.map((flag) => flag.title.charAt(0).toLowerCase() + flag.title.slice(1)).join("; ")}.`;

    return {
      chain,
      block: ctx.block,
      data: {
        token: { ...tokenView(token, identity), total_supply: totalSupply === null ? null : totalSupply.toString() },
        summary,
        flags: flags.map((flag) => flag.id),
        signals,
        simulation: simulation.ran ? presentSimulation(simulation, simulationPool!) : null,
        fallback: !simulation.ran,
        limitations: [
          "Owner powers are read from function selectors in the code against a catalogue of common signatures; a power under another name is not seen, and a selector's presence does not prove who may call it.",
          `Holder concentration covers the ${holderScan.maxCandidates} largest receivers of Transfer logs in blocks ${receivers.fromBlock} to ${receivers.toBlock}; older holders that have not moved since are not seen.`,
          "The simulation trades as a fresh contract address through the registry's V2 router at the read block; a token that treats contracts, or this address, differently from wallets can behave differently for people.",
        ],
        unavailable,
      },
      provenance,
    };
  });
}

/** The custody read of the deepest pool that has one. */
function pickMainCustody(custodies: readonly LpCustody[], pools: readonly Pool[]): LpCustody | null {
  const main = deepestPool(pools, (pool) => custodies.some((custody) => custody.pool === pool.address));
  return custodies.find((custody) => custody.pool === main?.address) ?? custodies[0] ?? null;
}

function simulationSignals(simulation: Extract<Simulation, { ran: true }>, pool: Pool, nativeSymbol: string): Signal[] {
  const where = { pool: pool.address, router: pool.dex.router, dex: pool.dex.name, simulated_as: simulatorAddress };
  if (!simulation.buy.ok) {
    return [{ id: "buy_reverts", severity: "high", flag: true, title: "Buying through the pool reverts", evidence: { ...where, native_in: simulation.nativeIn.toString(), revert: simulation.buy.revert }, provenance: "verified_onchain" }];
  }
  const signals: Signal[] = [];
  const sell = simulation.sell;
  if (sell && !sell.ok) {
    signals.push({ id: "honeypot", severity: "high", flag: true, title: "Honeypot: a holder who bought cannot sell", evidence: { ...where, bought: simulation.buy.tokensIn.toString(), sell_revert: sell.revert }, provenance: "verified_onchain" });
  } else if (sell) {
    signals.push({ id: "sell_simulated", severity: "info", flag: false, title: `A buy and a sell through the pool both went through (${nativeSymbol} in, ${nativeSymbol} out)`, evidence: { ...where, native_in: simulation.nativeIn.toString(), native_out: sell.native.toString() }, provenance: "verified_onchain" });
  }
  for (const [id, taxBps, leg] of [["buy_tax", simulation.buyTaxBps, simulation.buy], ["sell_tax", simulation.sellTaxBps, sell]] as const) {
    if (taxBps === null || taxBps === 0 || !leg) continue;
    signals.push({
      id,
      severity: taxBps >= highTaxBps ? "high" : "medium",
      flag: true,
      title: `${id === "buy_tax" ? "Buy" : "Sell"} tax of ${(taxBps / 100).toFixed(2)} %`,
      evidence: { ...where, tax_bps: taxBps, sent: leg.tokensOut.toString(), arrived: leg.tokensIn.toString() },
      provenance: "verified_onchain",
    });
  }
  return signals;
}

function presentSimulation(simulation: Extract<Simulation, { ran: true }>, pool: Pool) {
  const legView = (leg: Extract<Simulation, { ran: true }>["buy"] | null) =>
    leg ? { ok: leg.ok, tokens_sent: leg.tokensOut.toString(), tokens_arrived: leg.tokensIn.toString(), native: leg.native.toString(), revert: leg.revert } : null;
  return {
    method: "eth_call with a state override (nothing sent)",
    pool: pool.address,
    router: pool.dex.router,
    simulated_as: simulatorAddress,
    native_in: simulation.nativeIn.toString(),
    buy: legView(simulation.buy),
    sell: legView(simulation.sell),
    buy_tax_bps: simulation.buyTaxBps,
    sell_tax_bps: simulation.sellTaxBps,
  };
}

export const riskIntel: EndpointImplementation<RequestOf<"intel/risk">> = async ({ input }) => {
  const result = await analyzeRisk({ chain: input.chain, address: input.address });
  return {
    data: result.data,
    meta: {
      ...chainReadMeta(result),
    },
  };
};
