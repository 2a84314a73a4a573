// The slices of DEX, pool and locker ABIs the market reads need.
import { parseAbi, parseAbiItem } from "viem";

export const v2FactoryAbi = parseAbi(["function getPair(address tokenA, address tokenB) view returns (address pair)"]);
export const v3FactoryAbi = parseAbi(["function getPool(address tokenA, address tokenB, uint24 fee) view returns (address pool)"]);
export const solidlyFactoryAbi = parseAbi(["function getPool(address tokenA, address tokenB, bool stable) view returns (address pool)"]);
// Aerodrome classic pools say their own decimals (as 10^decimals) beside the reserves.
export const solidlyPoolAbi = parseAbi(["function metadata() view returns (uint256 dec0, uint256 dec1, uint256 r0, uint256 r1, bool st, address t0, address t1)"]);
export const slipstreamFactoryAbi = parseAbi(["function getPool(address tokenA, address tokenB, int24 tickSpacing) view returns (address pool)"]);

// Uniswap V4's lens on the PoolManager's state, by pool id.
export const v4StateViewAbi = parseAbi([
  "function getSlot0(bytes32 poolId) view returns (uint160 sqrtPriceX96, int24 tick, uint24 protocolFee, uint24 lpFee)",
  "function getLiquidity(bytes32 poolId) view returns (uint128 liquidity)",
  "function getTickLiquidity(bytes32 poolId, int24 tick) view returns (uint128 liquidityGross, int128 liquidityNet)",
]);
export const v4Initialize = parseAbiItem("event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)");

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
  "function tickSpacing() view returns (int24)",
  // The first two words of a tick: Uniswap, PancakeSwap and Slipstream differ in the later ones.
  "function ticks(int24 tick) view returns (uint128 liquidityGross, int128 liquidityNet)",
]);

export const balanceOfAbi = parseAbi(["function balanceOf(address) view returns (uint256)"]);

export const pairCreated = parseAbiItem("event PairCreated(address indexed token0, address indexed token1, address pair, uint256 allPairsLength)");
export const v3PoolCreated = parseAbiItem("event PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, int24 tickSpacing, address pool)");
export const slipstreamPoolCreated = parseAbiItem("event PoolCreated(address indexed token0, address indexed token1, int24 indexed tickSpacing, address pool)");
export const solidlyPoolCreated = parseAbiItem("event PoolCreated(address indexed token0, address indexed token1, bool indexed stable, address pool, uint256 allPoolsLength)");

// demo-chain/contracts/LiquidityTimelock.sol: the lock pattern this service decodes.
export const liquidityTimelockAbi = parseAbi([
  "struct Lock { address token; address owner; uint256 amount; uint256 unlockTime; bool withdrawn; }",
  "function getLock(uint256 lockId) view returns (Lock)",
]);
export const uncxTokenLocksAbi = parseAbi([
  "function getNumLocksForToken(address lpToken) view returns (uint256)",
  "function tokenLocks(address lpToken, uint256 index) view returns (uint256 lockDate, uint256 amount, uint256 initialAmount, uint256 unlockDate, uint256 lockID, address owner)",
]);
/** UNCX's 2024 (V2) Uniswap V2 locker: an LP token's lock ids by index, then each lock by id (the locker lens reads both in one call). */
export const uncxLockIdsAbi = parseAbi([
  "function getNumLocksForToken(address lpToken) view returns (uint256)",
  "function TOKEN_LOCKS(address lpToken, uint256 index) view returns (uint256)",
  "function LOCKS(uint256 lockId) view returns (address lpToken, uint256 lockDate, uint256 amount, uint256 initialAmount, uint256 unlockDate, uint256 lockID, address owner, uint16 countryCode)",
]);
/** Team.Finance's lock contract: a token's deposit ids, then each deposit by id (the locker lens reads both in one call). */
export const teamFinanceLockAbi = parseAbi([
  "function getDepositsByTokenAddress(address _tokenAddress) view returns (uint256[])",
  "function lockedToken(uint256 id) view returns (address tokenAddress, address withdrawalAddress, uint256 tokenAmount, uint256 unlockTime, bool withdrawn)",
]);
/** PinkSale's PinkLock02: a token's locks by index (end inclusive); tgeDate is a normal lock's unlock date, tgeBps/cycle/cycleBps are zero for it. */
export const pinkLockV2Abi = parseAbi([
  "struct Lock { uint256 id; address token; address owner; uint256 amount; uint256 lockDate; uint256 tgeDate; uint256 tgeBps; uint256 cycle; uint256 cycleBps; uint256 unlockedAmount; string description; }",
  "function totalLockCountForToken(address token) view returns (uint256)",
  "function getLocksForToken(address token, uint256 start, uint256 end) view returns (Lock[])",
]);
/** PinkSale's first PinkLock: normal locks only, listed per token (an unlocked lock leaves the list). */
export const pinkLockV1Abi = parseAbi([
  "struct Lock { uint256 id; address token; address owner; uint256 amount; uint256 lockDate; uint256 unlockDate; }",
  "function totalLockCountForToken(address token) view returns (uint256)",
  "function getLocksForToken(address token, uint256 start, uint256 end) view returns (Lock[])",
]);
export const timelockLocked = parseAbiItem("event Locked(uint256 indexed lockId, address indexed token, address indexed owner, uint256 amount, uint256 unlockTime)");

/** UNCX's V3 position locker (proof of reserves V1): a lock count and each lock by id. */
export const uncxV3LockerAbi = parseAbi([
  "function getLocksLength() view returns (uint256)",
  "struct Lock { uint256 lock_id; address nftPositionManager; address pool; uint256 nft_id; address owner; address pendingOwner; address additionalCollector; address collectAddress; uint256 unlockDate; uint16 countryCode; uint256 ucf; }",
  "function getLock(uint256 lockId) view returns (Lock)",
]);
