// The slices of DEX, pool and locker ABIs the market reads need.
import { parseAbi, parseAbiItem } from "viem";

export const v2FactoryAbi = parseAbi(["function getPair(address tokenA, address tokenB) view returns (address pair)"]);
export const v3FactoryAbi = parseAbi(["function getPool(address tokenA, address tokenB, uint24 fee) view returns (address pool)"]);
export const solidlyFactoryAbi = parseAbi(["function getPool(address tokenA, address tokenB, bool stable) view returns (address pool)"]);

export const v2PairAbi = parseAbi([
  "function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)",
  "function token0() view returns (address)",
  "function totalSupply() view returns (uint256)",
  "function balanceOf(address) view returns (uint256)",
]);

// Only the first two words of slot0: Uniswap and PancakeSwap V3 differ in the later ones.
export const v3PoolAbi = parseAbi([
  "function slot0() view returns (uint160 sqrtPriceX96, int24 tick)",
  "function liquidity() view returns (uint128)",
  "function token0() view returns (address)",
  "function fee() view returns (uint24)",
]);

export const balanceOfAbi = parseAbi(["function balanceOf(address) view returns (uint256)"]);

export const lpTransfer = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
export const pairBurn = parseAbiItem("event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)");
export const pairCreated = parseAbiItem("event PairCreated(address indexed token0, address indexed token1, address pair, uint256 allPairsLength)");
export const v3PoolCreated = parseAbiItem("event PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, int24 tickSpacing, address pool)");
export const solidlyPoolCreated = parseAbiItem("event PoolCreated(address indexed token0, address indexed token1, bool indexed stable, address pool, uint256 allPoolsLength)");

// contracts/LiquidityTimelock.sol: the lock pattern this service decodes.
export const liquidityTimelockAbi = parseAbi([
  "struct Lock { address token; address owner; uint256 amount; uint256 unlockTime; bool withdrawn; }",
  "function getLock(uint256 lockId) view returns (Lock)",
]);
export const timelockLocked = parseAbiItem("event Locked(uint256 indexed lockId, address indexed token, address indexed owner, uint256 amount, uint256 unlockTime)");
