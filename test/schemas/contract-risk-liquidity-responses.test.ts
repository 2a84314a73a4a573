// The response schemas of contract/analysis, intel/risk and intel/liquidity against real answers:
// every demo scenario on all three demo chains (eth, base, bsc) through the whole API pipeline,
// plus the addresses that reach the other branches (non-token contracts, a wallet, an address
// nothing has touched; the liquidity booleans). Each 200 answer must come out of its schema
// unchanged, and the optional and nullable branches the schemas declare must have been seen
// where the demo has them, so the schemas are proven on more than the happy path.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { CHAIN_IDS, type ChainId } from "@/lib/chain/networks";
import type { AddressBook } from "@/demo-chain";
import type { ResponseSchema } from "@/lib/schemas/responses/common";
import { contractAnalysisResponse } from "@/lib/schemas/responses/contract-analysis";
import { liquidityResponse } from "@/lib/schemas/responses/liquidity";
import { riskResponse } from "@/lib/schemas/responses/risk";
import { expectAnswerFits } from "../support/answers";
import { useDemoNetworks } from "../support/demo-chains";
import { demoRequestsFor } from "@/demo-chain/requests";
import { createHarness, expectFailure, type Harness } from "../support/harness";

type Body = { data: Record<string, unknown> & { unavailable: Record<string, string> }; meta: Record<string, unknown> & { provenance: Record<string, string> } };
type Answer = { label: string; chain: ChainId; body: Body };

/** An address no scenario touches: no code, no balance, no nonce. */
const untouched = "0x00000000000000000000000000000000000b0b00";

const demo = useDemoNetworks();
let h: Harness;
let key: string;

beforeAll(async () => {
  h = await createHarness("pglite+memory");
  ({ key } = await h.key());
}, 120_000);

afterAll(async () => {
  await h?.close();
});

/** Every token scenario of the address book. */
function scenarioTokens(book: AddressBook) {
  const s = book.scenarios;
  return {
    healthy: s.healthy.token.address,
    rug: s.rug.token.address,
    dump: s.dump.token.address,
    mintable: s.mintable.token.address,
    honeypot: s.honeypot.token.address,
    tax: s.tax.token.address,
    transparentProxy: s.transparentProxy.token.address,
    uupsProxy: s.uupsProxy.token.address,
    roles: s.roles.token.address,
    lockedLiquidity: s.lockedLiquidity.token.address,
    timelockOwned: s.timelockOwned.token.address,
  };
}

/** Contracts that are not the scenarios' tokens, a wallet, and an untouched address. */
function otherAddresses(book: AddressBook) {
  const s = book.scenarios;
  return {
    "locker (no token, no owner)": s.lockedLiquidity.facts.locker,
    "ProxyAdmin (owned by a wallet)": s.transparentProxy.facts.proxyAdmin,
    "timelock controller (roles, no owner)": s.timelockOwned.facts.timelock,
    "proxy implementation": s.transparentProxy.facts.implementation,
    "V2 pair (an LP token)": s.healthy.pool.pair,
    "wrapped native (token with a stablecoin pool)": book.canonical.wrappedNative.address,
    "stablecoin (mintable, quote asset)": book.canonical.stablecoin.address,
    "V2 router (no token)": book.canonical.dex.router,
    "wallet (no code, has a nonce)": book.wallets.healthyDeployer,
    "untouched address": untouched,
  } as Record<string, string>;
}

/** The scenario a demo request reads, for the failure message. */
function nameOf(book: AddressBook, address: unknown): string {
  const found = Object.entries(scenarioTokens(book)).find(([, token]) => token === address);
  return `demo request ${found ? found[0] : String(address)}`;
}

const answers = { contract: [] as Answer[], risk: [] as Answer[], liquidity: [] as Answer[] };

async function fits(schema: ResponseSchema, path: string, chain: ChainId, label: string, body: Record<string, unknown>, into: Answer[]) {
  // Untyped: the schema passed in checks this answer, at run time.
  const response = await h.callUntyped("POST", path, { key, body });
  const where = `${path} ${chain} ${label}`;
  expect(response.status, `${where}: ${JSON.stringify(response.body).slice(0, 300)}`).toBe(200);
  expectAnswerFits(schema, response.body, where);
  into.push({ label, chain, body: response.body });
}

