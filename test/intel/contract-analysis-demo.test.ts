// contract/analysis against the demo scenarios on all three chain ids (1, 8453, 56): owner and
// renounced, the owner's kind (a timelock), proxy standard, implementation, admin and who owns
// it, the deployer and its transaction (from the node on Ethereum and BNB Chain; unavailable on
// Base), AccessControl holders on Ethereum, provenance for every field, at most three rounds (four
// behind a slot proxy, whose implementation's stored controllers are read too).
import { beforeAll, describe, expect, it } from "vitest";
import { useDemoChains } from "../support/demo-chains";
import { formatUnits, zeroAddress, type Address } from "viem";
import type { ChainId } from "@/lib/chain/networks";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { DEMO_CHAINS, type AddressBook } from "@/demo-chain";
import { analyzeContract } from "@/lib/intel/endpoints/contract/analysis";
import { getChainClient } from "@/lib/chain/clients";

const labels = ["verified_onchain", "augmented", "interpretation", "unavailable"];

const demo = useDemoChains();

describe.each(DEMO_CHAINS)("contract/analysis on demo %s", (chain: ChainId) => {
  let book: AddressBook;
  const analyze = async (address: Address) => {
    const rpcUrl = demo.chains[chain].rpcUrl;
    const { result, usage } = await withRpcMeter(() => analyzeContract({ chain, address, client: getChainClient(chain, { env: { ETH_RPC_URL: rpcUrl, BASE_RPC_URL: rpcUrl, BSC_RPC_URL: rpcUrl } }) }));
    // Behind a proxy whose slot names its implementation, the slots that code checks are read in one more round.
    const slotProxy = (result.data.proxy as { implementation?: Address | null } | null)?.implementation;
    expect(usage.roundTrips).toBeLessThanOrEqual(slotProxy ? 4 : 3);
    for (const field of ["contract", "ownership", "proxy", "deployer", "controllers", "source_verification", "limitations"]) expect(labels).toContain(result.provenance[field]);
    for (const [field, label] of Object.entries(result.provenance)) if (label === "unavailable") expect(result.data.unavailable[field]).toBeTruthy();
    return result.data;
  };
  const deployerOf = (scenario: { deployer: Address; deployTx: { hash: `0x${string}`; block: number } }) =>
    chain === "base" ? null : { address: scenario.deployer, transaction: scenario.deployTx.hash, block: scenario.deployTx.block };

  beforeAll(() => {
    book = demo.chains[chain].addressBook;
  });

  it("healthy: renounced ownership, no proxy, the deployer with its transaction", async () => {
    const { healthy } = book.scenarios;
    const data = await analyze(healthy.token.address);
    expect(data.ownership).toEqual({ ownable: true, owner: zeroAddress, renounced: true, owner_is_contract: false, owner_kind: "renounced" });
    expect(data.proxy).toMatchObject({ standard: "none", implementation: null, admin: null });
    expect(data.deployer).toEqual(deployerOf(healthy));
    expect(data.contract.erc20).toMatchObject({ symbol: healthy.token.symbol, decimals: healthy.token.decimals, total_supply: { raw: healthy.token.totalSupply, formatted: formatUnits(BigInt(healthy.token.totalSupply), healthy.token.decimals) } });
  });

  it("mintable: owned by a wallet, which is the controller", async () => {
    const { mintable } = book.scenarios;
    const data = await analyze(mintable.token.address);
    expect(data.ownership).toEqual({ ownable: true, owner: mintable.facts.owner, renounced: false, owner_is_contract: false, owner_kind: "eoa" });
    expect(data.controllers!.accounts).toContainEqual(expect.objectContaining({ role: "owner", address: mintable.facts.owner, kind: "eoa" }));
  });

  it("transparent proxy: the standard, the implementation after the upgrade, the ProxyAdmin and its owner", async () => {
    const { transparentProxy } = book.scenarios;
    const data = await analyze(transparentProxy.token.address);
    expect(data.proxy).toMatchObject({
      standard: "eip1967_transparent",
      implementation: transparentProxy.facts.implementation,
      admin: { address: transparentProxy.facts.proxyAdmin, is_contract: true },
      admin_owner: { address: transparentProxy.facts.proxyAdminOwner, is_contract: false, kind: "eoa" },
    });
    expect(data.deployer).toEqual(deployerOf(transparentProxy));
  });

  it("UUPS proxy: told apart from a transparent one, with no admin; the owner can upgrade", async () => {
    const { uupsProxy } = book.scenarios;
    const data = await analyze(uupsProxy.token.address);
    expect(data.proxy).toMatchObject({ standard: "eip1967_uups", implementation: uupsProxy.facts.implementation, admin: null });
    expect(data.ownership!.owner).toBe(uupsProxy.facts.upgradeAuthority);
  });

  it("timelock-owned: the owner is a timelock with its delay", async () => {
    const { timelockOwned } = book.scenarios;
    const data = await analyze(timelockOwned.token.address);
    expect(data.ownership).toMatchObject({ owner: timelockOwned.facts.timelock, owner_is_contract: true, owner_kind: "timelock" });
    expect(data.controllers!.accounts).toContainEqual(expect.objectContaining({ role: "owner", address: timelockOwned.facts.timelock, timelock: { min_delay_seconds: timelockOwned.facts.minDelaySeconds } }));
  });

  it("AccessControl token: the current role holders on Ethereum; the narrower read elsewhere", async () => {
    const { roles } = book.scenarios;
    const data = await analyze(roles.token.address);
    const held = data.controllers!.accounts.filter((account) => account.role === "access_control").map((account) => `${account.role_id}:${account.address}`);
    if (chain === "eth") {
      const expected = (Object.keys(roles.facts.holders) as Array<keyof typeof roles.facts.holders>).flatMap((role) => roles.facts.holders[role].map((account) => `${roles.facts.roleIds[role]}:${account}`));
      expect(held.sort()).toEqual(expected.sort());
    } else {
      expect(held).toEqual([]);
      expect(data.controllers).toMatchObject({ graph: expect.stringMatching(/narrow/) });
    }
  });
});
