// The concentrated-liquidity venues on the demo chains: every placed contract answers as the real
// one does, and every fact the venue scenarios recorded holds on chain (pool state, positions,
// balances, the events of each trade and liquidity removal), on eth, base and bsc.
import {
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  getAddress,
  getCreate2Address,
  keccak256,
  parseAbi,
  parseEventLogs,
  toHex,
  zeroAddress,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CHAINS, type AddressBook, type DemoChains } from "@/demo-chain";
import { useDemoChains } from "../support/demo-chains";
import type { VenueTrade } from "@/demo-chain/venues/common";
import { DEMO_VENUES } from "@/demo-chain/networks";
import { venueArtifacts } from "@/demo-chain/venues/artifacts";
import { clientFor, pairAbi } from "./helpers";

let chains: DemoChains;

const demo = useDemoChains();
beforeAll(async () => {
  chains = demo.chains;
}, 120_000);

afterAll(async () => {
});

const v3FactoryAbi = parseAbi([
  "function owner() view returns (address)",
  "function feeAmountTickSpacing(uint24) view returns (int24)",
  "function getPool(address, address, uint24) view returns (address)",
]);
const v3PoolAbi = parseAbi([
  "function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16, uint16, uint16, uint8, bool)",
  "function liquidity() view returns (uint128)",
  "function factory() view returns (address)",
  "function fee() view returns (uint24)",
  "function token0() view returns (address)",
  "function token1() view returns (address)",
  "function positions(bytes32) view returns (uint128 liquidity, uint256, uint256, uint128, uint128)",
  "event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)",
]);
const pancakePoolAbi = parseAbi([
  "function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16, uint16, uint16, uint32 feeProtocol, bool)",
  "event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint128 protocolFeesToken0, uint128 protocolFeesToken1)",
]);
const npmAbi = parseAbi([
  "function factory() view returns (address)",
  "function WETH9() view returns (address)",
  "function name() view returns (string)",
  "function symbol() view returns (string)",
  "function ownerOf(uint256) view returns (address)",
  "function positions(uint256) view returns (uint96, address, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256, uint256, uint128, uint128)",
  "event IncreaseLiquidity(uint256 indexed tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)",
  "event DecreaseLiquidity(uint256 indexed tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)",
  "event Collect(uint256 indexed tokenId, address recipient, uint256 amount0, uint256 amount1)",
]);
const poolManagerAbi = parseAbi([
  "function owner() view returns (address)",
  "event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)",
  "event ModifyLiquidity(bytes32 indexed id, address indexed sender, int24 tickLower, int24 tickUpper, int256 liquidityDelta, bytes32 salt)",
  "event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)",
]);
const posmAbi = parseAbi([
  "function poolManager() view returns (address)",
  "function permit2() view returns (address)",
  "function WETH9() view returns (address)",
  "function name() view returns (string)",
  "function symbol() view returns (string)",
  "function nextTokenId() view returns (uint256)",
  "function ownerOf(uint256) view returns (address)",
  "function getPositionLiquidity(uint256) view returns (uint128)",
  "function unsubscribeGasLimit() view returns (uint256)",
]);
const immutableStateAbi = parseAbi(["function poolManager() view returns (address)"]);
const stateViewAbi = parseAbi([
  "function getSlot0(bytes32) view returns (uint160 sqrtPriceX96, int24 tick, uint24 protocolFee, uint24 lpFee)",
  "function getLiquidity(bytes32) view returns (uint128)",
]);
const routerAbi = parseAbi([
  "function poolManager() view returns (address)",
  "function V3_POSITION_MANAGER() view returns (address)",
  "function V4_POSITION_MANAGER() view returns (address)",
  "function SPOKE_POOL() view returns (address)",
]);
const permit2Abi = parseAbi([
  "function DOMAIN_SEPARATOR() view returns (bytes32)",
  "function allowance(address owner, address token, address spender) view returns (uint160 amount, uint48 expiration, uint48 nonce)",
]);
const pancakeFactoryAbi = parseAbi([
  "function owner() view returns (address)",
  "function poolDeployer() view returns (address)",
  "function feeAmountTickSpacing(uint24) view returns (int24)",
  "function getPool(address, address, uint24) view returns (address)",
]);
const poolDeployerAbi = parseAbi([
  "function factoryAddress() view returns (address)",
  "function poolCode() view returns (address)",
  "function parameters() view returns (address factory, address token0, address token1, uint24 fee, int24 tickSpacing)",
  "function deploy(address, address, address, uint24, int24) returns (address)",
]);
const hookAbi = parseAbi([
  "function owner() view returns (address)",
  "function poolManager() view returns (address)",
  "function swapsBlocked() view returns (bool)",
  "function initialFee() view returns (uint24)",
  "event FeeSet(bytes32 indexed poolId, uint24 fee)",
  "event SwapsBlockedSet(bool blocked)",
]);