describe.each(CHAIN_IDS)("on the %s demo chain", (chain) => {
  const book = () => demo.chains[chain].addressBook;

  it("contract/analysis: every demo request, every scenario token, other contracts, a wallet, an untouched address", async () => {
    for (const body of demoRequestsFor("contract/analysis", chain, book())) await fits(contractAnalysisResponse, "contract/analysis", chain, nameOf(book(), body.address), body, answers.contract);
    for (const [label, address] of [...Object.entries(scenarioTokens(book())), ...Object.entries(otherAddresses(book()))]) {
      await fits(contractAnalysisResponse, "contract/analysis", chain, label, { chain, address }, answers.contract);
    }
  });

  it("intel/risk: every demo request, every scenario token, and other contracts; an address without code is a 422", async () => {
    for (const body of demoRequestsFor("intel/risk", chain, book())) await fits(riskResponse, "intel/risk", chain, nameOf(book(), body.address), body, answers.risk);
    const contracts = Object.entries(otherAddresses(book())).filter(([label]) => !label.startsWith("wallet") && !label.startsWith("untouched"));
    for (const [label, address] of [...Object.entries(scenarioTokens(book())), ...contracts]) await fits(riskResponse, "intel/risk", chain, label, { chain, address }, answers.risk);
    const noCode = await h.call("POST", "intel/risk", { key, body: { chain, address: untouched } });
    expectFailure(noCode, "insufficient_data");
    expect(noCode.status).toBe(422);
  });

  it("intel/liquidity: every demo request with each boolean, every scenario token plain and full, other addresses", async () => {
    const flagSets: Array<Record<string, boolean>> = [{}, { metadata: true }, { locks: true }, { full: true }, { metadata: true, locks: true }];
    for (const body of demoRequestsFor("intel/liquidity", chain, book())) {
      for (const flags of flagSets) await fits(liquidityResponse, "intel/liquidity", chain, `${nameOf(book(), body.address)} ${JSON.stringify(flags)}`, { ...body, ...flags }, answers.liquidity);
    }
    for (const [label, address] of Object.entries(scenarioTokens(book()))) {
      for (const flags of [{}, { full: true }]) await fits(liquidityResponse, "intel/liquidity", chain, `${label} ${JSON.stringify(flags)}`, { chain, address, ...flags }, answers.liquidity);
    }
    for (const [label, address] of Object.entries(otherAddresses(book()))) await fits(liquidityResponse, "intel/liquidity", chain, label, { chain, address, metadata: true }, answers.liquidity);
  });
});

/** How many answers show `seen`; the branches below must each appear at least once. */
const count = (list: Answer[], seen: (body: Body) => unknown) => list.filter((answer) => Boolean(seen(answer.body))).length;

function expectCovered(list: Answer[], branches: Record<string, (body: Body) => unknown>) {
  expect(new Set(list.map((answer) => answer.chain))).toEqual(new Set(CHAIN_IDS));
  const missing = Object.entries(branches)
    .filter(([, seen]) => count(list, seen) === 0)
    .map(([name]) => name);
  expect(missing, "declared branches no answer exercised").toEqual([]);
}

type Account = { role: string; kind: string; role_id?: string };
type Signal = { id: string; evidence: Record<string, unknown> };
type Pool = { metadata?: { fee: { source: string }; creation: unknown }; price: unknown; reserves: unknown };
type Custody = { locked: { lockers: Array<{ locks: unknown[] | null }> }; team: { holders: unknown[] }; burned: { burn_transactions: Array<{ kind: string }> }; liquidity_removals: Array<{ by_team: unknown; by: unknown }>; initial_liquidity_provider: unknown };

