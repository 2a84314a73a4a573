// Aerodrome classic and Slipstream on the Base demo chain: the contracts placed at their Base
// addresses answer as the real ones do, and every fact the three Aerodrome scenarios recorded holds
// on chain — read with the real contracts' event signatures, not the compiled ABIs.
import {
  concat,
  encodeAbiParameters,
  encodePacked,
  erc20Abi,
  getAddress,
  getContractAddress,
  keccak256,
  parseAbi,
  parseEventLogs,
  toEventSelector,
  zeroAddress,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressBook, AerodromeBook, DemoChain } from "@/demo-chain";
import { useSharedDemoChains } from "../support/demo-chains";
import { DEMO_AERODROME } from "@/demo-chain/networks";
import { clientFor, txRefsIn } from "./helpers";

const DEAD: Address = "0x000000000000000000000000000000000000dEaD";
const LOCKED: Address = "0x0000000000000000000000000000000000000001";

// The real contracts' interfaces (IPool, IPoolFactory, IRouter, ICLPool, ICLFactory,
// INonfungiblePositionManager, ISwapRouter), as far as these tests read them.
const poolAbi = parseAbi([
  "function getReserves() view returns (uint256 _reserve0, uint256 _reserve1, uint256 _blockTimestampLast)",
  "function metadata() view returns (uint256 dec0, uint256 dec1, uint256 r0, uint256 r1, bool st, address t0, address t1)",
  "function token0() view returns (address)",
  "function token1() view returns (address)",
  "function stable() view returns (bool)",
  "function factory() view returns (address)",
  "function poolFees() view returns (address)",
  "function totalSupply() view returns (uint256)",
  "function getAmountOut(uint256 amountIn, address tokenIn) view returns (uint256)",
  "function claimable0(address) view returns (uint256)",
  "event Fees(address indexed sender, uint256 amount0, uint256 amount1)",
  "event Mint(address indexed sender, uint256 amount0, uint256 amount1)",
  "event Burn(address indexed sender, address indexed to, uint256 amount0, uint256 amount1)",
  "event Swap(address indexed sender, address indexed to, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out)",
  "event Sync(uint256 reserve0, uint256 reserve1)",
  "event Claim(address indexed sender, address indexed recipient, uint256 amount0, uint256 amount1)",
]);
const factoryAbi = parseAbi([
  "function implementation() view returns (address)",
  "function allPoolsLength() view returns (uint256)",
  "function allPools(uint256) view returns (address)",
  "function isPool(address) view returns (bool)",
  "function getPool(address tokenA, address tokenB, bool stable) view returns (address)",
  "function getPool(address tokenA, address tokenB, uint24 fee) view returns (address)",
  "function getFee(address pool, bool stable) view returns (uint256)",
  "function stableFee() view returns (uint256)",
  "function volatileFee() view returns (uint256)",
  "function isPaused() view returns (bool)",
  "function voter() view returns (address)",
  "function pauser() view returns (address)",
  "function feeManager() view returns (address)",
  "event PoolCreated(address indexed token0, address indexed token1, bool indexed stable, address pool, uint256)",
]);
const routerAbi = parseAbi([
  "struct Route { address from; address to; bool stable; address factory; }",
  "function defaultFactory() view returns (address)",
  "function weth() view returns (address)",
  "function poolFor(address tokenA, address tokenB, bool stable, address _factory) view returns (address pool)",
  "function getAmountsOut(uint256 amountIn, Route[] routes) view returns (uint256[] amounts)",
  "function getReserves(address tokenA, address tokenB, bool stable, address _factory) view returns (uint256 reserveA, uint256 reserveB)",
]);
const clPoolAbi = parseAbi([
  "function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, bool unlocked)",
  "function liquidity() view returns (uint128)",
  "function token0() view returns (address)",
  "function token1() view returns (address)",
  "function tickSpacing() view returns (int24)",
  "function fee() view returns (uint24)",
  "function factory() view returns (address)",
  "function positions(bytes32 key) view returns (uint128 _liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)",
  "event Initialize(uint160 sqrtPriceX96, int24 tick)",
  "event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)",
  "event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)",
  "event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)",
  "event Collect(address indexed owner, address recipient, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount0, uint128 amount1)",
]);
const clFactoryAbi = parseAbi([
  "function poolImplementation() view returns (address)",
  "function owner() view returns (address)",
  "function tickSpacings() view returns (int24[])",
  "function tickSpacingToFee(int24) view returns (uint24)",
  "function getPool(address tokenA, address tokenB, int24 tickSpacing) view returns (address)",
  "function allPoolsLength() view returns (uint256)",
  "function allPools(uint256) view returns (address)",
  "function isPair(address) view returns (bool)",
  "function getSwapFee(address pool) view returns (uint24)",
  "event PoolCreated(address indexed token0, address indexed token1, int24 indexed tickSpacing, address pool)",
]);
const peripheryAbi = parseAbi(["function factory() view returns (address)", "function WETH9() view returns (address)"]);
const positionManagerAbi = parseAbi([
  "function name() view returns (string)",
  "function symbol() view returns (string)",
  "function totalSupply() view returns (uint256)",
  "function ownerOf(uint256) view returns (address)",
  "function balanceOf(address) view returns (uint256)",
  "function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)",
  "function supportsInterface(bytes4) view returns (bool)",
  "function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, int24 tickSpacing, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)",
  "event IncreaseLiquidity(uint256 indexed tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)",
  "event DecreaseLiquidity(uint256 indexed tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)",
  "event Collect(uint256 indexed tokenId, address recipient, uint256 amount0, uint256 amount1)",
]);