const POOL_KEY = {
  type: "tuple",
  components: [
    { name: "currency0", type: "address" },
    { name: "currency1", type: "address" },
    { name: "fee", type: "uint24" },
    { name: "tickSpacing", type: "int24" },
    { name: "hooks", type: "address" },
  ],
} as const;

const abs = (value: bigint) => (value < 0n ? -value : value);

describe.each(DEMO_CHAINS)("venues on demo chain %s", (name) => {
  let book: AddressBook;
  let client: PublicClient;

  beforeAll(() => {
    book = chains[name].addressBook;
    client = clientFor(chains[name].rpcUrl);
  });

  const read = <T>(address: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[] = []) =>
    client.readContract({ address, abi: abi as never, functionName: functionName as never, args: args as never }) as Promise<T>;
  const receipt = (hash: Hex) => client.getTransactionReceipt({ hash });
  const balance = (token: Address, owner: Address) => read<bigint>(token, erc20Abi, "balanceOf", [owner]);

  it("places every venue contract at its registry address with the code recorded", async () => {
    const venues = book.venues.contracts;
    const expected = DEMO_VENUES[name];
    expect(venues.uniswapV3.factory).toBe(expected.uniswapV3.factory);
    expect(venues.uniswapV4.universalRouter).toBe(expected.uniswapV4.universalRouter);
    const roles = venues.placed.map((placed) => placed.role);
    expect(roles).toEqual([
      "uniswapV3Factory",
      "uniswapV3PositionManager",
      "permit2",
      "uniswapV4PoolManager",
      "uniswapV4PositionManager",
      "uniswapV4StateView",
      "uniswapV4Quoter",
      "universalRouter",
      ...(name === "bsc" ? ["pancakeV3PoolCode", "pancakeV3PoolDeployer", "pancakeV3Factory"] : []),
    ]);
    // Storage as placed, in the first block that holds the contracts (pools and positions change it later).
    const placedIn = BigInt(venues.placedInBlock);
    expect(Number(placedIn)).toBe(book.venues.scenarios.v3Only.deployTx.block);
    for (const placed of venues.placed) {
      // Placed after the history of the other scenarios: absent before the block that was newest then.
      expect(await client.getCode({ address: placed.address, blockNumber: placedIn - 2n }), placed.role).toBeUndefined();
      const code = await client.getCode({ address: placed.address });
      expect(code && code.length > 2, placed.role).toBe(true);
      expect(keccak256(code!), placed.role).toBe(placed.codeHash);
      for (const { slot, value } of placed.storage) {
        expect(await client.getStorageAt({ address: placed.address, slot, blockNumber: placedIn }), `${placed.role} ${slot}`).toBe(value);
      }
    }
  });

  it("Uniswap V3: the factory's owner and fee tiers, the position manager's factory and wrapped native", async () => {
    const v3 = book.venues.contracts.uniswapV3;
    expect(await read(v3.factory, v3FactoryAbi, "owner")).toBe(book.wallets.dexAdmin);
    for (const tier of [
      [100, 1],
      [500, 10],
      [3000, 60],
      [10000, 200],
    ] as const) {
      expect(await read(v3.factory, v3FactoryAbi, "feeAmountTickSpacing", [tier[0]])).toBe(tier[1]);
    }
    expect(await read(v3.positionManager, npmAbi, "factory")).toBe(v3.factory);
    expect(await read(v3.positionManager, npmAbi, "WETH9")).toBe(book.canonical.wrappedNative.address);
    expect(await read(v3.positionManager, npmAbi, "name")).toBe("Uniswap V3 Positions NFT-V1");
    expect(await read(v3.positionManager, npmAbi, "symbol")).toBe("UNI-V3-POS");
    // The pools the factory deployed use the registry's init code hash.
    expect(keccak256(venueArtifacts().v3Pool.bytecode)).toBe(v3.poolInitCodeHash);
  });

  it("Uniswap V4 and Permit2: owners, wiring and Permit2's domain separator for this chain", async () => {
    const v4 = book.venues.contracts.uniswapV4;
    const permit2 = book.venues.contracts.permit2;
    expect(await read(v4.poolManager, poolManagerAbi, "owner")).toBe(book.wallets.dexAdmin);
    expect(await read(v4.positionManager, posmAbi, "poolManager")).toBe(v4.poolManager);
    expect(await read(v4.positionManager, posmAbi, "permit2")).toBe(permit2);
    expect(await read(v4.positionManager, posmAbi, "WETH9")).toBe(book.canonical.wrappedNative.address);
    expect(await read(v4.positionManager, posmAbi, "name")).toBe("Uniswap v4 Positions NFT");
    expect(await read(v4.positionManager, posmAbi, "symbol")).toBe("UNI-V4-POSM");
    expect(await read(v4.positionManager, posmAbi, "unsubscribeGasLimit")).toBe(300_000n);
    expect(await read(v4.stateView, immutableStateAbi, "poolManager")).toBe(v4.poolManager);
    expect(await read(v4.quoter, immutableStateAbi, "poolManager")).toBe(v4.poolManager);
    expect(await read(v4.universalRouter, routerAbi, "poolManager")).toBe(v4.poolManager);
    expect(await read(v4.universalRouter, routerAbi, "V3_POSITION_MANAGER")).toBe(book.venues.contracts.uniswapV3.positionManager);
    expect(await read(v4.universalRouter, routerAbi, "V4_POSITION_MANAGER")).toBe(v4.positionManager);
    expect(await read(v4.universalRouter, routerAbi, "SPOKE_POOL")).toBe(zeroAddress);
    const domain = keccak256(
      encodeAbiParameters(
        [{ type: "bytes32" }, { type: "bytes32" }, { type: "uint256" }, { type: "address" }],
        [
          keccak256(toHex("EIP712Domain(string name,uint256 chainId,address verifyingContract)")),
          keccak256(toHex("Permit2")),
          BigInt(book.chainId),
          permit2,
        ],
      ),
    );
    expect(await read(permit2, permit2Abi, "DOMAIN_SEPARATOR")).toBe(domain);
  });

  it("PancakeSwap V3 (bsc only): factory, our pool deployer, fee tiers; the deployer serves the factory alone", async () => {
    const pancake = book.venues.contracts.pancakeV3;
    if (name !== "bsc") {
      expect(pancake).toBeNull();
      return;
    }
    expect(pancake).not.toBeNull();
    expect(await read(pancake!.factory, pancakeFactoryAbi, "owner")).toBe(book.wallets.dexAdmin);
    expect(await read(pancake!.factory, pancakeFactoryAbi, "poolDeployer")).toBe(pancake!.poolDeployer);
    for (const [fee, spacing] of [
      [100, 1],
      [500, 10],
      [2500, 50],
      [10000, 200],
    ] as const) {
      expect(await read(pancake!.factory, pancakeFactoryAbi, "feeAmountTickSpacing", [fee])).toBe(spacing);
    }
    expect(await read(pancake!.poolDeployer, poolDeployerAbi, "factoryAddress")).toBe(pancake!.factory);
    expect(await read(pancake!.poolDeployer, poolDeployerAbi, "poolCode")).toBe(pancake!.poolCode);
    expect(await read<readonly unknown[]>(pancake!.poolDeployer, poolDeployerAbi, "parameters")).toEqual([zeroAddress, zeroAddress, zeroAddress, 0, 0]);
    expect(keccak256((await client.getCode({ address: pancake!.poolCode }))!)).toBe(pancake!.poolInitCodeHash);
    await expect(
      client.simulateContract({
        address: pancake!.poolDeployer,
        abi: poolDeployerAbi,
        functionName: "deploy",
        args: [pancake!.factory, zeroAddress, zeroAddress, 2500, 50],
        account: book.wallets.dexAdmin,
      }),
    ).rejects.toThrow();
  });

  /** Each trade's Swap event in a V3-style pool carries the amounts the book recorded. */
  async function expectV3Swaps(pool: Address, token: Address, trades: VenueTrade[], pancake = false) {
    const nativeIsToken0 = BigInt(book.canonical.wrappedNative.address) < BigInt(token);
    for (const trade of trades) {
      const mined = await receipt(trade.tx.hash);
      expect(mined.status).toBe("success");
      const [swap] = parseEventLogs({ abi: pancake ? pancakePoolAbi : v3PoolAbi, logs: mined.logs, eventName: "Swap" }).filter(
        (log) => getAddress(log.address) === pool,
      );
      expect(swap, trade.tx.hash).toBeDefined();
      const args = swap!.args as { amount0: bigint; amount1: bigint; sqrtPriceX96: bigint; protocolFeesToken0?: bigint; protocolFeesToken1?: bigint };
      const [nativeDelta, tokenDelta] = nativeIsToken0 ? [args.amount0, args.amount1] : [args.amount1, args.amount0];
      // Into the pool is positive: the native side on a buy, the token side on a sell.
      expect(trade.side === "buy" ? nativeDelta > 0n : tokenDelta > 0n).toBe(true);
      expect(abs(nativeDelta).toString()).toBe(trade.nativeAmount);
      expect(abs(tokenDelta).toString()).toBe(trade.tokenAmount);
      expect(args.sqrtPriceX96.toString()).toBe(trade.sqrtPriceX96After);
      if (pancake) {
        expect(args.protocolFeesToken0!.toString()).toBe(trade.protocolFeesToken0);
        expect(args.protocolFeesToken1!.toString()).toBe(trade.protocolFeesToken1);
      }
    }
  }

  async function expectV3PoolState(pool: Address, token: Address, state: AddressBook["venues"]["scenarios"]["v3Only"]["finalPool"]) {
    const [sqrtPriceX96, tick] = await read<readonly [bigint, number]>(pool, v3PoolAbi, "slot0");
    expect(sqrtPriceX96.toString()).toBe(state.sqrtPriceX96);
    expect(tick).toBe(state.tick);
    expect((await read<bigint>(pool, v3PoolAbi, "liquidity")).toString()).toBe(state.liquidity);
    expect((await balance(token, pool)).toString()).toBe(state.tokenBalance);
    expect((await balance(book.canonical.wrappedNative.address, pool)).toString()).toBe(state.nativeBalance);
  }

  const predictedPool = (deployer: Address, initCodeHash: Hex, token0: Address, token1: Address, fee: number) =>
    getCreate2Address({
      from: deployer,
      salt: keccak256(encodeAbiParameters([{ type: "address" }, { type: "address" }, { type: "uint24" }], [token0, token1, fee])),
      bytecodeHash: initCodeHash,
    });

  it("v3Only: the pool at its CREATE2 address, the position, five trades through the Universal Router, the partial withdrawal", async () => {
    const s = book.venues.scenarios.v3Only;
    const v3 = book.venues.contracts.uniswapV3;
    const { pool } = s;
    expect(pool.address).toBe(predictedPool(v3.factory, v3.poolInitCodeHash, pool.token0, pool.token1, pool.fee));
    expect(await read(v3.factory, v3FactoryAbi, "getPool", [s.token.address, book.canonical.wrappedNative.address, 3000])).toBe(pool.address);
    expect(await read(pool.address, v3PoolAbi, "factory")).toBe(v3.factory);
    expect(await read(pool.address, v3PoolAbi, "fee")).toBe(3000);
    // Its only pool: no V2 pair.
    expect(await read(book.canonical.dex.factory, parseAbi(["function getPair(address, address) view returns (address)"]), "getPair", [s.token.address, book.canonical.wrappedNative.address])).toBe(zeroAddress);

    // The NFT position: owner, range and what is left after the withdrawal.
    const tokenId = BigInt(s.position.tokenId);
    expect(await read(v3.positionManager, npmAbi, "ownerOf", [tokenId])).toBe(s.deployer);
    const position = await read<readonly unknown[]>(v3.positionManager, npmAbi, "positions", [tokenId]);
    expect([position[5], position[6]]).toEqual([s.position.tickLower, s.position.tickUpper]);
    expect((position[7] as bigint).toString()).toBe(s.liquidityRemoval.liquidityLeft);
    const mint = parseEventLogs({ abi: npmAbi, logs: (await receipt(s.position.mintTx.hash)).logs, eventName: "IncreaseLiquidity" });
    expect(mint[0]!.args.liquidity.toString()).toBe(s.position.liquidity);

    expect(s.trades.map((trade) => trade.side)).toEqual(["buy", "buy", "buy", "sell", "sell"]);
    for (const trade of s.trades) {
      expect(getAddress((await client.getTransaction({ hash: trade.tx.hash })).to!)).toBe(book.venues.contracts.uniswapV4.universalRouter);
    }
    await expectV3Swaps(pool.address, s.token.address, s.trades);

    const removal = await receipt(s.liquidityRemoval.tx.hash);
    const [decrease] = parseEventLogs({ abi: npmAbi, logs: removal.logs, eventName: "DecreaseLiquidity" });
    expect(decrease!.args.liquidity.toString()).toBe(s.liquidityRemoval.liquidityRemoved);
    const [collect] = parseEventLogs({ abi: npmAbi, logs: removal.logs, eventName: "Collect" });
    const nativeIsToken0 = pool.token0 === book.canonical.wrappedNative.address;
    expect((nativeIsToken0 ? collect!.args.amount0 : collect!.args.amount1).toString()).toBe(s.liquidityRemoval.nativeOut);
    expect((nativeIsToken0 ? collect!.args.amount1 : collect!.args.amount0).toString()).toBe(s.liquidityRemoval.tokenOut);
    expect(BigInt(s.liquidityRemoval.liquidityRemoved) + BigInt(s.liquidityRemoval.liquidityLeft)).toBe(BigInt(s.position.liquidity));

    await expectV3PoolState(pool.address, s.token.address, s.finalPool);
    // The withdrawal came after the last swap and does not move the price.
    expect(s.finalPool.sqrtPriceX96).toBe(s.trades.at(-1)!.sqrtPriceX96After);

    // The trader holds what it bought minus what it sold; the Permit2 allowance is used up.
    const sum = (side: "buy" | "sell") => s.trades.filter((trade) => trade.side === side).reduce((total, trade) => total + BigInt(trade.tokenAmount), 0n);
    const trader = s.trades[0]!.wallet;
    expect(trader).toBe(book.venues.wallets.v3Trader);
    expect(await balance(s.token.address, trader)).toBe(sum("buy") - sum("sell"));
    expect(BigInt(s.traderApprovals.permits[0]!.amount)).toBe(sum("sell"));
    const [left] = await read<readonly [bigint, number, number]>(book.venues.contracts.permit2, permit2Abi, "allowance", [trader, s.token.address, book.venues.contracts.uniswapV4.universalRouter]);
    expect(left).toBe(0n);
  });

  /** Each trade's PoolManager Swap event: V4 signs amounts from the swapper's side (paid in negative). */
  async function expectV4Swaps(poolId: Hex, trades: VenueTrade[]) {
    for (const trade of trades) {
      const mined = await receipt(trade.tx.hash);
      expect(mined.status).toBe("success");
      expect(getAddress(mined.to!)).toBe(book.venues.contracts.uniswapV4.universalRouter);
      const swap = parseEventLogs({ abi: poolManagerAbi, logs: mined.logs, eventName: "Swap" }).find((log) => log.args.id === poolId);
      expect(swap, trade.tx.hash).toBeDefined();
      const { amount0, amount1, sqrtPriceX96, fee } = swap!.args;
      expect(trade.side === "buy" ? amount0 < 0n && amount1 > 0n : amount0 > 0n && amount1 < 0n).toBe(true);
      expect(abs(amount0).toString()).toBe(trade.nativeAmount);
      expect(abs(amount1).toString()).toBe(trade.tokenAmount);
      expect(sqrtPriceX96.toString()).toBe(trade.sqrtPriceX96After);
      expect(fee).toBe(trade.lpFee);
    }
  }

  async function expectV4PoolState(poolId: Hex, state: AddressBook["venues"]["scenarios"]["v4Native"]["finalPool"]) {
    const stateView = book.venues.contracts.uniswapV4.stateView;
    const [sqrtPriceX96, tick, protocolFee, lpFee] = await read<readonly [bigint, number, number, number]>(stateView, stateViewAbi, "getSlot0", [poolId]);
    expect({ sqrtPriceX96: sqrtPriceX96.toString(), tick, protocolFee, lpFee }).toEqual({
      sqrtPriceX96: state.sqrtPriceX96,
      tick: state.tick,
      protocolFee: state.protocolFee,
      lpFee: state.lpFee,
    });
    expect((await read<bigint>(stateView, stateViewAbi, "getLiquidity", [poolId])).toString()).toBe(state.liquidity);
  }

  it("v4Native: the native-coin pool's Initialize event and id, the position NFT, trades, the decrease and the final state", async () => {
    const s = book.venues.scenarios.v4Native;
    const v4 = book.venues.contracts.uniswapV4;
    expect(s.poolKey).toEqual({ currency0: zeroAddress, currency1: s.token.address, fee: 3000, tickSpacing: 60, hooks: zeroAddress });
    expect(s.poolId).toBe(keccak256(encodeAbiParameters([POOL_KEY], [s.poolKey])));
    const mint = await receipt(s.position.mintTx.hash);
    const [init] = parseEventLogs({ abi: poolManagerAbi, logs: mint.logs, eventName: "Initialize" });
    expect(getAddress(init!.address)).toBe(v4.poolManager);
    expect(init!.args).toMatchObject({ id: s.poolId, currency0: zeroAddress, currency1: s.token.address, fee: 3000, tickSpacing: 60, hooks: zeroAddress });
    expect(init!.args.sqrtPriceX96.toString()).toBe(s.initialSqrtPriceX96);

    const tokenId = BigInt(s.position.tokenId);
    expect(await read(v4.positionManager, posmAbi, "ownerOf", [tokenId])).toBe(s.deployer);
    expect((await read<bigint>(v4.positionManager, posmAbi, "getPositionLiquidity", [tokenId])).toString()).toBe(s.liquidityRemoval.liquidityLeft);
    expect(BigInt(s.liquidityRemoval.liquidityRemoved) + BigInt(s.liquidityRemoval.liquidityLeft)).toBe(BigInt(s.position.liquidity));
    const [added] = parseEventLogs({ abi: poolManagerAbi, logs: mint.logs, eventName: "ModifyLiquidity" });
    expect(added!.args.liquidityDelta.toString()).toBe(s.position.liquidity);
    const [removed] = parseEventLogs({ abi: poolManagerAbi, logs: (await receipt(s.liquidityRemoval.tx.hash)).logs, eventName: "ModifyLiquidity" });
    expect((-removed!.args.liquidityDelta).toString()).toBe(s.liquidityRemoval.liquidityRemoved);
    expect(BigInt(s.liquidityRemoval.nativeOut)).toBeGreaterThan(0n);
    expect(BigInt(s.liquidityRemoval.tokenOut)).toBeGreaterThan(0n);

    expect(s.trades.map((trade) => trade.side)).toEqual(["buy", "buy", "sell"]);
    await expectV4Swaps(s.poolId, s.trades);
    await expectV4PoolState(s.poolId, s.finalPool);
    expect(s.finalPool.sqrtPriceX96).toBe(s.trades.at(-1)!.sqrtPriceX96After);
    // The PoolManager holds the pool's native coin itself: no wrapped native involved.
    expect(await client.getBalance({ address: v4.poolManager })).toBeGreaterThan(0n);
    expect(await balance(s.token.address, s.trades[0]!.wallet)).toBe(BigInt(s.trades[0]!.tokenAmount) + BigInt(s.trades[1]!.tokenAmount) - BigInt(s.trades[2]!.tokenAmount));

    // The quoter answers for the pool.
    const quote = await client.simulateContract({
      address: v4.quoter,
      abi: venueArtifacts().v4Quoter.abi,
      functionName: "quoteExactInputSingle",
      args: [{ poolKey: s.poolKey, zeroForOne: true, exactAmount: 10n ** 17n, hookData: "0x" }],
    });
    expect((quote.result as readonly [bigint, bigint])[0]).toBeGreaterThan(0n);
  });

  it("v4Hooked: the hook's address carries its flags, the owner raised the fee and blocked swaps, the last sell reverted", async () => {
    const s = book.venues.scenarios.v4Hooked;
    const v4 = book.venues.contracts.uniswapV4;
    const hook = s.hook.address;
    expect(Number(BigInt(hook) & 0x3fffn)).toBe(0x1080);
    expect(s.hook.flags).toBe(0x1080);
    expect(s.poolKey).toEqual({ currency0: zeroAddress, currency1: s.token.address, fee: 0x800000, tickSpacing: 60, hooks: hook });
    expect(s.poolId).toBe(keccak256(encodeAbiParameters([POOL_KEY], [s.poolKey])));
    expect(await read(hook, hookAbi, "owner")).toBe(s.hook.owner);
    expect(await read(hook, hookAbi, "poolManager")).toBe(v4.poolManager);
    expect(await read(hook, hookAbi, "swapsBlocked")).toBe(true);
    const deployed = await client.getTransaction({ hash: s.hook.deployTx.hash });
    expect(getAddress(deployed.to!)).toBe(s.hook.create2Deployer);
    expect(deployed.input.slice(0, 66)).toBe(s.hook.salt);
    const creationCode = `0x${deployed.input.slice(66)}` as Hex;
    expect(getCreate2Address({ from: s.hook.create2Deployer, salt: s.hook.salt, bytecodeHash: keccak256(creationCode) })).toBe(hook);

    // The pool started at the hook's initial fee (set from afterInitialize), then the owner raised it.
    const mint = await receipt(s.position.mintTx.hash);
    const initialFee = parseEventLogs({ abi: hookAbi, logs: mint.logs, eventName: "FeeSet" });
    expect(initialFee.map((log) => [log.args.poolId, log.args.fee])).toEqual([[s.poolId, 3000]]);
    const raised = parseEventLogs({ abi: hookAbi, logs: (await receipt(s.feeChanges[1]!.tx.hash)).logs, eventName: "FeeSet" });
    expect(raised.map((log) => [log.args.poolId, log.args.fee])).toEqual([[s.poolId, 100_000]]);
    expect(s.trades.map((trade) => [trade.side, trade.lpFee])).toEqual([
      ["buy", 3000],
      ["sell", 100_000],
    ]);
    await expectV4Swaps(s.poolId, s.trades);
    const blocked = parseEventLogs({ abi: hookAbi, logs: (await receipt(s.blockSwapsTx.hash)).logs, eventName: "SwapsBlockedSet" });
    expect(blocked[0]!.args.blocked).toBe(true);

    const failed = await receipt(s.failedSwap.tx.hash);
    expect(failed.status).toBe("reverted");
    expect(getAddress(failed.to!)).toBe(v4.universalRouter);
    expect(failed.blockNumber).toBeGreaterThan(BigInt(s.blockSwapsTx.block));
    // It reverted in the hook: the PoolManager's WrappedError carries the hook's SwapsBlocked().
    const trace = (await client.request({
      method: "debug_traceTransaction" as never,
      params: [s.failedSwap.tx.hash, { tracer: "callTracer" }] as never,
    })) as { output: Hex };
    expect(trace.output.slice(0, 10)).toBe(keccak256(toHex("WrappedError(address,bytes4,bytes,bytes)")).slice(0, 10));
    expect(trace.output).toContain(keccak256(toHex("SwapsBlocked()")).slice(2, 10));
    expect(trace.output.toLowerCase()).toContain(hook.slice(2).toLowerCase());
    // The refused tokens are still the trader's.
    const [buy, sell] = s.trades;
    expect(await balance(s.token.address, s.failedSwap.wallet)).toBe(BigInt(buy!.tokenAmount) - BigInt(sell!.tokenAmount));

    await expectV4PoolState(s.poolId, s.finalPool);
    expect(s.finalPool.lpFee).toBe(100_000);
    expect(s.swapsBlockedAtEnd).toBe(true);
    // Any swap now fails in the hook: the quoter cannot quote the pool.
    await expect(
      client.simulateContract({
        address: v4.quoter,
        abi: venueArtifacts().v4Quoter.abi,
        functionName: "quoteExactInputSingle",
        args: [{ poolKey: s.poolKey, zeroForOne: true, exactAmount: 10n ** 17n, hookData: "0x" }],
      }),
    ).rejects.toThrow();
  });

  it("pancakeV3Trader (bsc only): the pool at the pool deployer's CREATE2 address, two buys and a sell with nine-field Swap events", async () => {
    const s = book.venues.scenarios.pancakeV3Trader;
    if (name !== "bsc") {
      expect(s).toBeNull();
      return;
    }
    const pancake = book.venues.contracts.pancakeV3!;
    const { pool } = s!;
    expect(pool.deployer).toBe(pancake.poolDeployer);
    expect(pool.address).toBe(predictedPool(pancake.poolDeployer, pancake.poolInitCodeHash, pool.token0, pool.token1, pool.fee));
    expect(pool.address).not.toBe(predictedPool(pancake.factory, pancake.poolInitCodeHash, pool.token0, pool.token1, pool.fee));
    expect(await read(pancake.factory, pancakeFactoryAbi, "getPool", [s!.token.address, book.canonical.wrappedNative.address, 2500])).toBe(pool.address);
    expect(await read(pool.address, v3PoolAbi, "factory")).toBe(pancake.factory);
    expect(await read(pool.address, v3PoolAbi, "fee")).toBe(2500);

    // The position is the deployer's own, in the pool.
    const key = keccak256(encodePacked(["address", "int24", "int24"], [s!.position.owner, s!.position.tickLower, s!.position.tickUpper]));
    const [liquidity] = await read<readonly [bigint]>(pool.address, v3PoolAbi, "positions", [key]);
    expect(liquidity.toString()).toBe(s!.position.liquidity);

    expect(s!.trades.map((trade) => trade.side)).toEqual(["buy", "buy", "sell"]);
    expect(s!.trades.every((trade) => trade.wallet === s!.trader)).toBe(true);
    await expectV3Swaps(pool.address, s!.token.address, s!.trades, true);
    // PancakeSwap V3 pools take a protocol share of every fee from initialization on.
    for (const trade of s!.trades) expect(BigInt(trade.protocolFeesToken0!) + BigInt(trade.protocolFeesToken1!)).toBeGreaterThan(0n);
    const [, , , , , feeProtocol] = await read<readonly unknown[]>(pool.address, pancakePoolAbi, "slot0");
    expect(Number(feeProtocol)).toBeGreaterThan(0);
    await expectV3PoolState(pool.address, s!.token.address, s!.finalPool);
    expect(await balance(s!.token.address, s!.trader)).toBe(BigInt(s!.trades[0]!.tokenAmount) + BigInt(s!.trades[1]!.tokenAmount) - BigInt(s!.trades[2]!.tokenAmount));
  });

  it("dustV2DeepV3: a dust V2 pair priced far above a deep V3 pool", async () => {
    const s = book.venues.scenarios.dustV2DeepV3;
    const v3 = book.venues.contracts.uniswapV3;
    const [r0, r1] = await read<readonly [bigint, bigint, number]>(s.v2Pool.pair, pairAbi, "getReserves");
    const nativeIsToken0 = BigInt(book.canonical.wrappedNative.address) < BigInt(s.token.address);
    const [reserveNative, reserveToken] = nativeIsToken0 ? [r0, r1] : [r1, r0];
    expect(reserveNative.toString()).toBe(s.v2Pool.finalPool.reserveNative);
    expect(reserveToken.toString()).toBe(s.v2Pool.finalPool.reserveToken);
    expect(reserveNative).toBe(5n * 10n ** 14n);
    expect(s.v3Pool.address).toBe(predictedPool(v3.factory, v3.poolInitCodeHash, s.v3Pool.token0, s.v3Pool.token1, s.v3Pool.fee));
    await expectV3PoolState(s.v3Pool.address, s.token.address, s.finalV3Pool);
    expect(BigInt(s.finalV3Pool.nativeBalance)).toBeGreaterThan(10_000n * reserveNative);
    expect(s.v2PremiumOverV3Bps).toBeGreaterThan(10_000);
    await expectV3Swaps(s.v3Pool.address, s.token.address, s.trades);
    expect(await read(v3.positionManager, npmAbi, "ownerOf", [BigInt(s.v3Position.tokenId)])).toBe(s.deployer);

    // The Universal Router finds the demo's V2 pair from the V2 factory and pair hash it was built with.
    const weth = book.canonical.wrappedNative.address;
    const amountIn = 10n ** 13n;
    const address = { type: "address" } as const;
    const uint256 = { type: "uint256" } as const;
    const swap = encodeFunctionData({
      abi: venueArtifacts().universalRouter.abi,
      functionName: "execute",
      args: [
        "0x0b08", // WRAP_ETH, V2_SWAP_EXACT_IN
        [
          encodeAbiParameters([address, uint256], ["0x0000000000000000000000000000000000000002", amountIn]),
          encodeAbiParameters(
            [address, uint256, uint256, { type: "address[]" }, { type: "bool" }],
            ["0x0000000000000000000000000000000000000001", amountIn, 1n, [weth, s.token.address], false],
          ),
        ],
        4_102_444_800n,
      ],
    });
    const call = client.call({ account: book.venues.wallets.dustTrader, to: book.venues.contracts.uniswapV4.universalRouter, data: swap, value: amountIn });
    await expect(call).resolves.toBeDefined();
    expect(book.venues.contracts.universalRouterV2).toEqual({ factory: book.canonical.dex.factory, pairInitCodeHash: book.canonical.dex.pairInitCodeHash });
  });
});