describe("the optional and nullable branches the schemas declare were exercised", () => {
  it("contract/analysis", () => {
    const d = (body: Body) => body.data as unknown as {
      deployer: unknown;
      limitations: string[];
      contract: { exists: boolean; erc20: unknown };
      ownership: { owner_kind: string | null; ownable: boolean } | null;
      proxy: { standard: string; admin: unknown; admin_owner: unknown } | null;
      controllers: { accounts: Account[]; role_scan?: unknown; graph?: string } | null;
    };
    const accounts = (body: Body) => d(body).controllers?.accounts ?? [];
    expectCovered(answers.contract, {
      "no code: every evidence field null": (body) => d(body).ownership === null && d(body).controllers === null,
      "no code but exists (a wallet)": (body) => d(body).contract.exists && d(body).ownership === null,
      "nothing at the address": (body) => !d(body).contract.exists,
      "erc20 identity": (body) => d(body).contract.erc20,
      "no erc20 identity on a contract": (body) => d(body).proxy && d(body).contract.erc20 === null,
      "not ownable": (body) => d(body).ownership?.ownable === false,
      "owner renounced": (body) => d(body).ownership?.owner_kind === "renounced",
      "owner a wallet": (body) => d(body).ownership?.owner_kind === "eoa",
      "owner a timelock": (body) => d(body).ownership?.owner_kind === "timelock",
      "proxy: transparent with admin and admin owner": (body) => d(body).proxy?.standard === "eip1967_transparent" && d(body).proxy?.admin && d(body).proxy?.admin_owner,
      "proxy: uups": (body) => d(body).proxy?.standard === "eip1967_uups",
      "proxy: none": (body) => d(body).proxy?.standard === "none",
      "deployer known": (body) => d(body).deployer,
      "deployer unavailable on a contract": (body) => d(body).proxy && d(body).deployer === null && body.data.unavailable.deployer,
      "role scan (Ethereum)": (body) => d(body).controllers?.role_scan,
      "narrow graph (Base, BNB Chain)": (body) => d(body).controllers?.graph,
      "access_control accounts with role ids": (body) => accounts(body).some((account) => account.role === "access_control" && account.role_id),
      "controller: a wallet": (body) => accounts(body).some((account) => account.kind === "eoa"),
      "controller: a timelock": (body) => accounts(body).some((account) => account.kind === "timelock"),
      "controller: another contract": (body) => accounts(body).some((account) => account.kind === "contract"),
      "controller: proxy admin and its owner": (body) => accounts(body).some((account) => account.role === "proxy_admin") && accounts(body).some((account) => account.role === "proxy_admin_owner"),
      "limitations listed (Base, BNB Chain)": (body) => d(body).limitations.length > 0,
      "provenance of limitations": (body) => body.meta.provenance.limitations,
      "unavailable.ownership": (body) => body.data.unavailable.ownership,
    });
  });

  it("intel/risk", () => {
    const signals = (body: Body) => body.data.signals as Signal[];
    const has = (id: string) => (body: Body) => signals(body).some((signal) => signal.id === id);
    const upgrade = (standard: string) => (body: Body) => signals(body).some((signal) => signal.id === "upgradeable" && signal.evidence.standard === standard);
    const simulation = (body: Body) => body.data.simulation as { sell: unknown; buy_tax_bps: number | null } | null;
    expectCovered(answers.risk, {
      ...Object.fromEntries(["simulation_unavailable", "honeypot", "sell_simulated", "buy_tax", "sell_tax", "power_mint", "power_pause", "power_exemptions", "ownership", "lp_custody", "holder_concentration"].map((id) => [`signal ${id}`, has(id)])),
      "upgradeable: transparent": upgrade("eip1967_transparent"),
      "upgradeable: uups": upgrade("eip1967_uups"),
      "ownership: no owner()": (body) => signals(body).some((signal) => signal.id === "ownership" && signal.evidence.owner === null),
      "power read from the implementation": (body) => signals(body).some((signal) => signal.evidence.read_from === "implementation_code"),
      "lp custody with lockers": (body) => signals(body).some((signal) => signal.id === "lp_custody" && (signal.evidence.lockers as unknown[]).length > 0),
      "lp custody with team holders": (body) => signals(body).some((signal) => signal.id === "lp_custody" && (signal.evidence.team_holders as unknown[]).length > 0),
      "holders set apart": (body) => signals(body).some((signal) => signal.id === "holder_concentration" && (signal.evidence.set_apart as unknown[]).length > 0),
      "holders linked to the team": (body) => signals(body).some((signal) => signal.id === "holder_concentration" && (signal.evidence.holders as Array<{ team: string[] }>).some((holder) => holder.team.length > 0)),
      "simulation ran": (body) => simulation(body),
      "simulation: sell reverted": (body) => simulation(body) && (simulation(body)!.sell as { ok: boolean }).ok === false,
      "no simulation (fallback)": (body) => body.data.fallback === true && simulation(body) === null,
      "no flags": (body) => (body.data.flags as string[]).length === 0,
      "unavailable.simulation": (body) => body.data.unavailable.simulation,
      "unavailable.lp_custody": (body) => body.data.unavailable.lp_custody,
      "unavailable.holder_concentration": (body) => body.data.unavailable.holder_concentration,
      "token without total supply": (body) => (body.data.token as { total_supply: unknown }).total_supply === null,
    });
  });

  it("intel/liquidity", () => {
    const market = (body: Body) => body.data.market as { pools: Pool[]; price: unknown; native_usd: unknown; liquidity_usd: unknown };
    const custody = (body: Body) => body.data.lp_custody as Custody[];
    const meta = (body: Body) => body.meta.read as { metadata: boolean; locks: boolean; full: boolean };
    expectCovered(answers.liquidity, {
      "no pool (honest empty)": (body) => market(body).pools.length === 0 && body.meta.credits_charged === 0,
      "pools without metadata": (body) => market(body).pools.length > 0 && market(body).pools.every((pool) => pool.metadata === undefined),
      "pools with metadata": (body) => market(body).pools.some((pool) => pool.metadata),
      "fee from the registry": (body) => market(body).pools.some((pool) => pool.metadata?.fee.source === "registry"),
      "pool creation found": (body) => market(body).pools.some((pool) => pool.metadata?.creation),
      "price and native_usd": (body) => market(body).price && market(body).native_usd && market(body).liquidity_usd,
      "no price": (body) => market(body).price === null,
      "no native dollar price (the wrapped native coin itself)": (body) => market(body).native_usd === null,
      "locks read": (body) => custody(body).some((entry) => entry.locked.lockers.some((locker) => locker.locks !== null)),
      "locks not asked for": (body) => custody(body).some((entry) => entry.locked.lockers.some((locker) => locker.locks === null)),
      "team-held LP": (body) => custody(body).some((entry) => entry.team.holders.length > 0),
      "burn transfers": (body) => custody(body).some((entry) => entry.burned.burn_transactions.some((burn) => burn.kind === "transfer")),
      "minimum liquidity burn": (body) => custody(body).some((entry) => entry.burned.burn_transactions.some((burn) => burn.kind === "minimum_liquidity")),
      "liquidity removal by the team": (body) => custody(body).some((entry) => entry.liquidity_removals.some((removal) => removal.by_team)),
      "initial liquidity provider": (body) => custody(body).some((entry) => entry.initial_liquidity_provider),
      "owner renounced": (body) => (body.data.team_wallets as { owner_renounced: boolean | null }).owner_renounced === true,
      "no owner()": (body) => (body.data.team_wallets as { owner: unknown }).owner === null,
      "deployer known": (body) => (body.data.team_wallets as { deployer: unknown }).deployer,
      "deployer unavailable": (body) => body.data.unavailable["team_wallets.deployer"],
      "token without identity": (body) => body.data.unavailable["token.symbol"] && body.data.unavailable["token.total_supply"],
      "read plan: full": (body) => meta(body).full && meta(body).metadata && meta(body).locks,
      "read plan: locks only": (body) => meta(body).locks && !meta(body).metadata,
      "provenance of pool metadata": (body) => body.meta.provenance["market.pools.metadata"],
      "provenance of lock proof": (body) => body.meta.provenance["lp_custody.locks"],
      "provenance of team attribution": (body) => body.meta.provenance["lp_custody.team"],
      "unavailable.market.pools": (body) => body.data.unavailable["market.pools"],
      "unavailable.lp_custody": (body) => body.data.unavailable.lp_custody,
    });
  });
});

/** Every property of every object in a JSON Schema, with its path. */
function* properties(node: unknown, path: string): Generator<[string, Record<string, unknown>]> {
  if (!node || typeof node !== "object") return;
  const schema = node as Record<string, unknown>;
  for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>)) {
    yield [`${path}.${name}`, child];
    yield* properties(child, `${path}.${name}`);
  }
  for (const keyword of ["items", "anyOf", "oneOf", "allOf"]) {
    const value = schema[keyword];
    for (const child of Array.isArray(value) ? value : value ? [value] : []) yield* properties(child, keyword === "items" ? `${path}[]` : path);
  }
}

describe("the schemas make an OpenAPI document a developer can read", () => {
  it.each([
    ["contract/analysis", contractAnalysisResponse],
    ["intel/risk", riskResponse],
    ["intel/liquidity", liquidityResponse],
  ] as const)("%s: every field of data and meta has a description", (_, schema) => {
    for (const [part, value] of [["data", schema.data], ["meta", schema.meta]] as const) {
      const json = z.toJSONSchema(value, { io: "output" });
      const undocumented = [...properties(json, part)].filter(([, child]) => typeof child.description !== "string" || child.description.length === 0).map(([path]) => path);
      expect(undocumented).toEqual([]);
    }
  });
});
