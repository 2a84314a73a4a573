// intel/team-wallets on the demo chains (chain ids 1, 8453, 56): the dump's team wallets are
// linked by the deployer's transfers (with the transactions) and their sells are listed; the
// buyers never appear; owner, proxy admin and its owner, launch recipients and (Ethereum)
// role holders carry their proofs; three rounds per request.
import { beforeAll, describe, expect, it } from "vitest";
import { useDemoChains } from "../support/demo-chains";
import { formatUnits, type Address } from "viem";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { DEMO_CHAINS, type AddressBook } from "@/demo-chain";
import { readTeamWallets } from "@/lib/intel/team";

const demo = useDemoChains();

describe.each(DEMO_CHAINS)("intel/team-wallets on demo %s", (chain: ChainId) => {
  let book: AddressBook;
  const read = async (address: Address) => {
    const rpcUrl = demo.chains[chain].rpcUrl;
    const { result, usage } = await withRpcMeter(() => readTeamWallets({ chain, address, env: { ETH_RPC_URL: rpcUrl, BASE_RPC_URL: rpcUrl, BSC_RPC_URL: rpcUrl } }));
    expect(usage.roundTrips).toBeLessThanOrEqual(3);
    return result;
  };
  const relationsOf = (result: Awaited<ReturnType<typeof read>>, address: Address) => result.data.wallets.find((wallet) => wallet.address === address)?.relations.map((proof) => proof.relation);

  beforeAll(() => {
    book = demo.chains[chain].addressBook;
  });

  it("dump: the deployer and the three team wallets it funded, each with the transfer that links it and its sells; no buyer", async () => {
    const dump = book.scenarios.dump;
    const result = await read(dump.token.address);
    expect(result.data.wallets.map((wallet) => wallet.address).sort()).toEqual([dump.deployer, ...dump.facts.teamWallets.map((team) => team.address)].sort());
    expect(relationsOf(result, dump.deployer)).toEqual(chain === "base" ? ["owner", "launch_mint_recipient"] : ["deployer", "owner", "launch_mint_recipient"]);
    for (const team of dump.facts.teamWallets) {
      const wallet = result.data.wallets.find((entry) => entry.address === team.address)!;
      expect(wallet.relations).toEqual([{ relation: "received_from_team", transaction: team.allocationTx.hash, block: team.allocationTx.block, from: dump.deployer, amount: { raw: team.allocation, formatted: formatUnits(BigInt(team.allocation), dump.token.decimals) } }]);
      expect(wallet.balance!.raw).toBe(team.finalBalance);
      expect(wallet.recent.sells.map((sell) => [sell.transaction, sell.amount.raw, sell.received.raw, sell.quote.symbol])).toEqual([...team.sells].reverse().map((sell) => [sell.tx.hash, sell.tokenAmount, sell.nativeAmount, getNetwork(chain).wrappedNative.symbol]));
      expect(wallet.recent.sells_total).toBe(team.sells.length);
      expect(wallet.share_of_supply_bps).toBe(Number((BigInt(team.finalBalance) * 10_000n) / BigInt(dump.token.totalSupply)));
    }
    const buyers = dump.trades.filter((trade) => trade.side === "buy").map((trade) => trade.wallet);
    expect(buyers.length).toBeGreaterThan(0);
    for (const buyer of buyers) expect(result.data.wallets.map((wallet) => wallet.address)).not.toContain(buyer);
    expect(result.sources.transactions).toEqual(expect.arrayContaining(dump.facts.teamWallets.map((team) => team.allocationTx.hash)));
    expect(result.honestEmpty).toBe(false);
  });

  it("healthy: the wallet that received the launch mint (the deployer) and the community wallets it spread its supply to; the buyers do not appear", async () => {
    const healthy = book.scenarios.healthy;
    const community = book.venues.healthySpread.holders;
    const result = await read(healthy.token.address);
    expect(result.data.wallets.map((wallet) => wallet.address)).toEqual([healthy.deployer, ...community.map((holder) => holder.address)]);
    expect(relationsOf(result, healthy.deployer)).toEqual(chain === "base" ? ["launch_mint_recipient"] : ["deployer", "launch_mint_recipient"]);
    for (const holder of community) {
      expect(result.data.wallets.find((wallet) => wallet.address === holder.address)!.relations).toEqual([{ relation: "received_from_team", transaction: holder.tx.hash, block: holder.tx.block, from: healthy.deployer, amount: { raw: holder.amount, formatted: expect.any(String) } }]);
    }
    const buyers = [book.wallets.buyer1, book.wallets.buyer2];
    for (const buyer of buyers) expect(result.data.wallets.map((wallet) => wallet.address)).not.toContain(buyer);
  });

  it("transparent proxy: the ProxyAdmin and its owner are linked by their reads", async () => {
    const proxy = book.scenarios.transparentProxy;
    const result = await read(proxy.token.address);
    expect(relationsOf(result, proxy.facts.proxyAdmin)).toEqual(["proxy_admin"]);
    expect(relationsOf(result, proxy.facts.proxyAdminOwner)).toEqual(["proxy_admin_owner"]);
  });

  it("AccessControl: current role holders are linked on Ethereum, confirmed with hasRole", async () => {
    const roles = book.scenarios.roles;
    const result = await read(roles.token.address);
    const holders = [...roles.facts.holders.DEFAULT_ADMIN_ROLE, ...roles.facts.holders.MINTER_ROLE, ...roles.facts.holders.PAUSER_ROLE];
    const roleHolders = result.data.wallets.filter((wallet) => wallet.relations.some((proof) => proof.relation === "role_holder")).map((wallet) => wallet.address);
    if (chain === "eth") expect(roleHolders.sort()).toEqual([...new Set(holders)].sort());
    else expect(roleHolders).toEqual([]);
    const revoked = roles.facts.revocations.map((change) => change.account).filter((account) => !holders.includes(account));
    for (const account of revoked) expect(roleHolders).not.toContain(account);
  });

  it("a contract with no token history and no owner: only its deployer where the node names it, otherwise an honest empty answer that says so", async () => {
    const { locker, lockerDeployer } = book.scenarios.lockedLiquidity.facts;
    const result = await read(locker);
    if (chain === "base") {
      expect({ honestEmpty: result.honestEmpty, wallets: result.data.wallets }).toEqual({ honestEmpty: true, wallets: [] });
      expect(result.data.summary).toMatch(/^Nothing on chain links a wallet/);
    } else {
      expect(result.data.wallets.map((wallet) => [wallet.address, wallet.relations.map((proof) => proof.relation)])).toEqual([[lockerDeployer, ["deployer"]]]);
    }
  });
});