/** EIP-1167 minimal proxy: creation code, and the runtime code a clone of `implementation` has. */
const cloneCreationCode = (implementation: Address): Hex =>
  concat(["0x3d602d80600a3d3981f3363d3d373d3d3d363d73", implementation, "0x5af43d82803e903d91602b57fd5bf3"]);
const cloneRuntimeCode = (implementation: Address): Hex =>
  concat(["0x363d3d373d3d3d363d73", implementation, "0x5af43d82803e903d91602b57fd5bf3"]).toLowerCase() as Hex;

let chain: DemoChain;
let book: AddressBook;
let aero: AerodromeBook;
let client: PublicClient;

const sharedChains = useSharedDemoChains(["base"]);
beforeAll(async () => {
  chain = sharedChains.get("base");
  book = chain.addressBook;
  aero = book.aerodrome!;
  client = clientFor(chain.rpcUrl);
}, 180_000);

afterAll(async () => {
});

const read = <T>(address: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[] = [], blockNumber?: bigint) =>
  client.readContract({ address, abi: abi as never, functionName: functionName as never, args: args as never, blockNumber }) as Promise<T>;
const balance = (token: Address, owner: Address) => read<bigint>(token, erc20Abi, "balanceOf", [owner]);
const logsOf = async (hash: Hex) => (await client.getTransactionReceipt({ hash })).logs;

