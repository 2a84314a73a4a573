// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Concentrated-liquidity price math for the demo chain's Slipstream stand-in, written here from the
// published formulas: a tick t has price 1.0001^t, kept as sqrt(price)·2^96 (Q64.96); between two
// prices a and b (as square roots) liquidity L holds L·(b − a)/(a·b) of token0 and L·(b − a) of
// token1. 512-bit products come from OpenZeppelin's Math.mulDiv.

import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";

library SlipstreamMath {
    int24 internal constant MIN_TICK = -887272;
    int24 internal constant MAX_TICK = 887272;
    /// sqrtRatioAtTick(MIN_TICK) and sqrtRatioAtTick(MAX_TICK): the range every price stays inside.
    uint160 internal constant MIN_SQRT_RATIO = 4295128739;
    uint160 internal constant MAX_SQRT_RATIO = 1461446703485210103287273052203988822378723970342;
    uint256 internal constant Q96 = 1 << 96;
    uint256 internal constant Q128 = 1 << 128;
    uint256 internal constant FEE_UNITS = 1_000_000;

    error TickOutOfRange();
    error PriceOutOfRange();
    error NoLiquidity();
    error PriceUnderflow();

    /// sqrt(1.0001^tick)·2^96, rounded up. Built as a product of 1/sqrt(1.0001)^(2^i) over the bits
    /// of |tick| in Q128, inverted for positive ticks. Factor i is 2^128 / sqrt(1.0001)^(2^i),
    /// rounded to the nearest integer (worked out in exact integer arithmetic at 600 bits).
    function sqrtRatioAtTick(int24 tick) internal pure returns (uint160) {
        uint256 absTick = tick < 0 ? uint256(-int256(tick)) : uint256(int256(tick));
        if (absTick > uint256(int256(MAX_TICK))) revert TickOutOfRange();
        uint256[20] memory factors = [
            uint256(0xfffcb933bd6fad37aa2d162d1a594001),
            0xfff97272373d413259a46990580e213a,
            0xfff2e50f5f656932ef12357cf3c7fdcc,
            0xffe5caca7e10e4e61c3624eaa0941cd0,
            0xffcb9843d60f6159c9db58835c926644,
            0xff973b41fa98c081472e6896dfb254c0,
            0xff2ea16466c96a3843ec78b326b52861,
            0xfe5dee046a99a2a811c461f1969c3053,
            0xfcbe86c7900a88aedcffc83b479aa3a4,
            0xf987a7253ac413176f2b074cf7815e54,
            0xf3392b0822b70005940c7a398e4b70f3,
            0xe7159475a2c29b7443b29c7fa6e889d9,
            0xd097f3bdfd2022b8845ad8f792aa5825,
            0xa9f746462d870fdf8a65dc1f90e061e5,
            0x70d869a156d2a1b890bb3df62baf32f7,
            0x31be135f97d08fd981231505542fcfa6,
            0x9aa508b5b7a84e1c677de54f3e99bc9,
            0x5d6af8dedb81196699c329225ee604,
            0x2216e584f5fa1ea926041bedfe98,
            0x48a170391f7dc42444e8fa2
        ];
        uint256 ratio = Q128;
        for (uint256 bit = 0; bit < 20; bit++) {
            if (absTick & (1 << bit) != 0) ratio = (ratio * factors[bit]) >> 128;
        }
        if (tick > 0) ratio = type(uint256).max / ratio;
        // Q128 to Q96, rounding up.
        return uint160((ratio >> 32) + (ratio % (1 << 32) == 0 ? 0 : 1));
    }

    /// The greatest tick whose sqrt ratio is at or below `sqrtPriceX96` (a binary search).
    function tickAtSqrtRatio(uint160 sqrtPriceX96) internal pure returns (int24) {
        if (sqrtPriceX96 < MIN_SQRT_RATIO || sqrtPriceX96 >= MAX_SQRT_RATIO) revert PriceOutOfRange();
        int24 low = MIN_TICK;
        int24 high = MAX_TICK;
        while (high - low > 1) {
            int24 middle = int24((int256(low) + int256(high)) / 2);
            if (sqrtRatioAtTick(middle) <= sqrtPriceX96) low = middle;
            else high = middle;
        }
        return low;
    }

    /// The widest range a tick spacing allows: what the demo pools' positions span.
    function fullRangeTicks(int24 tickSpacing) internal pure returns (int24 tickLower, int24 tickUpper) {
        tickLower = (MIN_TICK / tickSpacing) * tickSpacing;
        tickUpper = (MAX_TICK / tickSpacing) * tickSpacing;
    }

    /// Token0 held by liquidity L between sqrt prices a and b: L·2^96·(b − a) / b / a.
    function amount0Delta(uint160 a, uint160 b, uint128 liquidity, bool roundUp) internal pure returns (uint256) {
        if (a > b) (a, b) = (b, a);
        uint256 scaled = uint256(liquidity) << 96;
        if (roundUp) return Math.ceilDiv(Math.mulDiv(scaled, b - a, b, Math.Rounding.Ceil), a);
        return Math.mulDiv(scaled, b - a, b) / a;
    }

    /// Token1 held by liquidity L between sqrt prices a and b: L·(b − a) / 2^96.
    function amount1Delta(uint160 a, uint160 b, uint128 liquidity, bool roundUp) internal pure returns (uint256) {
        if (a > b) (a, b) = (b, a);
        return Math.mulDiv(liquidity, b - a, Q96, roundUp ? Math.Rounding.Ceil : Math.Rounding.Floor);
    }

    /// Price after token0 enters (add) or leaves the pool; rounded up, so the pool never gives too much.
    function priceAfterAmount0(uint160 price, uint128 liquidity, uint256 amount, bool add) internal pure returns (uint160) {
        if (amount == 0) return price;
        uint256 scaled = uint256(liquidity) << 96;
        uint256 product;
        unchecked {
            product = amount * price;
        }
        bool productFits = product / amount == price;
        if (add) {
            if (productFits) {
                uint256 denominator;
                unchecked {
                    denominator = scaled + product;
                }
                if (denominator >= scaled) return SafeCast.toUint160(Math.mulDiv(scaled, price, denominator, Math.Rounding.Ceil));
            }
            return SafeCast.toUint160(Math.ceilDiv(scaled, scaled / price + amount));
        }
        if (!productFits || scaled <= product) revert PriceUnderflow();
        return SafeCast.toUint160(Math.mulDiv(scaled, price, scaled - product, Math.Rounding.Ceil));
    }

    /// Price after token1 enters (add) or leaves the pool; rounded down, for the same reason.
    function priceAfterAmount1(uint160 price, uint128 liquidity, uint256 amount, bool add) internal pure returns (uint160) {
        if (add) return SafeCast.toUint160(uint256(price) + Math.mulDiv(amount, Q96, liquidity));
        uint256 change = Math.mulDiv(amount, Q96, liquidity, Math.Rounding.Ceil);
        if (price <= change) revert PriceUnderflow();
        return uint160(price - change);
    }

    struct Step {
        uint160 priceNext;
        uint256 amountIn;
        uint256 amountOut;
        uint256 feeAmount;
    }

    /// One swap move from `price` towards `target` with constant liquidity. A positive
    /// `amountRemaining` is an exact input (fee included), a negative one an exact output.
    function swapStep(uint160 price, uint160 target, uint128 liquidity, int256 amountRemaining, uint24 feePips)
        internal
        pure
        returns (Step memory step)
    {
        bool zeroForOne = price >= target;
        bool exactIn = amountRemaining >= 0;
        uint256 wanted = exactIn ? uint256(amountRemaining) : uint256(-amountRemaining);
        if (exactIn) {
            uint256 inLessFee = Math.mulDiv(wanted, FEE_UNITS - feePips, FEE_UNITS);
            uint256 toTarget = zeroForOne
                ? amount0Delta(target, price, liquidity, true)
                : amount1Delta(price, target, liquidity, true);
            if (inLessFee >= toTarget) step.priceNext = target;
            else if (liquidity == 0) revert NoLiquidity();
            else step.priceNext = zeroForOne
                ? priceAfterAmount0(price, liquidity, inLessFee, true)
                : priceAfterAmount1(price, liquidity, inLessFee, true);
        } else {
            uint256 toTarget = zeroForOne
                ? amount1Delta(target, price, liquidity, false)
                : amount0Delta(price, target, liquidity, false);
            if (wanted >= toTarget) step.priceNext = target;
            else if (liquidity == 0) revert NoLiquidity();
            else step.priceNext = zeroForOne
                ? priceAfterAmount1(price, liquidity, wanted, false)
                : priceAfterAmount0(price, liquidity, wanted, false);
        }
        if (zeroForOne) {
            step.amountIn = amount0Delta(step.priceNext, price, liquidity, true);
            step.amountOut = amount1Delta(step.priceNext, price, liquidity, false);
        } else {
            step.amountIn = amount1Delta(price, step.priceNext, liquidity, true);
            step.amountOut = amount0Delta(price, step.priceNext, liquidity, false);
        }
        if (!exactIn && step.amountOut > wanted) step.amountOut = wanted;
        if (exactIn && step.priceNext != target) {
            // The price stopped short of the target: whatever is left of the input is the fee.
            step.feeAmount = wanted - step.amountIn;
        } else {
            step.feeAmount = Math.mulDiv(step.amountIn, feePips, FEE_UNITS - feePips, Math.Rounding.Ceil);
        }
    }

    /// The most liquidity `amount0` and `amount1` can provide between sqrt prices a < b at `price`.
    function liquidityForAmounts(uint160 price, uint160 a, uint160 b, uint256 amount0, uint256 amount1)
        internal
        pure
        returns (uint128)
    {
        uint256 fromAmount0;
        uint256 fromAmount1;
        if (price <= a) {
            return SafeCast.toUint128(Math.mulDiv(amount0, Math.mulDiv(a, b, Q96), b - a));
        }
        if (price >= b) {
            return SafeCast.toUint128(Math.mulDiv(amount1, Q96, b - a));
        }
        fromAmount0 = Math.mulDiv(amount0, Math.mulDiv(price, b, Q96), b - price);
        fromAmount1 = Math.mulDiv(amount1, Q96, price - a);
        return SafeCast.toUint128(Math.min(fromAmount0, fromAmount1));
    }
}
