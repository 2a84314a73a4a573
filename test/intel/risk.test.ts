// intel/risk on the demo chains (chain ids 1, 8453, 56): the simulated buy and sell (honeypot,
// exact buy and sell taxes), owner powers read from code (mint, pause, pool marking and
// exemptions), ownership, upgradeability and who can upgrade, LP burned and locked, holder
// concentration, the fallback when no pool can be traded, provenance for every field, and at
// most three rounds of RPC per request.
import { beforeAll, describe, expect, it } from "vitest";
import { useDemoChains } from "../support/demo-chains";
import { createPublicClient, erc20Abi, http, keccak256, toFunctionSelector, toHex, type Address } from "viem";
import { ApiError } from "@/lib/errors/api-error";
import type { ChainId } from "@/lib/chain/networks";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { DEMO_CHAINS, type AddressBook } from "@/demo-chain";
import { analyzeRisk, type Signal } from "@/lib/intel/endpoints/intel/risk";
import { compileLens, compileSimulator } from "@/lib/intel/reads/placed/compile";
import { positionLensRuntime } from "@/lib/intel/reads/placed/position-lens.generated";
import { tradeSimulatorRuntime } from "@/lib/intel/reads/placed/trade-simulator.generated";
import { powersInCode, pushedSelectors } from "@/lib/intel/endpoints/intel/risk/selectors";

const labels = ["verified_onchain", "augmented", "interpretation", "unavailable"];

type Result = Awaited<ReturnType<typeof analyzeRisk>>;

/** One signal of the answer, by id; its evidence loosened for reading (the schema's types are checked where signals are built). */
function signal(result: Result, id: Signal["id"]): Omit<Signal, "evidence"> & { evidence: Record<string, any> } {
  const found = result.data.signals.find((entry) => entry.id === id);
  expect(found, `signal ${id}`).toBeDefined();
  return found! as Omit<Signal, "evidence"> & { evidence: Record<string, any> };
}

function expectProvenanceForEveryField(result: Result) {
  for (const field of Object.keys(result.data)) {
    if (["unavailable", "summary", "flags", "fallback"].includes(field)) continue;
    expect(Object.keys(result.provenance).some((key) => key === field || key.startsWith(`${field}.`)), `provenance for ${field}`).toBe(true);
  }
  for (const [field, label] of Object.entries(result.provenance)) {
    expect(labels).toContain(label);
    if (label === "unavailable") expect(result.data.unavailable[field], `reason for ${field}`).toBeTruthy();
  }
  for (const entry of result.data.signals) expect(labels).toContain(entry.provenance);
}

const demo = useDemoChains();

describe("the trade simulator and the selector read", () => {
  it("the committed runtime code is what its source compiles to (the simulator, and the position lens)", () => {
    expect(compileSimulator().runtime).toBe(tradeSimulatorRuntime);
    expect(compileLens().runtime).toBe(positionLensRuntime);
  });

  it("reads PUSH4 immediates opcode by opcode, never inside other push data", () => {
    const mint = toFunctionSelector("mint(address,uint256)").slice(2);
    // PUSH4 <mint>, then a PUSH5 whose data holds the same four bytes after a leading byte.
    const code = `0x63${mint}64ff${mint}00` as const;
    expect([...pushedSelectors(code)]).toEqual([`0x${mint}`]);
    expect(powersInCode(code)).toEqual([{ kind: "mint", functions: [{ signature: "mint(address,uint256)", selector: `0x${mint}` }] }]);
    expect(powersInCode(`0x64ff${mint}`)).toEqual([]);
  });
});