describe("Aerodrome on the Base demo chain", () => {
  it("is recorded on base only, with the Base addresses, and played after every original scenario (the other venues follow it)", () => {
    expect(aero).toBeDefined();
    const base = DEMO_AERODROME.base!;
    expect(aero.canonical.classic).toMatchObject(base.classic);
    expect(aero.canonical.slipstream).toMatchObject({ factory: base.slipstream.factory, swapRouter: base.slipstream.swapRouter });
    // The real tokens are played last of all, after the venues.
    const { aerodrome, venues, realTokens, ...rest } = book;
    expect(aerodrome).toBeDefined();
    const lastOther = Math.max(...txRefsIn(rest as AddressBook).map((tx) => tx.block));
    const aeroTxs = txRefsIn(aero as unknown as AddressBook);
    expect(aeroTxs.length).toBeGreaterThan(25);
    expect(Math.min(...aeroTxs.map((tx) => tx.block))).toBeGreaterThan(lastOther);
    expect(Math.min(...txRefsIn(venues as unknown as AddressBook).map((tx) => tx.block))).toBeGreaterThan(Math.max(...aeroTxs.map((tx) => tx.block)));
    expect(Math.min(...txRefsIn(realTokens as unknown as AddressBook).map((tx) => tx.block))).toBeGreaterThan(Math.max(...txRefsIn(venues as unknown as AddressBook).map((tx) => tx.block)));
  });

  it("places each contract with its recorded code and constructor storage, from the first block", async () => {
    expect(aero.canonical.placed.map((placed) => placed.role)).toEqual([
      "aerodromePoolImplementation",
      "aerodromePoolFactory",
      "aerodromeRouter",
      "slipstreamPoolImplementation",
      "slipstreamFactory",
      "slipstreamSwapRouter",
      "slipstreamPositionManager",
    ]);
    for (const placed of aero.canonical.placed) {
      const code = await client.getCode({ address: placed.address });
      expect(keccak256(code!), placed.role).toBe(placed.codeHash);
      // Present before the first scenario transaction, as on Base.
      expect((await client.getCode({ address: placed.address, blockNumber: 1n }))?.length, placed.role).toBe(code!.length);
      for (const { slot, value } of placed.storage) {
        expect(await client.getStorageAt({ address: placed.address, slot, blockNumber: 1n }), `${placed.role} ${slot}`).toBe(value);
      }
    }
  });

  it("classic PoolFactory and Router answer their getters and derive pools as clones", async () => {
    const { classic } = aero.canonical;
    expect(await read(classic.factory, factoryAbi, "implementation")).toBe(classic.poolImplementation);
    expect(await read(classic.factory, factoryAbi, "stableFee")).toBe(5n);
    expect(await read(classic.factory, factoryAbi, "volatileFee")).toBe(30n);
    expect(await read(classic.factory, factoryAbi, "isPaused")).toBe(false);
    for (const role of ["voter", "pauser", "feeManager"]) expect(await read(classic.factory, factoryAbi, role)).toBe(book.wallets.dexAdmin);
    expect(await read(classic.factory, factoryAbi, "allPoolsLength")).toBe(2n);
    expect(await read(classic.router, routerAbi, "defaultFactory")).toBe(classic.factory);
    expect(await read(classic.router, routerAbi, "weth")).toBe(book.canonical.wrappedNative.address);

    for (const { pool, token } of [aero.scenarios.aerodromeVolatile, aero.scenarios.aerodromeStable]) {
      const salt = keccak256(encodePacked(["address", "address", "bool"], [pool.token0, pool.token1, pool.stable]));
      const expected = getContractAddress({ opcode: "CREATE2", from: classic.factory, salt, bytecode: cloneCreationCode(classic.poolImplementation) });
      expect(pool.address).toBe(expected);
      expect((await client.getCode({ address: expected }))?.toLowerCase()).toBe(cloneRuntimeCode(classic.poolImplementation));
      const other = pool.token0 === token.address ? pool.token1 : pool.token0;
      expect(await read(classic.factory, factoryAbi, "getPool", [token.address, other, pool.stable])).toBe(expected);
      expect(await read(classic.factory, factoryAbi, "getPool", [other, token.address, pool.stable])).toBe(expected);
      expect(await read(classic.factory, factoryAbi, "getPool", [token.address, other, !pool.stable])).toBe(zeroAddress);
      expect(await read(classic.factory, factoryAbi, "getPool", [token.address, other, pool.stable ? 1 : 0])).toBe(expected);
      expect(await read(classic.factory, factoryAbi, "isPool", [expected])).toBe(true);
      expect(await read(classic.router, routerAbi, "poolFor", [token.address, other, pool.stable, zeroAddress])).toBe(expected);
      expect(await read(expected, poolAbi, "factory")).toBe(classic.factory);
      expect(await read(classic.factory, factoryAbi, "getFee", [expected, pool.stable])).toBe(BigInt(pool.feeBps));
    }
    // The volatile pool was created first, by the Router's first addLiquidityETH.
    const volatile = aero.scenarios.aerodromeVolatile;
    expect(await read(classic.factory, factoryAbi, "allPools", [0n])).toBe(volatile.pool.address);
    const created = parseEventLogs({ abi: factoryAbi, logs: await logsOf(volatile.launch.addLiquidityTx.hash), eventName: "PoolCreated" });
    expect(created).toHaveLength(1);
    // Its last field has no name in the real event, so viem reads the fields as a list.
    expect(created[0]!.args).toEqual([volatile.pool.token0, volatile.pool.token1, false, volatile.pool.address, 1n]);
  });

  it("Slipstream CLFactory, SwapRouter and position manager answer their getters", async () => {
    const { slipstream } = aero.canonical;
    const weth = book.canonical.wrappedNative.address;
    expect(await read(slipstream.factory, clFactoryAbi, "poolImplementation")).toBe(slipstream.poolImplementation);
    expect(await read(slipstream.factory, clFactoryAbi, "owner")).toBe(book.wallets.dexAdmin);
    expect(await read(slipstream.factory, clFactoryAbi, "tickSpacings")).toEqual([1, 50, 100, 200, 2000]);
    for (const [tickSpacing, fee] of [[1, 100], [50, 500], [100, 500], [200, 3000], [2000, 10000]]) {
      expect(await read(slipstream.factory, clFactoryAbi, "tickSpacingToFee", [tickSpacing])).toBe(fee);
    }
    expect(await read(slipstream.factory, clFactoryAbi, "tickSpacingToFee", [60])).toBe(0);
    expect(await read(slipstream.factory, clFactoryAbi, "allPoolsLength")).toBe(1n);
    for (const address of [slipstream.swapRouter, slipstream.positionManager]) {
      expect(await read(address, peripheryAbi, "factory")).toBe(slipstream.factory);
      expect(await read(address, peripheryAbi, "WETH9")).toBe(weth);
    }
    expect(await read(slipstream.positionManager, positionManagerAbi, "name")).toBe("Slipstream Position NFT v1");
    expect(await read(slipstream.positionManager, positionManagerAbi, "symbol")).toBe("AERO-CL-POS");
    expect(await read(slipstream.positionManager, positionManagerAbi, "supportsInterface", ["0x780e9d63"])).toBe(true); // ERC-721 Enumerable

    const { pool, token } = aero.scenarios.slipstream;
    const salt = keccak256(encodeAbiParameters([{ type: "address" }, { type: "address" }, { type: "int24" }], [pool.token0, pool.token1, pool.tickSpacing]));
    const expected = getContractAddress({ opcode: "CREATE2", from: slipstream.factory, salt, bytecode: cloneCreationCode(slipstream.poolImplementation) });
    expect(pool.address).toBe(expected);
    expect((await client.getCode({ address: expected }))?.toLowerCase()).toBe(cloneRuntimeCode(slipstream.poolImplementation));
    expect(await read(slipstream.factory, clFactoryAbi, "getPool", [token.address, weth, 200])).toBe(expected);
    expect(await read(slipstream.factory, clFactoryAbi, "getPool", [weth, token.address, 200])).toBe(expected);
    expect(await read(slipstream.factory, clFactoryAbi, "getPool", [token.address, weth, 100])).toBe(zeroAddress);
    expect(await read(slipstream.factory, clFactoryAbi, "isPair", [expected])).toBe(true);
    expect(await read(slipstream.factory, clFactoryAbi, "getSwapFee", [expected])).toBe(3000);
  });

  it("aerodromeVolatile: reserves, LP holders, Router trades, fee claim and the deployer's removal hold on chain", async () => {
    const s = aero.scenarios.aerodromeVolatile;
    const { classic } = aero.canonical;
    const weth = book.canonical.wrappedNative.address;
    const pool = s.pool.address;
    const tokenIsToken0 = s.pool.token0 === s.token.address;
    expect(s.pool).toMatchObject({ stable: false, feeBps: 30, factory: classic.factory, lpSymbol: tokenIsToken0 ? "vAMM-AVOL/WETH" : "vAMM-WETH/AVOL" });

    const [reserve0, reserve1] = await read<readonly bigint[]>(pool, poolAbi, "getReserves");
    expect([reserve0!.toString(), reserve1!.toString()]).toEqual([s.finalPool.reserve0, s.finalPool.reserve1]);
    expect(await balance(s.pool.token0, pool)).toBe(reserve0);
    expect(await balance(s.pool.token1, pool)).toBe(reserve1);
    const metadata = await read<readonly unknown[]>(pool, poolAbi, "metadata");
    expect(metadata).toEqual([10n ** 18n, 10n ** 18n, reserve0, reserve1, false, s.pool.token0, s.pool.token1]);

    // LP: minted to the deployer, half burned to 0x…dEaD, MINIMUM_LIQUIDITY at 0x…01; nobody else holds any.
    const supply = await read<bigint>(pool, poolAbi, "totalSupply");
    expect(supply.toString()).toBe(s.finalPool.lpTotalSupply);
    let held = 0n;
    for (const holding of s.lpHolders) {
      expect((await balance(pool, holding.holder)).toString(), holding.holder).toBe(holding.balance);
      held += BigInt(holding.balance);
    }
    expect(held).toBe(supply);
    expect(await balance(pool, DEAD)).toBe(BigInt(s.lpBurn.amount));
    expect(await balance(pool, LOCKED)).toBe(1000n);
    expect(BigInt(s.lpBurn.amount) * 2n).toBe(BigInt(s.launch.lpMinted));

    // Each trade is one Swap in the pool's own field order, matching the recorded amounts.
    expect(s.trades.map((trade) => trade.side)).toEqual(["buy", "buy", "sell"]);
    for (const trade of s.trades) {
      const swaps = parseEventLogs({ abi: poolAbi, logs: await logsOf(trade.tx.hash), eventName: "Swap" }).filter((log) => getAddress(log.address) === pool);
      expect(swaps).toHaveLength(1);
      expect(swaps[0]!.topics[0]).toBe("0xb3e2773606abfd36b5bd91394b3a54d1398336c65005baf7bf7a05efeffaf75b");
      const { amount0In, amount1In, amount0Out, amount1Out, to, sender } = swaps[0]!.args;
      expect(sender).toBe(classic.router);
      const [tokenIn, tokenOut, nativeIn, nativeOut] = tokenIsToken0 ? [amount0In, amount0Out, amount1In, amount1Out] : [amount1In, amount1Out, amount0In, amount0Out];
      if (trade.side === "buy") {
        expect([tokenOut.toString(), nativeIn.toString(), tokenIn, nativeOut, to]).toEqual([trade.tokenAmount, trade.nativeAmount, 0n, 0n, trade.wallet]);
      } else {
        // Sold for ETH: the pool pays the Router, which unwraps.
        expect([tokenIn.toString(), nativeOut.toString(), tokenOut, nativeIn, to]).toEqual([trade.tokenAmount, trade.nativeAmount, 0n, 0n, classic.router]);
      }
      const fees = parseEventLogs({ abi: poolAbi, logs: await logsOf(trade.tx.hash), eventName: "Fees" }).filter((log) => getAddress(log.address) === pool);
      expect(fees).toHaveLength(1);
      const paidIn = trade.side === "buy" ? BigInt(trade.nativeAmount) : BigInt(trade.tokenAmount);
      expect(fees[0]!.args.amount0 + fees[0]!.args.amount1).toBe((paidIn * 30n) / 10_000n);
    }

    // Fees stay outside the reserves, with the pool's fee holder, until claimed.
    const claims = parseEventLogs({ abi: poolAbi, logs: await logsOf(s.feeClaim.tx.hash), eventName: "Claim" });
    expect(claims).toHaveLength(1);
    expect(claims[0]!.args.recipient).toBe(s.deployer);
    const [claimedToken, claimedNative] = tokenIsToken0 ? [claims[0]!.args.amount0, claims[0]!.args.amount1] : [claims[0]!.args.amount1, claims[0]!.args.amount0];
    expect([claimedToken.toString(), claimedNative.toString()]).toEqual([s.feeClaim.tokenAmount, s.feeClaim.nativeAmount]);
    // The deployer held half the LP while the fees were earned: about half of them.
    const buyFees = ((BigInt(s.trades[0]!.nativeAmount) + BigInt(s.trades[1]!.nativeAmount)) * 30n) / 10_000n;
    expect(BigInt(s.feeClaim.nativeAmount)).toBeLessThanOrEqual(buyFees / 2n);
    expect(BigInt(s.feeClaim.nativeAmount)).toBeGreaterThan(buyFees / 2n - 10n ** 9n);
    expect(await balance(weth, s.pool.poolFees)).toBeGreaterThan(0n);

    // The removal: one Burn, to the Router (removeLiquidityETH unwraps), of the recorded amounts.
    const burns = parseEventLogs({ abi: poolAbi, logs: await logsOf(s.removal.tx.hash), eventName: "Burn" });
    expect(burns).toHaveLength(1);
    const burn = burns[0]!.args;
    expect([burn.sender, burn.to]).toEqual([classic.router, classic.router]);
    expect((tokenIsToken0 ? burn.amount0 : burn.amount1).toString()).toBe(s.removal.tokenOut);
    expect((tokenIsToken0 ? burn.amount1 : burn.amount0).toString()).toBe(s.removal.nativeOut);
    expect(getAddress((await client.getTransactionReceipt({ hash: s.removal.tx.hash })).from)).toBe(s.deployer);
    expect(s.removal.shareOfHeldBps).toBeGreaterThanOrEqual(3_999);
    // Reserves before and after the removal differ by exactly what the Burn paid out.
    const before = await read<readonly bigint[]>(pool, poolAbi, "getReserves", [], BigInt(s.removal.tx.block - 1));
    const after = await read<readonly bigint[]>(pool, poolAbi, "getReserves", [], BigInt(s.removal.tx.block));
    expect([before[0]! - after[0]!, before[1]! - after[1]!]).toEqual([burn.amount0, burn.amount1]);

    // The Router quotes what the pool pays.
    const quote = await read<readonly bigint[]>(classic.router, routerAbi, "getAmountsOut", [10n ** 18n, [{ from: weth, to: s.token.address, stable: false, factory: classic.factory }]]);
    expect(quote[1]).toBe(await read<bigint>(pool, poolAbi, "getAmountOut", [10n ** 18n, weth]));
  });

  it("aerodromeStable: an 18-decimal token against 6-decimal USDC on x³y + xy³, swaps near 1:1", async () => {
    const s = aero.scenarios.aerodromeStable;
    const pool = s.pool.address;
    expect(s.quote).toBe(book.canonical.stablecoin.address);
    expect(s.pool).toMatchObject({ stable: true, feeBps: 5 });
    expect(await read(pool, poolAbi, "stable")).toBe(true);
    const usdcIsToken0 = s.pool.token0 === s.quote;
    const [dec0, dec1] = await read<readonly bigint[]>(pool, poolAbi, "metadata");
    expect([dec0, dec1]).toEqual(usdcIsToken0 ? [10n ** 6n, 10n ** 18n] : [10n ** 18n, 10n ** 6n]);
    const [reserve0, reserve1] = await read<readonly bigint[]>(pool, poolAbi, "getReserves");
    expect([reserve0!.toString(), reserve1!.toString()]).toEqual([s.finalPool.reserve0, s.finalPool.reserve1]);
    // Opened at parity, as a stable pool must be.
    expect(BigInt(s.launch.tokenAdded)).toBe(BigInt(s.launch.quoteAdded) * 10n ** 12n);
    for (const holding of s.lpHolders) expect((await balance(pool, holding.holder)).toString()).toBe(holding.balance);

    expect(s.swaps).toHaveLength(3);
    for (const swap of s.swaps) {
      const swaps = parseEventLogs({ abi: poolAbi, logs: await logsOf(swap.tx.hash), eventName: "Swap" }).filter((log) => getAddress(log.address) === pool);
      expect(swaps).toHaveLength(1);
      const { amount0In, amount1In, amount0Out, amount1Out, to } = swaps[0]!.args;
      const inIsToken0 = swap.tokenIn === s.pool.token0;
      expect((inIsToken0 ? amount0In : amount1In).toString()).toBe(swap.amountIn);
      expect((inIsToken0 ? amount1Out : amount0Out).toString()).toBe(swap.amountOut);
      expect(to).toBe(swap.wallet);
      expect(swap.quotedOut).toBe(swap.amountOut);
      expect(BigInt(swap.fee)).toBe((BigInt(swap.amountIn) * 5n) / 10_000n);
      // Within half a percent of 1:1 once decimals are aligned.
      const inDollars = swap.tokenIn === s.quote ? BigInt(swap.amountIn) * 10n ** 12n : BigInt(swap.amountIn);
      const outDollars = swap.tokenOut === s.quote ? BigInt(swap.amountOut) * 10n ** 12n : BigInt(swap.amountOut);
      expect(outDollars * 1000n).toBeGreaterThan(inDollars * 995n);
      expect(outDollars).toBeLessThan(inDollars);
    }
    // The large swap (a fifth of the depth) pays far more than x·y = k would have.
    const large = s.swaps[2]!;
    expect(BigInt(large.amountOut)).toBeGreaterThan((BigInt(large.constantProductOut) * 110n) / 100n);
  });

  it("slipstream: slot0, liquidity, the NFT position, SwapRouter trades, decreaseLiquidity and collect hold on chain", async () => {
    const s = aero.scenarios.slipstream;
    const { slipstream } = aero.canonical;
    const weth = book.canonical.wrappedNative.address;
    const pool = s.pool.address;
    const tokenIsToken0 = s.pool.token0 === s.token.address;

    // Slipstream's six-field slot0 and the pool's immutables.
    const slot0 = await read<readonly unknown[]>(pool, clPoolAbi, "slot0");
    expect(slot0).toHaveLength(6);
    expect(slot0).toEqual([BigInt(s.finalPool.sqrtPriceX96), s.finalPool.tick, 0, 1, 1, true]);
    expect((await read<bigint>(pool, clPoolAbi, "liquidity")).toString()).toBe(s.finalPool.liquidity);
    expect(await read(pool, clPoolAbi, "tickSpacing")).toBe(200);
    expect(await read(pool, clPoolAbi, "fee")).toBe(3000);
    expect(await read(pool, clPoolAbi, "factory")).toBe(slipstream.factory);
    expect([await read(pool, clPoolAbi, "token0"), await read(pool, clPoolAbi, "token1")]).toEqual([s.pool.token0, s.pool.token1]);
    expect((await balance(s.token.address, pool)).toString()).toBe(s.finalPool.balanceToken);
    expect((await balance(weth, pool)).toString()).toBe(s.finalPool.balanceNative);
    // The tick is the price's: 1.0001^tick <= price < 1.0001^(tick + 1).
    const price = (Number(s.finalPool.sqrtPriceX96) / 2 ** 96) ** 2;
    expect(Math.floor(Math.log(price) / Math.log(1.0001))).toBe(s.finalPool.tick);
    const launchPrice = tokenIsToken0 ? Number(s.position.nativeAdded) / Number(s.position.tokenAdded) : Number(s.position.tokenAdded) / Number(s.position.nativeAdded);
    expect(Math.abs(Math.log(launchPrice) / Math.log(1.0001) - s.pool.initialTick)).toBeLessThan(1);

    // The position manager's mint created the pool (PoolCreated, Initialize) and minted the position.
    const mintLogs = await logsOf(s.position.mintTx.hash);
    const created = parseEventLogs({ abi: clFactoryAbi, logs: mintLogs, eventName: "PoolCreated" });
    expect(created.map((log) => log.args)).toEqual([{ token0: s.pool.token0, token1: s.pool.token1, tickSpacing: 200, pool }]);
    const initialized = parseEventLogs({ abi: clPoolAbi, logs: mintLogs, eventName: "Initialize" });
    expect(initialized[0]!.args).toEqual({ sqrtPriceX96: BigInt(s.pool.initialSqrtPriceX96), tick: s.pool.initialTick });
    const minted = parseEventLogs({ abi: clPoolAbi, logs: mintLogs, eventName: "Mint" }).filter((log) => getAddress(log.address) === pool);
    expect(minted).toHaveLength(1);
    expect(minted[0]!.args).toMatchObject({ sender: slipstream.positionManager, owner: slipstream.positionManager, tickLower: -887200, tickUpper: 887200, amount: BigInt(s.position.liquidityMinted) });
    const increased = parseEventLogs({ abi: positionManagerAbi, logs: mintLogs, eventName: "IncreaseLiquidity" });
    expect(increased[0]!.args).toMatchObject({ tokenId: BigInt(s.position.tokenId), liquidity: BigInt(s.position.liquidityMinted) });

    // The NFT: owned by the deployer, Slipstream's twelve position fields.
    const tokenId = BigInt(s.position.tokenId);
    expect(await read(slipstream.positionManager, positionManagerAbi, "ownerOf", [tokenId])).toBe(s.position.owner);
    expect(s.position.owner).toBe(s.deployer);
    expect(await read(slipstream.positionManager, positionManagerAbi, "tokenOfOwnerByIndex", [s.deployer, 0n])).toBe(tokenId);
    const position = await read<readonly unknown[]>(slipstream.positionManager, positionManagerAbi, "positions", [tokenId]);
    expect(position.slice(0, 8)).toEqual([0n, zeroAddress, s.pool.token0, s.pool.token1, 200, -887200, 887200, BigInt(s.position.finalLiquidity)]);
    expect(position.slice(10)).toEqual([0n, 0n]);
    expect(BigInt(s.position.finalLiquidity)).toBe(BigInt(s.position.liquidityMinted) - BigInt(s.decrease.liquidity));
    // The manager's pool position holds exactly what its one NFT holds.
    const key = keccak256(encodePacked(["address", "int24", "int24"], [slipstream.positionManager, -887200, 887200]));
    const poolPosition = await read<readonly bigint[]>(pool, clPoolAbi, "positions", [key]);
    expect(poolPosition[0]!.toString()).toBe(s.position.finalLiquidity);
    expect(s.finalPool.liquidity).toBe(s.position.finalLiquidity);

    // Trades: one V3-shaped Swap each, through the SwapRouter.
    expect(s.trades.map((trade) => trade.side)).toEqual(["buy", "buy", "sell"]);
    for (const trade of s.trades) {
      const swaps = parseEventLogs({ abi: clPoolAbi, logs: await logsOf(trade.tx.hash), eventName: "Swap" }).filter((log) => getAddress(log.address) === pool);
      expect(swaps).toHaveLength(1);
      expect(swaps[0]!.topics[0]).toBe(toEventSelector("Swap(address,address,int256,int256,uint160,uint128,int24)"));
      const { sender, recipient, amount0, amount1, sqrtPriceX96, tick } = swaps[0]!.args;
      expect(sender).toBe(slipstream.swapRouter);
      expect(recipient).toBe(trade.side === "buy" ? trade.wallet : slipstream.swapRouter);
      const [tokenDelta, nativeDelta] = tokenIsToken0 ? [amount0, amount1] : [amount1, amount0];
      expect((tokenDelta < 0n ? -tokenDelta : tokenDelta).toString()).toBe(trade.tokenAmount);
      expect((nativeDelta < 0n ? -nativeDelta : nativeDelta).toString()).toBe(trade.nativeAmount);
      expect(tokenDelta < 0n).toBe(trade.side === "buy");
      expect([sqrtPriceX96.toString(), tick]).toEqual([trade.sqrtPriceX96After, trade.tickAfter]);
    }
    expect(s.trades[2]!.sqrtPriceX96After).toBe(s.finalPool.sqrtPriceX96);

    // decreaseLiquidity burns from the pool; collect pays principal plus the position's fees.
    const burns = parseEventLogs({ abi: clPoolAbi, logs: await logsOf(s.decrease.tx.hash), eventName: "Burn" });
    expect(burns).toHaveLength(1);
    expect(burns[0]!.args).toMatchObject({ owner: slipstream.positionManager, amount: BigInt(s.decrease.liquidity) });
    expect((tokenIsToken0 ? burns[0]!.args.amount0 : burns[0]!.args.amount1).toString()).toBe(s.decrease.tokenAmount);
    expect(parseEventLogs({ abi: positionManagerAbi, logs: await logsOf(s.decrease.tx.hash), eventName: "DecreaseLiquidity" })).toHaveLength(1);
    const collectLogs = await logsOf(s.collect.tx.hash);
    const poolCollect = parseEventLogs({ abi: clPoolAbi, logs: collectLogs, eventName: "Collect" }).filter((log) => getAddress(log.address) === pool);
    expect(poolCollect).toHaveLength(1);
    expect(poolCollect[0]!.args).toMatchObject({ owner: slipstream.positionManager, recipient: s.deployer });
    const managerCollect = parseEventLogs({ abi: positionManagerAbi, logs: collectLogs, eventName: "Collect" }).filter((log) => getAddress(log.address) === slipstream.positionManager);
    expect(managerCollect[0]!.args).toMatchObject({ tokenId, recipient: s.deployer });
    // The only LP earned every fee: 0.30% of the ETH the buys paid in, and of the tokens the sell paid in.
    const nativeFees = ((BigInt(s.trades[0]!.nativeAmount) + BigInt(s.trades[1]!.nativeAmount)) * 3n) / 1000n;
    // Fee growth is booked per unit of liquidity, rounded down: a few wei may stay in the pool.
    expect(nativeFees - BigInt(s.collect.feesNative)).toBeLessThanOrEqual(nativeFees / 10n ** 9n + 2n);
    const tokenFees = (BigInt(s.trades[2]!.tokenAmount) * 3n) / 1000n;
    expect(tokenFees - BigInt(s.collect.feesToken)).toBeLessThanOrEqual(tokenFees / 10n ** 9n + 2n);
  });

  it("paths the scenarios do not take work too, in a simulation: fee-on-transfer swaps and an exact-output Slipstream buy", async () => {
    const { classic, slipstream } = aero.canonical;
    const weth = book.canonical.wrappedNative.address;
    const account = book.wallets.buyer8;
    const volatile = aero.scenarios.aerodromeVolatile;
    const route = [{ from: weth, to: volatile.token.address, stable: false, factory: classic.factory }];
    const swapAbi = parseAbi([
      "struct Route { address from; address to; bool stable; address factory; }",
      "function swapExactETHForTokens(uint256 amountOutMin, Route[] routes, address to, uint256 deadline) payable returns (uint256[] amounts)",
      "function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, Route[] routes, address to, uint256 deadline) payable",
    ]);
    const quoted = await read<readonly bigint[]>(classic.router, routerAbi, "getAmountsOut", [10n ** 18n, route]);
    const { result } = await client.simulateContract({ account, address: classic.router, abi: swapAbi, functionName: "swapExactETHForTokens", args: [0n, route, account, 4_102_444_800n], value: 10n ** 18n });
    expect(result).toEqual(quoted);
    await client.simulateContract({ account, address: classic.router, abi: swapAbi, functionName: "swapExactETHForTokensSupportingFeeOnTransferTokens", args: [quoted[1]!, route, account, 4_102_444_800n], value: 10n ** 18n });

    const s = aero.scenarios.slipstream;
    const exactOutput = parseAbi([
      "struct ExactOutputSingleParams { address tokenIn; address tokenOut; int24 tickSpacing; address recipient; uint256 deadline; uint256 amountOut; uint256 amountInMaximum; uint160 sqrtPriceLimitX96; }",
      "function exactOutputSingle(ExactOutputSingleParams params) payable returns (uint256 amountIn)",
    ]);
    const amountOut = 10n ** 24n; // a million tokens
    const { result: amountIn } = await client.simulateContract({
      account,
      address: slipstream.swapRouter,
      abi: exactOutput,
      functionName: "exactOutputSingle",
      args: [{ tokenIn: weth, tokenOut: s.token.address, tickSpacing: 200, recipient: account, deadline: 4_102_444_800n, amountOut, amountInMaximum: 10n ** 18n, sqrtPriceLimitX96: 0n }],
      value: 10n ** 18n,
    });
    // About the pool's price for a million tokens, plus the 0.30% fee.
    const atMid = (amountOut * BigInt(s.finalPool.priceNativePerToken)) / 10n ** 18n;
    expect(amountIn).toBeGreaterThan((atMid * 1003n) / 1000n);
    expect(amountIn).toBeLessThan((atMid * 1010n) / 1000n);
  });
});
