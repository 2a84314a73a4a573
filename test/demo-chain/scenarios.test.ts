// Every scenario's recorded facts, checked against the running chain with plain viem reads, on
// all three networks. The chains start from the saved states in DATA_DIR (built on first use).
import {
  decodeEventLog,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  getCreate2Address,
  keccak256,
  maxUint256,
  parseAbi,
  parseEventLogs,
  zeroAddress,
  type Address,
  type PublicClient,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CHAINS, type AddressBook, type DemoChains } from "@/demo-chain";
import { useDemoChains } from "../support/demo-chains";
import { compiledContracts, type Artifact } from "@/demo-chain/compile";
import {
  ADMIN_SLOT,
  addressInSlot,
  clientFor,
  factoryAbi,
  IMPLEMENTATION_SLOT,
  multicall3Abi,
  ownableAbi,
  pairAbi,
  routerAbi,
  txRefsIn,
} from "./helpers";

const DEAD: Address = "0x000000000000000000000000000000000000dEaD";

let chains: DemoChains;
let artifacts: Record<string, Artifact>;

const demo = useDemoChains();
beforeAll(async () => {
  chains = demo.chains;
  artifacts = await compiledContracts();
});

afterAll(async () => {
});

const abiOf = (name: string) => {
  const found = artifacts[name];
  if (!found) throw new Error(`no artifact ${name}`);
  return found.abi;
};

