// The shared market reads (lib/intel/reads/market) against the demo chains' address books, on all
// three networks: pools and reserves, prices in the quote asset and in dollars, LP custody
// (burned, locked with the exact unlock time, team-held, unverified custody), the round
// budget, and the recognised locker code hash.
import { beforeAll, describe, expect, it } from "vitest";
import { useDemoChains } from "../support/demo-chains";
import { encodeFunctionData, erc20Abi, formatUnits, keccak256, parseEther, type Address, type Hex } from "viem";
import { getChainClient } from "@/lib/chain/clients";
import { getNetwork, recognisedLockerCode, type ChainId } from "@/lib/chain/networks";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { DEMO_CHAINS, LP_UNLOCK_TIME, type AddressBook } from "@/demo-chain";
import { findPools, formatRatio, marketContext, priceToken, readLpCustody, readPoolCreation, type MarketContext } from "@/lib/intel/reads/market";
import { rpc } from "../chain/support/anvil";

const DEAD: Address = "0x000000000000000000000000000000000000dEaD";
const ZERO: Address = "0x0000000000000000000000000000000000000000";

const demo = useDemoChains();

describe.each(DEMO_CHAINS)("market reads on demo %s", (chain: ChainId) => {
  let book: AddressBook;
  let rpcUrl: string;
  const env = () => ({ ETH_RPC_URL: rpcUrl, BASE_RPC_URL: rpcUrl, BSC_RPC_URL: rpcUrl });
  /** A context made inside the caller's meter, so its round trips are counted there. */
  const context = (): MarketContext => marketContext({ client: getChainClient(chain, { env: env() }), chain, block: BigInt(book.latestBlock), blockTimestamp: BigInt(book.lastTimestamp) });

  beforeAll(() => {
    book = demo.chains[chain].addressBook;
    rpcUrl = demo.chains[chain].rpcUrl;
  });

  it("findPools: the token's V2 pool against the wrapped native coin with exact reserves, and the reference pool, in two rounds", async () => {
    const { healthy } = book.scenarios;
    const { result, usage } = await withRpcMeter(() => findPools(context(), healthy.token.address));
    expect(usage.roundTrips).toBe(2);
    expect(result.pools.map((pool) => [pool.address, pool.dex.key, pool.quote.address, pool.quote.kind])).toEqual([
      [healthy.pool.pair, book.canonical.dex.key, book.canonical.wrappedNative.address, "wrapped_native"],
    ]);
    expect(result.pools[0].reserves).toEqual({ token: BigInt(healthy.finalPool.reserveToken), quote: BigInt(healthy.finalPool.reserveNative) });
    expect(result.pools[0].lpTotalSupply).toBe(BigInt(healthy.facts.lpTotalSupply));
    expect(result.referencePools.map((pool) => pool.address)).toEqual([book.referencePool.pair]);
    expect(result.referencePools[0].reserves).toEqual({ token: BigInt(book.referencePool.nativeReserve), quote: BigInt(book.referencePool.stableReserve) });
  });

  it("priceToken: mid price in the wrapped native coin and in dollars through the stablecoin pool", async () => {
    for (const key of ["healthy", "rug", "lockedLiquidity"] as const) {
      const scenario = book.scenarios[key];
      const market = await findPools(context(), scenario.token.address);
      const priced = priceToken(market, 18)!;
      const reserveNative = BigInt(scenario.finalPool.reserveNative);
      const reserveToken = BigInt(scenario.finalPool.reserveToken);
      expect(formatRatio(priced.quotePerToken)).toBe(formatUnits(BigInt(scenario.finalPool.priceNativePerToken), 18));
      expect(formatRatio(priced.nativeUsd!.usdPerNative)).toBe(book.referencePool.nativePriceInStable);
      const usdPerNative = BigInt(book.referencePool.nativePriceInStable);
      expect(formatRatio(priced.usdPerToken!)).toBe(formatUnits((reserveNative * 10n ** 18n * usdPerNative) / reserveToken, 18));
      expect(priced.pool.address).toBe(scenario.pool.pair);
    }
  });

  it("readLpCustody, healthy: every LP token burned (dead and zero address), with the burn transaction, in two rounds", async () => {
    const { healthy } = book.scenarios;
    const { result: custody, usage } = await withRpcMeter(() => readLpCustody(context(), { address: healthy.pool.pair }, { team: [{ address: healthy.deployer, relation: "deployer" }] }));
    expect(usage.roundTrips).toBe(2);
    expect(custody.lpTotalSupply).toBe(BigInt(healthy.facts.lpTotalSupply));
    expect(custody.burned.amount).toBe(BigInt(healthy.facts.lpBurnedToDead) + BigInt(healthy.facts.lpAtZeroAddress));
    expect(Number((custody.burned.amount * 10_000n) / custody.lpTotalSupply!)).toBe(healthy.facts.lpBurnedShareBps);
    expect(custody.burned.holders).toEqual([
      { address: DEAD, amount: BigInt(healthy.facts.lpBurnedToDead) },
      { address: ZERO, amount: BigInt(healthy.facts.lpAtZeroAddress) },
    ]);
    expect(custody.burned.transactions).toContainEqual({ transaction: healthy.facts.lpBurnTx.hash, block: BigInt(healthy.facts.lpBurnTx.block), from: healthy.deployer, to: DEAD, amount: BigInt(healthy.facts.lpBurnedToDead), kind: "transfer" });
    expect([custody.locked.amount, custody.team.amount, custody.unverifiedCustody.amount, custody.otherHolders.amount]).toEqual([0n, 0n, 0n, 0n]);
    expect(custody.initialProvider).toBe(healthy.deployer);
  });

  it("readLpCustody, lockedLiquidity: the locker is recognised by its code, with the exact unlock time; the deployer keeps the rest", async () => {
    const { lockedLiquidity: scenario } = book.scenarios;
    const facts = scenario.facts;
    const custody = await readLpCustody(context(), { address: scenario.pool.pair }, { team: [{ address: scenario.deployer, relation: "deployer" }], locks: true });
    expect(custody.locked.amount).toBe(BigInt(facts.lockedAmount));
    expect(Number((custody.locked.amount * 10_000n) / custody.lpTotalSupply!)).toBe(facts.lockedShareBps);
    expect(custody.locked.lockers).toEqual([
      {
        address: facts.locker,
        amount: BigInt(facts.lockedAmount),
        key: "liquidity-timelock",
        name: "LiquidityTimelock",
        recognisedBy: "code_hash",
        pattern: "liquidity-timelock",
        locks: [{ lockId: BigInt(facts.lockId), owner: facts.lockOwner, amount: BigInt(facts.lockedAmount), unlockTime: BigInt(LP_UNLOCK_TIME), withdrawn: false, lockedAtRead: true, transaction: facts.lockTx.hash }],
        locksReason: null,
        stillLocked: BigInt(facts.lockedAmount),
        withdrawable: 0n,
        earliestUnlock: BigInt(LP_UNLOCK_TIME),
        withdrawableSince: null,
      },
    ]);
    expect(custody.withdrawable).toEqual({ amount: 0n, lockers: [] });
    expect(custody.team.holders).toEqual([{ address: scenario.deployer, amount: BigInt(facts.lpKeptByDeployer), relations: ["deployer", "initial_liquidity_provider"], isContract: false }]);
    expect(custody.lpTotalSupply).toBe(BigInt(facts.lpTotalSupply));
  });

  it("without lock proof the locks are read and counted all the same (the locked share and its unlock time); only their list is left out", async () => {
    const { lockedLiquidity: scenario } = book.scenarios;
    const custody = await readLpCustody(context(), { address: scenario.pool.pair });
    expect(custody.locked.amount).toBe(BigInt(scenario.facts.lockedAmount));
    expect(custody.locked.lockers[0]).toMatchObject({ locks: null, earliestUnlock: BigInt(LP_UNLOCK_TIME), stillLocked: BigInt(scenario.facts.lockedAmount), locksReason: expect.stringMatching(/not requested .*read and counted/) });
  });

  it("readLpCustody, rug: the deployer's liquidity removal, attributed, with what it took out", async () => {
    const { rug } = book.scenarios;
    const custody = await readLpCustody(context(), { address: rug.pool.pair }, { team: [{ address: rug.deployer, relation: "deployer" }] });
    const tokenIsToken0 = rug.pool.token0 === rug.token.address;
    const removal = custody.removals.find((entry) => entry.transaction === rug.facts.removeLiquidityTx.hash)!;
    expect(removal).toEqual({
      transaction: rug.facts.removeLiquidityTx.hash,
      block: BigInt(rug.facts.removeLiquidityTx.block),
      by: rug.deployer,
      lpAmount: BigInt(rug.facts.lpRemoved),
      amount0: BigInt(tokenIsToken0 ? rug.facts.tokenReturned : rug.facts.nativeReturned),
      amount1: BigInt(tokenIsToken0 ? rug.facts.nativeReturned : rug.facts.tokenReturned),
    });
    const kept = BigInt(rug.pool.lpMinted) - BigInt(rug.facts.lpRemoved);
    expect(custody.team.holders).toEqual([{ address: rug.deployer, amount: kept, relations: ["deployer", "initial_liquidity_provider"], isContract: false }]);
    expect(custody.lpTotalSupply).toBe(kept + 1_000n);
  });

  it("readPoolCreation: the factory's PairCreated names the pool's creation transaction", async () => {
    const { healthy } = book.scenarios;
    const market = await findPools(context(), healthy.token.address);
    const read = await readPoolCreation(context(), market.pools[0], 100_000n);
    expect(read.creation).toEqual({ block: BigInt(healthy.pool.addLiquidityTx.block), transaction: healthy.pool.addLiquidityTx.hash });
  });

  it("LP moved into an unrecognised contract is unverified custody; into a registry locker outside any lock it is locked with no unlock time, and says why", async () => {
    const { lockedLiquidity: scenario } = book.scenarios;
    const network = getNetwork(chain);
    // Every registry locker's schedule is decoded now; LP sent straight to UNCX's V3 position locker
    // (it locks NFTs) is on no lock's terms. Base's registry has no such locker.
    const registryLocker = network.lockers.find((locker) => locker.pattern === "uncx-v3-positions")?.address ?? null;
    if (chain === "base") expect(registryLocker).toBeNull();
    else expect(registryLocker).not.toBeNull();
    const intoLocker = registryLocker ? parseEther("2") : 0n;
    const snapshot = await rpc<Hex>(rpcUrl, "evm_snapshot");
    try {
      await rpc(rpcUrl, "anvil_impersonateAccount", [scenario.deployer]);
      for (const [to, amount] of [[network.multicall3, parseEther("1")], ...(registryLocker ? [[registryLocker, intoLocker] as const] : [])] as const) {
        const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] });
        const hash = await rpc<Hex>(rpcUrl, "eth_sendTransaction", [{ from: scenario.deployer, to: scenario.pool.pair, data }]);
        // anvil answers before the block is in; read only once the receipt is there.
        while (!(await rpc(rpcUrl, "eth_getTransactionReceipt", [hash]))) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const block = BigInt(await rpc<Hex>(rpcUrl, "eth_blockNumber"));
      const ctx = marketContext({ client: getChainClient(chain, { env: env() }), chain, block, blockTimestamp: null });
      const custody = await readLpCustody(ctx, { address: scenario.pool.pair }, { team: [{ address: scenario.deployer, relation: "deployer" }], locks: true });
      expect(custody.unverifiedCustody.holders).toEqual([{ address: network.multicall3, amount: parseEther("1") }]);
      if (registryLocker) {
        const byRegistry = custody.locked.lockers.find((locker) => locker.address === registryLocker)!;
        expect(byRegistry).toMatchObject({ amount: intoLocker, recognisedBy: "registry_address", pattern: "uncx-v3-positions", locks: null, earliestUnlock: null, locksReason: expect.stringMatching(/on no lock's terms/) });
      }
      expect(custody.locked.amount).toBe(BigInt(scenario.facts.lockedAmount) + intoLocker);
      expect(custody.team.amount).toBe(BigInt(scenario.facts.lpKeptByDeployer) - parseEther("1") - intoLocker);
    } finally {
      await rpc(rpcUrl, "anvil_stopImpersonatingAccount", [scenario.deployer]);
      await rpc(rpcUrl, "evm_revert", [snapshot]);
    }
  });

  it("the registry's recognised locker code hash is the demo locker's deployed code", async () => {
    const code = await rpc<Hex>(rpcUrl, "eth_getCode", [book.scenarios.lockedLiquidity.facts.locker, "latest"]);
    expect(recognisedLockerCode.map((entry) => entry.codeHash)).toContain(keccak256(code));
  });

  it("a token with no pool: no pools and no price", async () => {
    const market = await findPools(context(), book.scenarios.lockedLiquidity.facts.locker);
    expect(market.pools).toEqual([]);
    expect(priceToken(market, 18)).toBeNull();
  });
});