describe.each(DEMO_CHAINS)("intel/risk on demo %s", (chain: ChainId) => {
  let book: AddressBook;
  const analyze = async (address: Address) => {
    const rpcUrl = demo.chains[chain].rpcUrl;
    const { result, usage } = await withRpcMeter(() => analyzeRisk({ chain, address, env: { ETH_RPC_URL: rpcUrl, BASE_RPC_URL: rpcUrl, BSC_RPC_URL: rpcUrl } }));
    expect(usage.roundTrips).toBeLessThanOrEqual(3);
    expectProvenanceForEveryField(result);
    return result;
  };
  const balanceOf = (token: Address, holder: Address) =>
    createPublicClient({ transport: http(demo.chains[chain].rpcUrl) }).readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [holder] });

  beforeAll(() => {
    book = demo.chains[chain].addressBook;
  });

  it("honeypot: the buy goes through, the sell reverts for an ordinary holder; pool marking and whitelisting are in the code", async () => {
    const { honeypot } = book.scenarios;
    const result = await analyze(honeypot.token.address);
    expect(result.data.fallback).toBe(false);
    expect(result.data.simulation).toMatchObject({ pool: honeypot.pool.pair, buy: { ok: true, revert: null }, sell: { ok: false, revert: { reason: "TransferHelper: TRANSFER_FROM_FAILED" } }, buy_tax_bps: 0, sell_tax_bps: null });
    expect(signal(result, "honeypot")).toMatchObject({ severity: "high", flag: true, provenance: "verified_onchain" });
    // Proven by running each as the owner: whitelisting lets the probe holder sell, marking it a pool stops transfers to it.
    const exemptions = signal(result, "power_exemptions");
    expect(exemptions).toMatchObject({ provenance: "verified_onchain", evidence: { proven_by: "simulation", holders: [{ address: honeypot.facts.owner, kind: "owner", live: true }] } });
    expect(exemptions.evidence.functions).toEqual([
      expect.objectContaining({
        signature: "setWhitelisted(address,bool)",
        selector: toFunctionSelector("setWhitelisted(address,bool)"),
        outcome: "effect",
        effect: expect.objectContaining({ changes: { probe_holder_can_sell: { before: false, after: true }, probe_holder_sell_tax_bps: { before: null, after: 0 } } }),
      }),
      expect.objectContaining({ signature: "setMarketPair(address,bool)", selector: toFunctionSelector("setMarketPair(address,bool)"), outcome: "effect", effect: expect.objectContaining({ changes: expect.objectContaining({ probe_holder_can_receive: { before: true, after: false } }) }) }),
    ]);
    expect(signal(result, "ownership").evidence).toEqual({ owner: honeypot.facts.owner, renounced: false, kind: "eoa" });
    expect(result.data.flags).toContain("honeypot");
    // The headline reads the same signals back flat, each value with its source and provenance.
    expect(result.data.headline).toMatchObject({ honeypot: true, buy_tax_bps: 0, sell_tax_bps: null, owner: "eoa", upgradeable: false, red_flags: result.data.flags.length, level: "high" });
    expect(result.data.headline.provenance).toMatchObject({ honeypot: "verified_onchain", buy_tax_bps: "verified_onchain", sell_tax_bps: "unavailable", owner: "verified_onchain" });
    expect(result.data.headline.from).toMatchObject({ honeypot: ["honeypot"], buy_tax_bps: ["simulation"], sell_tax_bps: ["honeypot"], owner: ["ownership"] });
  });

  it("tax token: the simulated buy and sell measure the exact taxes", async () => {
    const { tax } = book.scenarios;
    const result = await analyze(tax.token.address);
    expect(result.data.simulation).toMatchObject({ buy: { ok: true }, sell: { ok: true }, buy_tax_bps: tax.facts.buyTaxBps, sell_tax_bps: tax.facts.sellTaxBps });
    expect(signal(result, "buy_tax")).toMatchObject({ severity: "high", flag: true, evidence: { tax_bps: tax.facts.buyTaxBps } });
    expect(signal(result, "sell_tax")).toMatchObject({ severity: "high", flag: true, evidence: { tax_bps: tax.facts.sellTaxBps } });
    expect(result.data.headline).toMatchObject({ honeypot: false, buy_tax_bps: tax.facts.buyTaxBps, sell_tax_bps: tax.facts.sellTaxBps, level: "high" });
    expect(result.data.headline.from).toMatchObject({ honeypot: ["sell_simulated"], buy_tax_bps: ["buy_tax"], sell_tax_bps: ["sell_tax"] });
    const sim = result.data.simulation!;
    expect(BigInt(sim.buy!.tokens_sent.raw) - BigInt(sim.buy!.tokens_arrived.raw)).toBe((BigInt(sim.buy!.tokens_sent.raw) * BigInt(tax.facts.buyTaxBps)) / 10_000n);
  });

  it("mintable: the owner's mint power, from the code", async () => {
    const { mintable } = book.scenarios;
    const result = await analyze(mintable.token.address);
    expect(signal(result, "power_mint")).toMatchObject({
      severity: "high",
      flag: true,
      evidence: { functions: [{ signature: "mint(address,uint256)", selector: "0x40c10f19" }], read_from: "token_code", owner: mintable.facts.owner, owner_renounced: false },
    });
    expect(result.data.simulation).toMatchObject({ buy_tax_bps: 0, sell_tax_bps: 0 });
    expect(result.data.headline.powers.mint).toEqual({ present: true, live_holder: true });
    expect(result.data.headline.powers.blacklist).toEqual({ present: false, live_holder: false });
    expect(result.data.headline.provenance).toMatchObject({ "powers.mint.present": "verified_onchain", "powers.mint.live_holder": "verified_onchain" });
    expect(result.data.headline).toMatchObject({ honeypot: false, buy_tax_bps: 0, sell_tax_bps: 0, owner: "eoa", level: "high" });
  });

  it("healthy: renounced, LP burned, a clean trade, its supply spread over many holders: no red flag", async () => {
    const { healthy } = book.scenarios;
    const result = await analyze(healthy.token.address);
    expect(signal(result, "ownership")).toMatchObject({ severity: "info", flag: false, title: "Ownership is renounced" });
    expect(signal(result, "lp_custody")).toMatchObject({ flag: false, evidence: { pool: healthy.pool.pair, burned_bps: healthy.facts.lpBurnedShareBps, locked_bps: 0, team_held_bps: 0 } });
    expect(signal(result, "sell_simulated")).toMatchObject({ flag: false });
    expect(result.data.simulation).toMatchObject({ buy_tax_bps: 0, sell_tax_bps: 0 });
    // The largest wallet is the largest of the community holders or buyers; the deployer handed out all it kept.
    const concentration = signal(result, "holder_concentration");
    const top = (concentration.evidence.holders as Array<{ address: Address; share_bps: number }>)[0];
    expect(await balanceOf(healthy.token.address, healthy.deployer)).toBe(0n);
    expect(Number(((await balanceOf(healthy.token.address, top.address)) * 10_000n) / BigInt(healthy.token.totalSupply))).toBe(top.share_bps);
    expect(concentration).toMatchObject({ severity: "info", flag: false, evidence: { top_holder_bps: top.share_bps } });
    expect((concentration.evidence.set_apart as Array<{ address: string; kind: string }>)).toContainEqual(expect.objectContaining({ address: healthy.pool.pair, kind: "pool" }));
    expect(result.data.flags).toEqual([]);
    expect(result.data.summary).toMatch(/^No known red flag was found at read time \(block \d+\)/);
    expect(result.data.headline).toMatchObject({
      honeypot: false,
      owner: "renounced",
      lp_burned_bps: healthy.facts.lpBurnedShareBps,
      lp_locked_bps: 0,
      lp_earliest_unlock: null,
      top_holder_bps: top.share_bps,
      red_flags: 0,
      level: "none",
    });
    expect(result.data.headline.from).toMatchObject({ lp_burned_bps: ["lp_custody"], top_holder_bps: ["holder_concentration"] });
  });

  it("transparent proxy: upgradeable, with the ProxyAdmin and its owner; powers read from the implementation", async () => {
    const { transparentProxy } = book.scenarios;
    const result = await analyze(transparentProxy.token.address);
    expect(signal(result, "upgradeable")).toMatchObject({
      severity: "medium",
      flag: true,
      evidence: { standard: "eip1967_transparent", implementation: transparentProxy.facts.implementation, proxy_admin: transparentProxy.facts.proxyAdmin, proxy_admin_owner: transparentProxy.facts.proxyAdminOwner },
    });
    expect(result.data.signals.filter((entry) => entry.id.startsWith("power_")).every((entry) => "read_from" in entry.evidence && entry.evidence.read_from === "implementation_code")).toBe(true);
  });

  it("UUPS proxy: upgradeable by the token's owner", async () => {
    const { uupsProxy } = book.scenarios;
    const result = await analyze(uupsProxy.token.address);
    expect(signal(result, "upgradeable").evidence).toMatchObject({ standard: "eip1967_uups", implementation: uupsProxy.facts.implementation, owner: uupsProxy.facts.upgradeAuthority });
  });

  it("AccessControl token: mint and pause powers proven as a role's member, the members named from RoleGranted, no owner() function", async () => {
    const { roles } = book.scenarios;
    const result = await analyze(roles.token.address);
    // AccessControl keeps a role's members in a mapping nested under the role id: the walk follows it,
    // and the probe is written into that role's table to run the function as a member. The members
    // themselves are named from the token's RoleGranted logs, each confirmed by its entry at the block
    // (a member whose role was revoked is not): the same wallets contract/analysis names with their roles.
    const roleHolder = (role: string, address: Address) => ({
      kind: "mapping_member",
      address,
      live: true,
      nested_in: { slot: expect.stringMatching(/^\d+$/), key: keccak256(toHex(role)) },
      added_by: expect.objectContaining({ event: expect.objectContaining({ signature: "RoleGranted(bytes32,address,address)" }) }),
    });
    for (const [id, role, functions] of [
      ["power_mint", "MINTER_ROLE", ["mint(address,uint256)"]],
      ["power_pause", "PAUSER_ROLE", ["pause()"]],
    ] as const) {
      const found = signal(result, id);
      expect(found).toMatchObject({ flag: true, evidence: { proven_by: "simulation" } });
      const members = roles.facts.holders[role];
      expect(members.length).toBeGreaterThan(0);
      for (const member of members) expect(found.title).toContain(member);
      const proven = (found.evidence.functions as { signature: string; outcome: string; holders: { address: Address | null }[] }[]).filter((fn) => fn.outcome === "effect");
      expect(proven.map((fn) => fn.signature)).toEqual(functions);
      for (const fn of proven) expect(fn.holders).toEqual(members.map((member) => expect.objectContaining(roleHolder(role, member))));
      // Revoked members are in the logs but not in the table: not named.
      const revoked = roles.facts.revocations.filter((change) => change.role === role && !members.includes(change.account)).map((change) => change.account);
      for (const fn of proven) for (const account of revoked) expect(fn.holders.map((holder) => holder.address)).not.toContain(account);
    }
    expect(signal(result, "ownership").evidence).toEqual({ owner: null, renounced: null, kind: null });
    // No owner(), but the role's members are named and live: the powers have a live holder.
    expect(result.data.headline).toMatchObject({ owner: "none", powers: { mint: { present: true, live_holder: true }, pause: { present: true, live_holder: true } } });
  });

  it("locked liquidity: the locked share reads as secured", async () => {
    const { lockedLiquidity } = book.scenarios;
    const result = await analyze(lockedLiquidity.token.address);
    expect(signal(result, "lp_custody")).toMatchObject({ flag: false, evidence: { locked_bps: lockedLiquidity.facts.lockedShareBps, burned_bps: 0 } });
    expect(result.data.flags).not.toContain("lp_custody");
    expect(result.data.headline).toMatchObject({ lp_locked_bps: lockedLiquidity.facts.lockedShareBps, lp_burned_bps: 0 });
    expect(result.data.headline.lp_earliest_unlock).toBe(signal(result, "lp_custody").evidence.earliest_unlock ?? null);
    expect(result.data.headline.from.lp_earliest_unlock).toEqual(["lp_custody"]);
  });

  it("no pool to trade through: the fallback read from code and state, said to be the fallback", async () => {
    // The locker is a contract with code and no pool: nothing to simulate.
    const result = await analyze(book.scenarios.lockedLiquidity.facts.locker);
    expect(result.data.fallback).toBe(true);
    expect(result.data.simulation).toBeNull();
    expect(signal(result, "simulation_unavailable")).toMatchObject({ flag: false, provenance: "unavailable", title: expect.stringMatching(/fallback/) });
    expect(result.provenance.simulation).toBe("unavailable");
    expect(result.data.unavailable.simulation).toMatch(/no pool/);
    expect(result.data.headline).toMatchObject({ honeypot: null, buy_tax_bps: null, sell_tax_bps: null, transfer_tax_bps: null, lp_burned_bps: null });
    expect(result.data.headline.provenance).toMatchObject({ honeypot: "unavailable", buy_tax_bps: "unavailable", lp_burned_bps: "unavailable" });
  });

  it("an address with no code is 422 insufficient_data", async () => {
    const error = await analyze(book.wallets.buyer1).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("insufficient_data");
  });
});
