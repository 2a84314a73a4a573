// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Demo-chain stand-in for an Aerodrome Slipstream CLPool, written here from Slipstream's public
// pool interfaces: Slipstream's six-field slot0, liquidity(), token0/token1/tickSpacing/fee(),
// positions(key), mint/burn/collect with the uniswapV3MintCallback flow, swap with the
// uniswapV3SwapCallback flow, and Uniswap V3's events. Pools are EIP-1167 clones initialised by
// the factory.
//
// Simplified: every position spans the full range of the pool's tick spacing, so the in-range
// liquidity never changes with the price and a swap is one step of the concentrated-liquidity
// price math (no tick crossing, no tick bitmap). Fees accrue per unit of liquidity
// (feeGrowthGlobal) and all go to liquidity providers: no gauge, staking, unstaked fee, reward
// growth, protocol fee, flash loans or oracle observations (slot0 reports one observation slot).

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {SlipstreamMath} from "./SlipstreamMath.sol";

interface ISlipstreamFactoryFee {
    function getSwapFee(address pool) external view returns (uint24);
}

interface ISlipstreamMintCallback {
    function uniswapV3MintCallback(uint256 amount0Owed, uint256 amount1Owed, bytes calldata data) external;
}

interface ISlipstreamSwapCallback {
    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external;
}

