// contract/analysis on anvil (chain ids 1 and 8453): owner, renounced, owner kind,
// proxy standard and administrator, deployer, AccessControl holders, limitations,
// provenance, and the 503 when the node stops answering.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAddress, zeroAddress, type Address } from "viem";
import { ChainUnavailableError } from "@/lib/chain/errors";
import { getChainClient } from "@/lib/chain/clients";
import { analyzeContract } from "@/lib/intel/endpoints/contract/analysis";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { startAnvil, type Anvil } from "../chain/support/anvil";
import { deployer, installMulticall3, setupClients, type TestChain } from "../chain/support/contracts";
import { deployFixture, fixtures, placeMinimalProxy, roleId, send, setOne } from "./support/fixtures";

const account1 = getAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
const account2 = getAddress("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
const account3 = getAddress("0x90F79bf6EB2c4f870365E785982E1f101E93b906");

describe("contract analysis", () => {
  let eth: Anvil;
  let base: Anvil;
  let chain: TestChain;
  let baseChain: TestChain;
  const at: Record<string, { address: Address; hash: `0x${string}`; block: number }> = {};

  beforeAll(async () => {
    fixtures();
    [eth, base] = await Promise.all([startAnvil({ chainId: 1 }), startAnvil({ chainId: 8453 })]);
    chain = setupClients(eth.url);
    baseChain = setupClients(base.url);
    await Promise.all([installMulticall3(chain), installMulticall3(baseChain)]);
    at.owned = await deployFixture(chain, "OwnedToken", [deployer]);
    at.renounced = await deployFixture(chain, "OwnedToken", [deployer]);
    await send(chain, at.renounced.address, fixtures().OwnedToken.abi, "renounceOwnership");
    at.safe = await deployFixture(chain, "SafeLike", [[account1, account2, account3], 2n]);
    at.safeOwned = await deployFixture(chain, "OwnedToken", [at.safe.address]);
    at.logic = await deployFixture(chain, "PlainLogic");
    at.transparent = await deployFixture(chain, "TransparentUpgradeableProxy", [at.logic.address, account1, setOne]);
    at.uupsLogic = await deployFixture(chain, "UupsLogic");
    at.uups = await deployFixture(chain, "ERC1967Proxy", [at.uupsLogic.address, setOne]);
    at.roles = await deployFixture(chain, "RolesToken", [account1, account2]);
    await send(chain, at.roles.address, fixtures().RolesToken.abi, "revokeRole", [roleId("PAUSER_ROLE"), account2]);
    at.clone = { address: getAddress("0x000000000000000000000000000000000000c10e"), hash: "0x", block: 0 };
    await placeMinimalProxy(chain, at.clone.address, at.owned.address);
    at.baseOwned = await deployFixture(baseChain, "OwnedToken", [deployer]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([eth?.stop(), base?.stop()]);
  });

  const analyze = (address: Address, network: "eth" | "base" = "eth") =>
    analyzeContract({ chain: network, address, client: getChainClient(network, { env: network === "eth" ? { ETH_RPC_URL: eth.url } : { BASE_RPC_URL: base.url } }) });

  it("an owned ERC-20: owner, not renounced, a wallet, its deployer, no proxy", async () => {
    const { data, provenance } = await analyze(at.owned.address);
    expect(data.contract).toMatchObject({ exists: true, is_contract: true, erc20: { name: "Owned Token", symbol: "OWN", decimals: 18, total_supply: { raw: (10n ** 24n).toString(), formatted: "1000000" } } });
    expect(data.contract.bytecode_size).toBeGreaterThan(1000);
    expect(data.ownership).toEqual({ ownable: true, owner: deployer, renounced: false, owner_is_contract: false, owner_kind: "eoa" });
    expect(data.proxy).toMatchObject({ standard: "none", implementation: null, admin: null });
    expect(data.deployer).toEqual({ address: deployer, transaction: at.owned.hash, block: at.owned.block });
    expect(data.controllers!.accounts).toEqual([{ role: "owner", address: deployer, is_contract: false, kind: "eoa" }]);
    expect(data.limitations).toEqual([]);
    expect(provenance).toEqual({ contract: "verified_onchain", proxy: "interpretation", ownership: "verified_onchain", deployer: "verified_onchain", controllers: "verified_onchain", source_verification: "unavailable", limitations: "interpretation" });
    expect(Object.keys(data.unavailable)).toEqual(["source_verification"]);
  });

  it("renounced ownership reads as renounced, with no owner among the controllers", async () => {
    const { data } = await analyze(at.renounced.address);
    expect(data.ownership).toEqual({ ownable: true, owner: zeroAddress, renounced: true, owner_is_contract: false, owner_kind: "renounced" });
    expect(data.controllers!.accounts).toEqual([]);
  });

  it("a Safe owner is expanded into its owners and threshold", async () => {
    const { data } = await analyze(at.safeOwned.address);
    expect(data.ownership).toMatchObject({ owner: at.safe.address, owner_is_contract: true, owner_kind: "safe" });
    expect(data.controllers!.accounts).toEqual([{ role: "owner", address: at.safe.address, is_contract: true, kind: "safe", safe: { owners: [account1, account2, account3], threshold: 2 } }]);
  });

  it("a transparent proxy: implementation, ProxyAdmin and who owns it", async () => {
    const { data } = await analyze(at.transparent.address);
    expect(data.proxy!.standard).toBe("eip1967_transparent");
    expect(data.proxy!.implementation).toBe(at.logic.address);
    expect(data.proxy!.admin).toMatchObject({ is_contract: true, kind: "contract" });
    expect(data.proxy!.admin_owner).toEqual({ address: account1, is_contract: false, kind: "eoa" });
    expect(data.controllers!.accounts.map((c) => c.role)).toEqual(["proxy_admin", "proxy_admin_owner"]);
    expect(data.ownership).toMatchObject({ ownable: false, owner: null });
    expect(data.unavailable.ownership).toMatch(/no owner\(\)/);
  });

  it("a UUPS proxy is told apart from a transparent one", async () => {
    const { data } = await analyze(at.uups.address);
    expect(data.proxy).toMatchObject({ standard: "eip1967_uups", implementation: at.uupsLogic.address, admin: null });
  });

  it("an EIP-1167 clone names its implementation", async () => {
    const { data } = await analyze(at.clone.address);
    expect(data.proxy).toMatchObject({ standard: "eip1167_minimal", implementation: at.owned.address });
    expect(data.contract.bytecode_size).toBe(45);
  });

  it("AccessControl holders come from grants and revocations, confirmed with hasRole", async () => {
    const { data } = await analyze(at.roles.address);
    const roles = data.controllers!.accounts.map((c) => [c.role_id, c.address]);
    expect(roles).toEqual([
      ["0x0000000000000000000000000000000000000000000000000000000000000000", deployer],
      [roleId("MINTER_ROLE"), account1],
    ]);
    expect(data.controllers).toMatchObject({ role_scan: { from_block: at.roles.block, truncated: false } });
  });

  it("an address without code is reported as such, every other field unavailable", async () => {
    const { data, provenance } = await analyze(account3);
    expect(data.contract).toMatchObject({ exists: true, is_contract: false, bytecode_size: 0 });
    expect(data.ownership).toBeNull();
    expect(Object.keys(data.unavailable).sort()).toEqual(["controllers", "deployer", "ownership", "proxy", "source_verification"]);
    expect(provenance.deployer).toBe("unavailable");
  });

  it("on Base: the narrower read, the three limitations, and no deployer without an outside source", async () => {
    const { data, provenance } = await analyze(at.baseOwned.address, "base");
    expect(data.limitations).toHaveLength(3);
    expect(data.limitations.join(" ")).toMatch(/Ethereum only.*outside source.*lock schedules/s);
    expect(data.deployer).toBeNull();
    expect(data.unavailable.deployer).toMatch(/outside explorer/);
    expect(provenance.deployer).toBe("unavailable");
    expect(data.controllers).toMatchObject({ graph: expect.stringMatching(/narrow/), accounts: [{ role: "owner", address: deployer }] });
  });

  it("reads in three rounds: a token, a transparent proxy and a role-holding token", async () => {
    const env = { ETH_RPC_URL: eth.url };
    const owned = await withRpcMeter(() => analyzeContract({ chain: "eth", address: at.owned.address, client: getChainClient("eth", { env }) }));
    const transparent = await withRpcMeter(() => analyzeContract({ chain: "eth", address: at.transparent.address, client: getChainClient("eth", { env }) }));
    const roles = await withRpcMeter(() => analyzeContract({ chain: "eth", address: at.roles.address, client: getChainClient("eth", { env }) }));
    expect(owned.usage.roundTrips).toBeLessThanOrEqual(3);
    expect(transparent.usage.roundTrips).toBeLessThanOrEqual(3);
    expect(roles.usage.roundTrips).toBeLessThanOrEqual(3);
  });

  it("a node that stops answering gives 503 unavailable", async () => {
    const dead = await startAnvil({ chainId: 1 });
    const client = getChainClient("eth", { env: { ETH_RPC_URL: dead.url }, settings: { timeoutMs: 500, retryCount: 0 } });
    await dead.stop();
    const error = await analyzeContract({ chain: "eth", address: at.owned.address, client }).catch((e) => e);
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect((error as ChainUnavailableError).kind).toBe("unreachable");
  });
});
