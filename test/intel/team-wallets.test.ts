// intel/team-wallets on the demo chains (chain ids 1, 8453, 56): the team is only what deployment,
// ownership or control links (deployer, owner, proxy admin and its owner, Ethereum's role holders,
// each with its proof); the wallets the deployer funded in the dump, the launch mint's recipient
// and the first LP provider of a stablecoin are context, listed apart with their proofs and sells,
// never the team; the buyers never appear; three rounds per request.
import { beforeAll, describe, expect, it } from "vitest";
import { useDemoChains } from "../support/demo-chains";
import { formatUnits, type Address } from "viem";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { DEMO_CHAINS, type AddressBook } from "@/demo-chain";
import { readTeamWallets } from "@/lib/intel/endpoints/intel/team-wallets";

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

  const contextRelationsOf = (result: Awaited<ReturnType<typeof read>>, address: Address) => result.data.context.find((wallet) => wallet.address === address)?.relations.map((proof) => proof.relation);

  it("dump: the deployer is the team; the three wallets it funded are context (a transfer from the team is no deployment, ownership or control), each with the transfer that links it and its sells; no buyer", async () => {
    const dump = book.scenarios.dump;
    const result = await read(dump.token.address);
    expect(result.data.wallets.map((wallet) => wallet.address)).toEqual([dump.deployer]);
    expect(relationsOf(result, dump.deployer)).toEqual(chain === "base" ? ["owner", "launch_mint_recipient"] : ["deployer", "owner", "launch_mint_recipient"]);
    expect(result.data.context.map((wallet) => wallet.address).sort()).toEqual(dump.facts.teamWallets.map((team) => team.address).sort());
    for (const team of dump.facts.teamWallets) {
      const wallet = result.data.context.find((entry) => entry.address === team.address)!;
      expect(wallet.relations).toEqual([{ relation: "received_from_team", transaction: team.allocationTx.hash, block: team.allocationTx.block, from: dump.deployer, amount: { raw: team.allocation, formatted: formatUnits(BigInt(team.allocation), dump.token.decimals) } }]);
      expect(wallet.balance!.raw).toBe(team.finalBalance);
      expect(wallet.recent.sells.map((sell) => [sell.transaction, sell.amount.raw, sell.received.raw, sell.quote.symbol])).toEqual([...team.sells].reverse().map((sell) => [sell.tx.hash, sell.tokenAmount, sell.nativeAmount, getNetwork(chain).wrappedNative.symbol]));
      expect(wallet.recent.sells_total).toBe(team.sells.length);
      expect(wallet.share_of_supply_bps).toBe(Number((BigInt(team.finalBalance) * 10_000n) / BigInt(dump.token.totalSupply)));
    }
    const buyers = dump.trades.filter((trade) => trade.side === "buy").map((trade) => trade.wallet);
    expect(buyers.length).toBeGreaterThan(0);
    for (const buyer of buyers) expect([...result.data.wallets, ...result.data.context].map((wallet) => wallet.address)).not.toContain(buyer);
    expect(result.sources.transactions).toEqual(expect.arrayContaining(dump.facts.teamWallets.map((team) => team.allocationTx.hash)));
    expect(result.data.summary).toMatch(/^1 wallet linked to the team by deployment, ownership or control; .* 3 more wallets are context/);
    expect(result.honestEmpty).toBe(false);
  });

  it("healthy: the deployer is the team where the node names it; its launch mint and the community wallets it spread its supply to are context; the buyers do not appear", async () => {
    const healthy = book.scenarios.healthy;
    const community = book.venues.healthySpread.holders;
    const result = await read(healthy.token.address);
    if (chain === "base") {
      // No deployer on Base and ownership renounced: the launch mint's recipient is all the chain shows, and it is context.
      expect({ honestEmpty: result.honestEmpty, wallets: result.data.wallets }).toEqual({ honestEmpty: true, wallets: [] });
      expect(result.data.context.map((wallet) => wallet.address)).toEqual([healthy.deployer]);
      expect(contextRelationsOf(result, healthy.deployer)).toEqual(["launch_mint_recipient"]);
      expect(result.data.unavailable.deployer).toMatch(/listed under context/);
    } else {
      expect(result.data.wallets.map((wallet) => wallet.address)).toEqual([healthy.deployer]);
      expect(relationsOf(result, healthy.deployer)).toEqual(["deployer", "launch_mint_recipient"]);
      expect(result.data.context.map((wallet) => wallet.address)).toEqual(community.map((holder) => holder.address));
      for (const holder of community) {
        expect(result.data.context.find((wallet) => wallet.address === holder.address)!.relations).toEqual([{ relation: "received_from_team", transaction: holder.tx.hash, block: holder.tx.block, from: healthy.deployer, amount: { raw: holder.amount, formatted: expect.any(String) } }]);
      }
    }
    const buyers = [book.wallets.buyer1, book.wallets.buyer2];
    for (const buyer of buyers) expect([...result.data.wallets, ...result.data.context].map((wallet) => wallet.address)).not.toContain(buyer);
  });

  it("a stablecoin's treasury, which received the launch mint and seeded the pool, is context, not the team: the team is its owner and (where the node names it) its deployer", async () => {
    const circle = book.realTokens.scenarios.circleFiatToken;
    const treasury = book.realTokens.wallets.circleTreasury;
    const result = await read(circle.token.address);
    expect(circle.pool.provider).toBe(treasury);
    expect(result.data.wallets.map((wallet) => wallet.address)).not.toContain(treasury);
    expect(contextRelationsOf(result, treasury)).toEqual(["launch_mint_recipient"]);
    expect(relationsOf(result, book.realTokens.wallets.circleOwner)).toEqual(["owner"]);
    expect(relationsOf(result, book.realTokens.wallets.circleProxyAdmin)).toEqual(chain === "base" ? undefined : ["deployer"]);
    for (const wallet of result.data.wallets) expect(wallet.relations.some((proof) => ["deployer", "owner", "proxy_admin", "proxy_admin_owner", "role_holder"].includes(proof.relation))).toBe(true);
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