contract SlipstreamCLPool {
    using SafeERC20 for IERC20;

    struct Slot0 {
        uint160 sqrtPriceX96;
        int24 tick;
        uint16 observationIndex;
        uint16 observationCardinality;
        uint16 observationCardinalityNext;
        bool unlocked;
    }

    struct Position {
        uint128 liquidity;
        uint256 feeGrowthInside0LastX128;
        uint256 feeGrowthInside1LastX128;
        uint128 tokensOwed0;
        uint128 tokensOwed1;
    }

    error AlreadyInitialized();
    error Locked();
    error OnlyFullRange();
    error ZeroLiquidity();
    error EmptyPosition();
    error ZeroAmount();
    error InvalidPriceLimit();
    error InsufficientInput();

    event Initialize(uint160 sqrtPriceX96, int24 tick);
    event Mint(
        address sender,
        address indexed owner,
        int24 indexed tickLower,
        int24 indexed tickUpper,
        uint128 amount,
        uint256 amount0,
        uint256 amount1
    );
    event Collect(
        address indexed owner,
        address recipient,
        int24 indexed tickLower,
        int24 indexed tickUpper,
        uint128 amount0,
        uint128 amount1
    );
    event Burn(
        address indexed owner,
        int24 indexed tickLower,
        int24 indexed tickUpper,
        uint128 amount,
        uint256 amount0,
        uint256 amount1
    );
    event Swap(
        address indexed sender,
        address indexed recipient,
        int256 amount0,
        int256 amount1,
        uint160 sqrtPriceX96,
        uint128 liquidity,
        int24 tick
    );

    address public factory;
    address public token0;
    address public token1;
    int24 public tickSpacing;

    Slot0 public slot0;
    /// In-range liquidity: with full-range positions only, the sum of every position's liquidity.
    uint128 public liquidity;
    uint256 public feeGrowthGlobal0X128;
    uint256 public feeGrowthGlobal1X128;
    mapping(bytes32 => Position) public positions;

    modifier lock() {
        if (!slot0.unlocked) revert Locked();
        slot0.unlocked = false;
        _;
        slot0.unlocked = true;
    }

    /// Called once by the factory; the fifth argument (Slipstream's factory registry) is unused here.
    function initialize(
        address _factory,
        address _token0,
        address _token1,
        int24 _tickSpacing,
        address,
        uint160 _sqrtPriceX96
    ) external {
        if (factory != address(0) || _factory == address(0)) revert AlreadyInitialized();
        (factory, token0, token1, tickSpacing) = (_factory, _token0, _token1, _tickSpacing);
        int24 tick = SlipstreamMath.tickAtSqrtRatio(_sqrtPriceX96);
        slot0 = Slot0({
            sqrtPriceX96: _sqrtPriceX96,
            tick: tick,
            observationIndex: 0,
            observationCardinality: 1,
            observationCardinalityNext: 1,
            unlocked: true
        });
        emit Initialize(_sqrtPriceX96, tick);
    }

    /// The swap fee in pips (1e-6), as the factory sets it for this pool's tick spacing.
    function fee() public view returns (uint24) {
        return ISlipstreamFactoryFee(factory).getSwapFee(address(this));
    }

    function _fullRange() internal view returns (int24 tickLower, int24 tickUpper, uint160 lowerPrice, uint160 upperPrice) {
        (tickLower, tickUpper) = SlipstreamMath.fullRangeTicks(tickSpacing);
        lowerPrice = SlipstreamMath.sqrtRatioAtTick(tickLower);
        upperPrice = SlipstreamMath.sqrtRatioAtTick(tickUpper);
    }

    /// A tick's liquidity as Slipstream's ticks(int24) leads with it (gross, then net); the later
    /// fields (staked liquidity, fee and reward growth outside, oracle values) are zero here.
    /// Only the full range's two ends hold liquidity.
    function ticks(int24 tick)
        external
        view
        returns (
            uint128 liquidityGross,
            int128 liquidityNet,
            int128 stakedLiquidityNet,
            uint256 feeGrowthOutside0X128,
            uint256 feeGrowthOutside1X128,
            uint256 rewardGrowthOutsideX128,
            int56 tickCumulativeOutside,
            uint160 secondsPerLiquidityOutsideX128,
            uint32 secondsOutside,
            bool initialized
        )
    {
        (int24 lower, int24 upper,,) = _fullRange();
        if (liquidity == 0 || (tick != lower && tick != upper)) return (0, 0, 0, 0, 0, 0, 0, 0, 0, false);
        liquidityNet = tick == lower ? SafeCast.toInt128(int256(uint256(liquidity))) : -SafeCast.toInt128(int256(uint256(liquidity)));
        return (liquidity, liquidityNet, 0, 0, 0, 0, 0, 0, 0, true);
    }

    function _checkFullRange(int24 tickLower, int24 tickUpper) internal view {
        (int24 lower, int24 upper) = SlipstreamMath.fullRangeTicks(tickSpacing);
        if (tickLower != lower || tickUpper != upper) revert OnlyFullRange();
    }

    /// What `amount` of liquidity over the full range holds of each token at the current price.
    function _amounts(uint128 amount, bool roundUp) internal view returns (uint256 amount0, uint256 amount1) {
        (,, uint160 lowerPrice, uint160 upperPrice) = _fullRange();
        uint160 price = slot0.sqrtPriceX96;
        amount0 = SlipstreamMath.amount0Delta(price, upperPrice, amount, roundUp);
        amount1 = SlipstreamMath.amount1Delta(lowerPrice, price, amount, roundUp);
    }

    function _balance(address token) internal view returns (uint256) {
        return IERC20(token).balanceOf(address(this));
    }

    /// Credits a position with the fees its liquidity earned since it was last touched, then
    /// changes its liquidity (and the pool's) by `delta`.
    function _updatePosition(address owner, int24 tickLower, int24 tickUpper, int128 delta)
        internal
        returns (Position storage position)
    {
        position = positions[keccak256(abi.encodePacked(owner, tickLower, tickUpper))];
        if (delta == 0 && position.liquidity == 0) revert EmptyPosition();
        uint256 growth0 = feeGrowthGlobal0X128;
        uint256 growth1 = feeGrowthGlobal1X128;
        unchecked {
            // Fee growth wraps around by design, so the difference is taken modulo 2^256.
            position.tokensOwed0 += uint128(Math.mulDiv(growth0 - position.feeGrowthInside0LastX128, position.liquidity, SlipstreamMath.Q128));
            position.tokensOwed1 += uint128(Math.mulDiv(growth1 - position.feeGrowthInside1LastX128, position.liquidity, SlipstreamMath.Q128));
        }
        position.feeGrowthInside0LastX128 = growth0;
        position.feeGrowthInside1LastX128 = growth1;
        if (delta > 0) {
            position.liquidity += uint128(delta);
            liquidity += uint128(delta);
        } else if (delta < 0) {
            position.liquidity -= uint128(-delta);
            liquidity -= uint128(-delta);
        }
    }

    function mint(address recipient, int24 tickLower, int24 tickUpper, uint128 amount, bytes calldata data)
        external
        lock
        returns (uint256 amount0, uint256 amount1)
    {
        if (amount == 0) revert ZeroLiquidity();
        _checkFullRange(tickLower, tickUpper);
        _updatePosition(recipient, tickLower, tickUpper, SafeCast.toInt128(int256(uint256(amount))));
        (amount0, amount1) = _amounts(amount, true);
        uint256 before0 = _balance(token0);
        uint256 before1 = _balance(token1);
        ISlipstreamMintCallback(msg.sender).uniswapV3MintCallback(amount0, amount1, data);
        require(before0 + amount0 <= _balance(token0), "M0");
        require(before1 + amount1 <= _balance(token1), "M1");
        emit Mint(msg.sender, recipient, tickLower, tickUpper, amount, amount0, amount1);
    }

    /// Removes liquidity; what it held is owed to the position until collected.
    function burn(int24 tickLower, int24 tickUpper, uint128 amount)
        external
        lock
        returns (uint256 amount0, uint256 amount1)
    {
        _checkFullRange(tickLower, tickUpper);
        Position storage position =
            _updatePosition(msg.sender, tickLower, tickUpper, -SafeCast.toInt128(int256(uint256(amount))));
        (amount0, amount1) = _amounts(amount, false);
        if (amount0 > 0 || amount1 > 0) {
            position.tokensOwed0 += SafeCast.toUint128(amount0);
            position.tokensOwed1 += SafeCast.toUint128(amount1);
        }
        emit Burn(msg.sender, tickLower, tickUpper, amount, amount0, amount1);
    }

    function collect(
        address recipient,
        int24 tickLower,
        int24 tickUpper,
        uint128 amount0Requested,
        uint128 amount1Requested
    ) external lock returns (uint128 amount0, uint128 amount1) {
        Position storage position = positions[keccak256(abi.encodePacked(msg.sender, tickLower, tickUpper))];
        amount0 = amount0Requested > position.tokensOwed0 ? position.tokensOwed0 : amount0Requested;
        amount1 = amount1Requested > position.tokensOwed1 ? position.tokensOwed1 : amount1Requested;
        if (amount0 > 0) {
            position.tokensOwed0 -= amount0;
            IERC20(token0).safeTransfer(recipient, amount0);
        }
        if (amount1 > 0) {
            position.tokensOwed1 -= amount1;
            IERC20(token1).safeTransfer(recipient, amount1);
        }
        emit Collect(msg.sender, recipient, tickLower, tickUpper, amount0, amount1);
    }

    /// amountSpecified > 0: exact input; < 0: exact output. The price stops at the limit or at
    /// the edge of the full range, whichever comes first.
    function swap(
        address recipient,
        bool zeroForOne,
        int256 amountSpecified,
        uint160 sqrtPriceLimitX96,
        bytes calldata data
    ) external lock returns (int256 amount0, int256 amount1) {
        if (amountSpecified == 0) revert ZeroAmount();
        (SlipstreamMath.Step memory step, uint128 inRange) = _movePrice(zeroForOne, amountSpecified, sqrtPriceLimitX96);
        int256 paidIn = SafeCast.toInt256(step.amountIn + step.feeAmount);
        int256 paidOut = -SafeCast.toInt256(step.amountOut);
        (amount0, amount1) = zeroForOne ? (paidIn, paidOut) : (paidOut, paidIn);
        _exchange(zeroForOne, recipient, step.amountOut, uint256(paidIn), amount0, amount1, data);
        emit Swap(msg.sender, recipient, amount0, amount1, step.priceNext, inRange, slot0.tick);
    }

    /// Moves the price as far as the swap takes it and books the fee to the liquidity in range.
    function _movePrice(bool zeroForOne, int256 amountSpecified, uint160 sqrtPriceLimitX96)
        internal
        returns (SlipstreamMath.Step memory step, uint128 inRange)
    {
        uint160 priceStart = slot0.sqrtPriceX96;
        if (
            zeroForOne
                ? sqrtPriceLimitX96 >= priceStart || sqrtPriceLimitX96 <= SlipstreamMath.MIN_SQRT_RATIO
                : sqrtPriceLimitX96 <= priceStart || sqrtPriceLimitX96 >= SlipstreamMath.MAX_SQRT_RATIO
        ) revert InvalidPriceLimit();
        (,, uint160 lowerPrice, uint160 upperPrice) = _fullRange();
        uint160 target = zeroForOne
            ? (sqrtPriceLimitX96 > lowerPrice ? sqrtPriceLimitX96 : lowerPrice)
            : (sqrtPriceLimitX96 < upperPrice ? sqrtPriceLimitX96 : upperPrice);
        inRange = liquidity;
        step = SlipstreamMath.swapStep(priceStart, target, inRange, amountSpecified, fee());
        if (inRange > 0 && step.feeAmount > 0) {
            uint256 growth = Math.mulDiv(step.feeAmount, SlipstreamMath.Q128, inRange);
            unchecked {
                if (zeroForOne) feeGrowthGlobal0X128 += growth;
                else feeGrowthGlobal1X128 += growth;
            }
        }
        if (step.priceNext != priceStart) {
            slot0.sqrtPriceX96 = step.priceNext;
            slot0.tick = SlipstreamMath.tickAtSqrtRatio(step.priceNext);
        }
    }

    /// Pays the output first, then has the caller pay the input through the swap callback.
    function _exchange(
        bool zeroForOne,
        address recipient,
        uint256 amountOut,
        uint256 amountIn,
        int256 amount0,
        int256 amount1,
        bytes calldata data
    ) internal {
        (address tokenIn, address tokenOut) = zeroForOne ? (token0, token1) : (token1, token0);
        if (amountOut > 0) IERC20(tokenOut).safeTransfer(recipient, amountOut);
        uint256 before = _balance(tokenIn);
        ISlipstreamSwapCallback(msg.sender).uniswapV3SwapCallback(amount0, amount1, data);
        if (before + amountIn > _balance(tokenIn)) revert InsufficientInput();
    }
}