describe.each(DEMO_CHAINS)("demo chain %s", (name) => {
  let book: AddressBook;
  let client: PublicClient;

  beforeAll(() => {
    book = chains[name].addressBook;
    client = clientFor(chains[name].rpcUrl);
  });

  const balance = (token: Address, owner: Address) =>
    client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
  const receipt = (hash: `0x${string}`) => client.getTransactionReceipt({ hash });
  const reserves = async (pair: Address, token: Address, blockNumber?: bigint) => {
    const [r0, r1] = await client.readContract({ address: pair, abi: pairAbi, functionName: "getReserves", blockNumber });
    const nativeIsToken0 = BigInt(book.canonical.wrappedNative.address) < BigInt(token);
    return nativeIsToken0 ? { native: r0, token: r1 } : { native: r1, token: r0 };
  };

  it("runs with the network's chain id and the recorded history", async () => {
    expect(await client.getChainId()).toBe({ eth: 1, base: 8453, bsc: 56 }[name]);
    expect(book.chain).toBe(name);
    expect(Number(await client.getBlockNumber())).toBe(book.latestBlock);
    const refs = txRefsIn(book);
    expect(refs.length).toBeGreaterThan(80);
    for (const ref of refs) {
      const mined = await receipt(ref.hash);
      expect(Number(mined.blockNumber)).toBe(ref.block);
    }
    const last = await client.getBlock({ blockNumber: BigInt(book.latestBlock) });
    expect(Number(last.timestamp)).toBe(book.lastTimestamp);
    const first = await client.getBlock({ blockNumber: 1n });
    expect(Number(first.timestamp)).toBe(book.firstTimestamp);
  });

  it("names each token's creator (ots_getContractCreator) and traces old transactions", async () => {
    for (const scenario of Object.values(book.scenarios)) {
      if (!("deployTx" in scenario)) continue;
      const creator = (await client.request({
        method: "ots_getContractCreator" as never,
        params: [scenario.token.address] as never,
      })) as { hash: string; creator: string };
      expect(getAddress(creator.creator), scenario.title).toBe(scenario.deployer);
      expect(creator.hash).toBe(scenario.deployTx.hash);
    }
    // Tracing old transactions works too, also on a chain loaded from a saved state.
    const trace = (await client.request({
      method: "debug_traceTransaction" as never,
      params: [book.scenarios.trader.trades[0]!.tx.hash, { tracer: "callTracer" }] as never,
    })) as { to: string };
    expect(getAddress(trace.to)).toBe(book.canonical.dex.router);
  });

  it("has the canonical contracts at their real addresses", async () => {
    const { canonical } = book;
    for (const placed of canonical.placed) {
      const code = await client.getCode({ address: placed.address });
      expect(code && code.length > 2, placed.role).toBe(true);
      expect(keccak256(code!)).toBe(placed.codeHash);
    }
    expect(canonical.placed.map((placed) => placed.address)).toEqual([
      canonical.wrappedNative.address,
      canonical.stablecoin.address,
      canonical.multicall3,
      canonical.dex.factory,
      canonical.dex.router,
    ]);
    const read = (address: Address, functionName: "name" | "symbol" | "decimals") =>
      client.readContract({ address, abi: erc20Abi, functionName });
    for (const token of [canonical.wrappedNative, canonical.stablecoin]) {
      expect(await read(token.address, "name")).toBe(token.name);
      expect(await read(token.address, "symbol")).toBe(token.symbol);
      expect(await read(token.address, "decimals")).toBe(token.decimals);
    }
    const router = canonical.dex.router;
    expect(await client.readContract({ address: router, abi: routerAbi, functionName: "factory" })).toBe(canonical.dex.factory);
    expect(await client.readContract({ address: router, abi: routerAbi, functionName: "WETH" })).toBe(canonical.wrappedNative.address);
    const factory = canonical.dex.factory;
    expect(await client.readContract({ address: factory, abi: factoryAbi, functionName: "feeToSetter" })).toBe(book.wallets.dexAdmin);
    expect(await client.readContract({ address: factory, abi: factoryAbi, functionName: "feeTo" })).toBe(zeroAddress);
  });

  it("answers aggregate3 at the Multicall3 address, tolerating a failing call", async () => {
    const token = book.scenarios.healthy.token.address;
    const { result: results } = await client.simulateContract({
      address: book.canonical.multicall3,
      abi: multicall3Abi,
      functionName: "aggregate3",
      args: [
        [
          { target: token, allowFailure: false, callData: encodeFunctionData({ abi: erc20Abi, functionName: "symbol" }) },
          { target: book.canonical.multicall3, allowFailure: true, callData: "0xdeadbeef" },
        ],
      ],
    });
    expect(results[0]!.success).toBe(true);
    expect(results[1]!.success).toBe(false);
    // viem's own multicall uses the same contract when told where it is.
    const [symbol, chainId] = await client.multicall({
      multicallAddress: book.canonical.multicall3,
      allowFailure: false,
      contracts: [
        { address: token, abi: erc20Abi, functionName: "symbol" },
        { address: book.canonical.multicall3, abi: multicall3Abi, functionName: "getChainId" },
      ],
    });
    expect(symbol).toBe("HLTH");
    expect(Number(chainId)).toBe(book.chainId);
  });

  it("puts every pair at its CREATE2 address from the canonical factory", async () => {
    const { dex, wrappedNative } = book.canonical;
    const tokenScenarios = Object.values(book.scenarios).filter((scenario) => "pool" in scenario);
    expect(tokenScenarios).toHaveLength(11);
    for (const scenario of tokenScenarios) {
      const token = scenario.token.address;
      const [token0, token1] = BigInt(token) < BigInt(wrappedNative.address) ? [token, wrappedNative.address] : [wrappedNative.address, token];
      const expected = getCreate2Address({
        from: dex.factory,
        salt: keccak256(`0x${token0.slice(2)}${token1.slice(2)}`),
        bytecodeHash: dex.pairInitCodeHash,
      });
      expect(scenario.pool.pair).toBe(expected);
      expect(await client.readContract({ address: dex.factory, abi: factoryAbi, functionName: "getPair", args: [token, wrappedNative.address] })).toBe(expected);
      expect(await client.readContract({ address: expected, abi: pairAbi, functionName: "factory" })).toBe(dex.factory);
    }
    // The signal scenarios' tokens too, each launched on the same factory.
    const signalScenarios = Object.values(book.venues.signals).filter((scenario) => scenario !== null && "pool" in scenario);
    for (const scenario of signalScenarios) {
      expect(await client.readContract({ address: dex.factory, abi: factoryAbi, functionName: "getPair", args: [scenario.token.address, wrappedNative.address] })).toBe(scenario.pool.pair);
    }
    // The locker scenarios' tokens as well.
    const lockerScenarios = [book.venues.lockers.teamFinanceLocks, book.venues.lockers.pinkLocks, book.venues.lockers.uncxV2Locks, book.venues.lockers.pinkLockV1Locks].filter((scenario) => scenario !== null);
    for (const scenario of lockerScenarios) {
      expect(await client.readContract({ address: dex.factory, abi: factoryAbi, functionName: "getPair", args: [scenario.token.address, wrappedNative.address] })).toBe(scenario.pool.pair);
    }
    // The router trader's token and the real published tokens, played after the rest.
    const laterPools = [book.venues.routerTrader.pool, ...Object.values(book.realTokens.scenarios).map((scenario) => scenario.pool)];
    for (const pool of laterPools) {
      expect(await client.readContract({ address: dex.factory, abi: factoryAbi, functionName: "getPair", args: [pool.token0, pool.token1] })).toBe(pool.pair);
    }
    // + the reference pool, + the dust pair of the venue scenario dustV2DeepV3.
    expect(Number(await client.readContract({ address: dex.factory, abi: factoryAbi, functionName: "allPairsLength" }))).toBe(tokenScenarios.length + signalScenarios.length + lockerScenarios.length + laterPools.length + 2);
  });

  it("prices the native coin through the reference stablecoin pool", async () => {
    const pool = book.referencePool;
    const { stablecoin, wrappedNative } = book.canonical;
    expect(await balance(wrappedNative.address, pool.pair)).toBe(BigInt(pool.nativeReserve));
    expect(await balance(stablecoin.address, pool.pair)).toBe(BigInt(pool.stableReserve));
    const perNative = (BigInt(pool.stableReserve) * 10n ** 18n) / BigInt(pool.nativeReserve) / 10n ** BigInt(stablecoin.decimals);
    expect(perNative.toString()).toBe(pool.nativePriceInStable);
  });

  it("healthy: ownership renounced and the deployer's LP burned to 0x…dEaD", async () => {
    const { token, pool, facts, ownership } = book.scenarios.healthy;
    expect(await client.readContract({ address: token.address, abi: ownableAbi, functionName: "owner" })).toBe(zeroAddress);
    expect(ownership).toMatchObject({ renounced: true, owner: null });
    expect(await balance(pool.pair, DEAD)).toBe(BigInt(facts.lpBurnedToDead));
    expect(await balance(pool.pair, zeroAddress)).toBe(1_000n);
    expect(await balance(pool.pair, pool.provider)).toBe(0n);
    expect(await client.readContract({ address: pool.pair, abi: pairAbi, functionName: "totalSupply" })).toBe(BigInt(facts.lpTotalSupply));
    expect(facts.lpBurnedShareBps).toBe(10_000);
    const renounced = parseEventLogs({ abi: ownableAbi, logs: (await receipt(facts.renounceTx.hash)).logs, eventName: "OwnershipTransferred" });
    expect(renounced[0]!.args.newOwner).toBe(zeroAddress);
  });

  it("rug: the deployer pulled most liquidity, the reserves and the price collapsed", async () => {
    const { token, pool, facts } = book.scenarios.rug;
    const now = await reserves(pool.pair, token.address);
    expect(now.native * 10n).toBeLessThan(BigInt(facts.poolBeforePull.reserveNative));
    // Historical state survives a reload: the reserves before the pull read back exactly.
    const before = await reserves(pool.pair, token.address, BigInt(facts.poolBeforePull.block));
    expect(before.native.toString()).toBe(facts.poolBeforePull.reserveNative);
    expect(before.token.toString()).toBe(facts.poolBeforePull.reserveToken);
    const removal = await receipt(facts.removeLiquidityTx.hash);
    expect(getAddress(removal.from)).toBe(facts.liquidityPuller);
    expect(parseEventLogs({ abi: pairAbi, logs: removal.logs, eventName: "Burn" })).toHaveLength(1);
    expect(facts.lpRemovedShareOfProviderBps).toBeGreaterThanOrEqual(9_499);
    expect(BigInt(facts.poolAfterDump.priceNativePerToken) * 100n).toBeLessThan(BigInt(facts.poolBeforePull.priceNativePerToken));
    expect(facts.priceDropBps).toBeGreaterThan(9_000);
  });

  it("dump: team wallets funded at launch sold over several blocks and the price fell", async () => {
    const { token, pool, facts, deployer } = book.scenarios.dump;
    expect(facts.teamWallets).toHaveLength(3);
    const sellBlocks = new Set<number>();
    for (const team of facts.teamWallets) {
      const now = await balance(token.address, team.address);
      expect(now.toString()).toBe(team.finalBalance);
      expect(now).toBeLessThan(BigInt(team.allocation));
      const funding = await receipt(team.allocationTx.hash);
      expect(getAddress(funding.from)).toBe(deployer);
      expect(team.allocationTx.block).toBeLessThan(pool.addLiquidityTx.block);
      expect(team.sells.length).toBeGreaterThan(0);
      for (const sell of team.sells) {
        const mined = await receipt(sell.tx.hash);
        expect(getAddress(mined.from)).toBe(team.address);
        const swaps = parseEventLogs({ abi: pairAbi, logs: mined.logs, eventName: "Swap" }).filter((log) => getAddress(log.address) === pool.pair);
        expect(swaps).toHaveLength(1);
        sellBlocks.add(sell.tx.block);
      }
    }
    expect(sellBlocks.size).toBe(5);
    expect(BigInt(facts.poolAfterDump.priceNativePerToken)).toBeLessThan(BigInt(facts.poolBeforeDump.priceNativePerToken));
    const now = await reserves(pool.pair, token.address);
    expect(now.native.toString()).toBe(facts.poolAfterDump.reserveNative);
  });

  it("mintable: the owner minted after launch and the supply grew by exactly that", async () => {
    const { token, facts } = book.scenarios.mintable;
    const supply = await client.readContract({ address: token.address, abi: erc20Abi, functionName: "totalSupply" });
    expect(supply.toString()).toBe(facts.supplyAfter);
    expect(BigInt(facts.supplyAfter) - BigInt(facts.supplyBefore)).toBe(BigInt(facts.minted));
    expect(await client.readContract({ address: token.address, abi: ownableAbi, functionName: "owner" })).toBe(facts.owner);
    const mints = parseEventLogs({ abi: erc20Abi, logs: (await receipt(facts.mintTx.hash)).logs, eventName: "Transfer" });
    expect(mints).toHaveLength(1);
    expect(mints[0]!.args).toMatchObject({ from: zeroAddress, to: facts.mintedTo, value: BigInt(facts.minted) });
    expect(facts.mintTx.block).toBeGreaterThan(book.scenarios.mintable.pool.addLiquidityTx.block);
  });

  it("honeypot: a holder's sell reverts while buys and the owner's sells go through", async () => {
    const { token, pool, facts } = book.scenarios.honeypot;
    const holder = book.wallets.buyer4;
    const held = await balance(token.address, holder);
    expect(held).toBeGreaterThan(0n);
    const abi = abiOf("HoneypotToken");
    // Selling is a transfer into the pair; the token refuses it for a holder.
    await expect(
      client.simulateContract({ account: holder, address: token.address, abi, functionName: "transfer", args: [pool.pair, held / 2n] }),
    ).rejects.toThrow(/TradingRestricted/);
    // ...but not for the whitelisted owner, and plain wallet-to-wallet transfers are fine.
    await client.simulateContract({ account: facts.owner, address: token.address, abi, functionName: "transfer", args: [pool.pair, 1n] });
    await client.simulateContract({ account: holder, address: token.address, abi, functionName: "transfer", args: [book.wallets.buyer5, 1n] });
    // A buy through the router succeeds.
    const { result } = await client.simulateContract({
      account: holder,
      address: book.canonical.dex.router,
      abi: routerAbi,
      functionName: "swapExactETHForTokens",
      args: [0n, [book.canonical.wrappedNative.address, token.address], holder, 4_102_444_800n],
      value: 10n ** 17n,
    });
    expect(result[1]).toBeGreaterThan(0n);
    // The sell attempt in the history was mined and failed; the owner's sell did not.
    expect((await receipt(facts.failedSell.tx.hash)).status).toBe("reverted");
    expect((await receipt(facts.ownerSell.tx.hash)).status).toBe("success");
    expect(await client.readContract({ address: token.address, abi, functionName: "isWhitelisted", args: [holder] })).toBe(false);
    expect(await client.readContract({ address: token.address, abi, functionName: "isMarketPair", args: [pool.pair] })).toBe(true);
  });

  it("tax: 10% of the buy and 25% of the sell went to the tax wallet", async () => {
    const { token, pool, facts } = book.scenarios.tax;
    const abi = abiOf("TaxToken");
    expect(await client.readContract({ address: token.address, abi, functionName: "buyTaxBps" })).toBe(1_000n);
    expect(await client.readContract({ address: token.address, abi, functionName: "sellTaxBps" })).toBe(2_500n);
    const transfersIn = async (hash: `0x${string}`) =>
      parseEventLogs({ abi: erc20Abi, logs: (await receipt(hash)).logs, eventName: "Transfer" }).filter(
        (log) => getAddress(log.address) === token.address,
      );

    const buy = await transfersIn(facts.taxedBuy.tx.hash);
    const buyTax = buy.find((log) => log.args.from === pool.pair && log.args.to === facts.taxWallet)!.args.value;
    const buyNet = buy.find((log) => log.args.from === pool.pair && log.args.to === facts.taxedBuy.wallet)!.args.value;
    expect(buyTax).toBe(((buyTax + buyNet) * 1_000n) / 10_000n);
    expect(buyTax.toString()).toBe(facts.taxedBuy.tax);
    expect((buyTax + buyNet).toString()).toBe(facts.taxedBuy.gross);

    const sell = await transfersIn(facts.taxedSell.tx.hash);
    const sellTax = sell.find((log) => log.args.from === facts.taxedSell.wallet && log.args.to === facts.taxWallet)!.args.value;
    const sellNet = sell.find((log) => log.args.from === facts.taxedSell.wallet && log.args.to === pool.pair)!.args.value;
    expect(sellTax).toBe(((sellTax + sellNet) * 2_500n) / 10_000n);
    expect(sellTax.toString()).toBe(facts.taxedSell.tax);

    // The tax wallet holds exactly the taxes of every taxed transfer in the history.
    const allTaxes = parseEventLogs({
      abi: erc20Abi,
      logs: await client.getLogs({ address: token.address, fromBlock: 0n, toBlock: "latest" }),
      eventName: "Transfer",
    }).filter((log) => log.args.to === facts.taxWallet);
    const sum = allTaxes.reduce((total, log) => total + log.args.value, 0n);
    expect(await balance(token.address, facts.taxWallet)).toBe(sum);
  });

  it("transparent proxy: EIP-1967 slots name the V2 implementation and the ProxyAdmin", async () => {
    const { facts } = book.scenarios.transparentProxy;
    expect(await addressInSlot(client, facts.proxy, IMPLEMENTATION_SLOT)).toBe(facts.implementation);
    expect(await addressInSlot(client, facts.proxy, ADMIN_SLOT)).toBe(facts.proxyAdmin);
    const admin = await client.readContract({ address: facts.proxyAdmin, abi: ownableAbi, functionName: "owner" });
    expect(admin).toBe(facts.proxyAdminOwner);
    expect(facts.implementation).not.toBe(facts.implementationV1);
    const beforeUpgrade = await client.getStorageAt({
      address: facts.proxy,
      slot: IMPLEMENTATION_SLOT,
      blockNumber: BigInt(facts.upgradeTx.block - 1),
    });
    expect(getAddress(`0x${beforeUpgrade!.slice(-40)}`)).toBe(facts.implementationV1);
    const upgraded = parseAbi(["event Upgraded(address indexed implementation)"]);
    const logs = parseEventLogs({ abi: upgraded, logs: (await receipt(facts.upgradeTx.hash)).logs });
    expect(logs[0]!.args.implementation).toBe(facts.implementation);
    expect(facts.versionAfterUpgrade).toBe(2);
  });

  it("UUPS proxy: the implementation slot holds V2 and the admin slot is empty", async () => {
    const { facts, ownership } = book.scenarios.uupsProxy;
    expect(await addressInSlot(client, facts.proxy, IMPLEMENTATION_SLOT)).toBe(facts.implementation);
    expect(await addressInSlot(client, facts.proxy, ADMIN_SLOT)).toBe(zeroAddress);
    expect(facts.proxyAdmin).toBeNull();
    const uuid = await client.readContract({
      address: facts.implementation,
      abi: parseAbi(["function proxiableUUID() view returns (bytes32)"]),
      functionName: "proxiableUUID",
    });
    expect(uuid).toBe(IMPLEMENTATION_SLOT);
    expect(ownership.owner).toBe(facts.upgradeAuthority);
    expect(getAddress((await receipt(facts.upgradeTx.hash)).from)).toBe(facts.upgradeAuthority);
  });

  it("roles: granted to the expected wallets, the second minter revoked", async () => {
    const { token, facts } = book.scenarios.roles;
    const abi = abiOf("RolesToken");
    const hasRole = (role: `0x${string}`, account: Address) =>
      client.readContract({ address: token.address, abi, functionName: "hasRole", args: [role, account] });
    expect(await hasRole(facts.roleIds.DEFAULT_ADMIN_ROLE, book.wallets.rolesAdmin)).toBe(true);
    expect(await hasRole(facts.roleIds.MINTER_ROLE, book.wallets.rolesMinter)).toBe(true);
    expect(await hasRole(facts.roleIds.PAUSER_ROLE, book.wallets.rolesPauser)).toBe(true);
    expect(await hasRole(facts.roleIds.MINTER_ROLE, book.wallets.rolesRevokedMinter)).toBe(false);
    expect(await hasRole(facts.roleIds.DEFAULT_ADMIN_ROLE, book.wallets.rolesMinter)).toBe(false);
    expect(await client.readContract({ address: token.address, abi, functionName: "MINTER_ROLE" })).toBe(facts.roleIds.MINTER_ROLE);
    expect(await client.readContract({ address: token.address, abi, functionName: "paused" })).toBe(false);
    const revoked = await receipt(facts.revocations[0]!.tx.hash);
    const event = decodeEventLog({ abi, ...revoked.logs[0]! }) as unknown as { eventName: string; args: { account: Address } };
    expect(event.eventName).toBe("RoleRevoked");
    expect(event.args.account).toBe(book.wallets.rolesRevokedMinter);
    expect(facts.grants.every((grant) => grant.tx.block < facts.revocations[0]!.tx.block)).toBe(true);
    // The revoked minter could mint before the revocation; now it cannot.
    await expect(
      client.simulateContract({ account: book.wallets.rolesRevokedMinter, address: token.address, abi, functionName: "mint", args: [book.wallets.rolesRevokedMinter, 1n] }),
    ).rejects.toThrow(/AccessControlUnauthorizedAccount/);
  });

  it("locked liquidity: the locker holds the LP until the recorded unlock time", async () => {
    const { pool, facts } = book.scenarios.lockedLiquidity;
    const abi = abiOf("LiquidityTimelock");
    expect(await balance(pool.pair, facts.locker)).toBe(BigInt(facts.lockedAmount));
    const lock = (await client.readContract({ address: facts.locker, abi, functionName: "getLock", args: [BigInt(facts.lockId)] })) as {
      token: Address;
      owner: Address;
      amount: bigint;
      unlockTime: bigint;
      withdrawn: boolean;
    };
    expect(lock).toEqual({
      token: pool.pair,
      owner: facts.lockOwner,
      amount: BigInt(facts.lockedAmount),
      unlockTime: BigInt(facts.unlockTime),
      withdrawn: false,
    });
    expect(facts.unlockDate).toBe("2030-01-01T00:00:00.000Z");
    expect(facts.lockedShareBps).toBeGreaterThanOrEqual(8_999);
    await expect(
      client.simulateContract({ account: facts.lockOwner, address: facts.locker, abi, functionName: "withdraw", args: [BigInt(facts.lockId)] }),
    ).rejects.toThrow(/StillLocked/);
    const locked = parseEventLogs({ abi, logs: (await receipt(facts.lockTx.hash)).logs, eventName: "Locked" });
    expect(locked).toHaveLength(1);
  });

  it("timelock-owned: the owner is a TimelockController that executed a delayed mint", async () => {
    const { token, facts, ownership } = book.scenarios.timelockOwned;
    const abi = abiOf("TimelockController");
    expect(await client.readContract({ address: token.address, abi: ownableAbi, functionName: "owner" })).toBe(facts.timelock);
    expect(ownership.ownerIsContract).toBe(true);
    expect(await client.readContract({ address: facts.timelock, abi, functionName: "getMinDelay" })).toBe(BigInt(facts.minDelaySeconds));
    const proposerRole = (await client.readContract({ address: facts.timelock, abi, functionName: "PROPOSER_ROLE" })) as `0x${string}`;
    expect(await client.readContract({ address: facts.timelock, abi, functionName: "hasRole", args: [proposerRole, facts.proposers[0]] })).toBe(true);
    expect(await client.readContract({ address: facts.timelock, abi, functionName: "isOperationDone", args: [facts.scheduledMint.operationId] })).toBe(true);
    expect(facts.scheduledMint.executeTx.timestamp - facts.scheduledMint.scheduleTx.timestamp).toBeGreaterThanOrEqual(facts.minDelaySeconds);
    expect(await balance(token.address, facts.scheduledMint.to)).toBe(BigInt(facts.scheduledMint.amount));
  });

  it("approvals: unlimited to the router, limited to a spender, and one revoked to 0", async () => {
    const { wallet, approvals } = book.scenarios.approvals;
    const allowance = (token: Address, spender: Address) =>
      client.readContract({ address: token, abi: erc20Abi, functionName: "allowance", args: [wallet, spender] });
    const byKind = Object.fromEntries(approvals.map((approval) => [approval.kind, approval]));
    expect(await allowance(byKind.unlimited!.token, byKind.unlimited!.spender)).toBe(maxUint256);
    expect(byKind.unlimited!.spender).toBe(book.canonical.dex.router);
    const unit = 10n ** BigInt(book.canonical.stablecoin.decimals);
    expect(await allowance(byKind.limited!.token, byKind.limited!.spender)).toBe(250n * unit);
    expect(byKind.limited!.token).toBe(book.canonical.stablecoin.address);
    expect(await allowance(byKind.revoked!.token, byKind.revoked!.spender)).toBe(0n);
    const approvalEvents = parseEventLogs({
      abi: erc20Abi,
      logs: await client.getLogs({ address: byKind.revoked!.token, fromBlock: 0n, toBlock: "latest" }),
      eventName: "Approval",
    }).filter((log) => log.args.owner === wallet && log.args.spender === byKind.revoked!.spender);
    expect(approvalEvents.map((log) => log.args.value)).toEqual([10n ** 21n, 0n]);
  });

  it("trader: two buys at rising prices and a partial sell, with PnL that adds up", async () => {
    const { wallet, token, pair, trades, expected } = book.scenarios.trader;
    expect(trades.map((trade) => trade.side)).toEqual(["buy", "buy", "sell"]);
    const prices = trades.map((trade) => BigInt(trade.priceNativePerToken));
    expect(prices[1]).toBeGreaterThan(prices[0]!);
    expect(prices[2]).not.toBe(prices[1]);
    expect(new Set(trades.map((trade) => trade.tx.block)).size).toBe(3);
    // Each trade's amounts are exactly what the pair's Swap event says.
    const nativeIsToken0 = BigInt(book.canonical.wrappedNative.address) < BigInt(token);
    for (const trade of trades) {
      const swap = parseEventLogs({ abi: pairAbi, logs: (await receipt(trade.tx.hash)).logs, eventName: "Swap" }).find(
        (log) => getAddress(log.address) === pair,
      )!.args;
      const native = trade.side === "buy" ? (nativeIsToken0 ? swap.amount0In : swap.amount1In) : nativeIsToken0 ? swap.amount0Out : swap.amount1Out;
      const tokens = trade.side === "buy" ? (nativeIsToken0 ? swap.amount1Out : swap.amount0Out) : nativeIsToken0 ? swap.amount1In : swap.amount0In;
      expect(native.toString()).toBe(trade.nativeAmount);
      expect(tokens.toString()).toBe(trade.tokenAmount);
    }
    expect(await balance(token, wallet)).toBe(BigInt(expected.tokensHeld));
    // Average cost, by hand.
    const bought = BigInt(expected.tokensBought);
    const spent = BigInt(expected.nativeSpent);
    const sold = BigInt(expected.tokensSold);
    const received = BigInt(expected.nativeReceived);
    expect(BigInt(expected.realizedPnlNativeAverageCost)).toBe(received - (spent * sold) / bought);
    const mid = await reserves(pair, token);
    const midPrice = (mid.native * 10n ** 18n) / mid.token;
    expect(midPrice.toString()).toBe(expected.finalMidPriceNativePerToken);
    const heldValue = ((bought - sold) * midPrice) / 10n ** 18n;
    expect(BigInt(expected.unrealizedPnlNativeAverageCost)).toBe(heldValue - (spent - (spent * sold) / bought));
    // FIFO: the sale is smaller than the first, cheaper lot, so all of it comes from that lot.
    const [first] = trades;
    expect(sold).toBeLessThanOrEqual(BigInt(first!.tokenAmount));
    const fifoCost = (BigInt(first!.nativeAmount) * sold) / BigInt(first!.tokenAmount);
    expect(BigInt(expected.realizedPnlNativeFifo)).toBe(received - fifoCost);
  });
});
