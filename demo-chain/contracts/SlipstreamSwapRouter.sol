// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Demo-chain stand-in for Aerodrome Slipstream's SwapRouter, written here from its public
// ISwapRouter interface: exactInputSingle and exactOutputSingle take Slipstream's params structs,
// which name the pool by tickSpacing where Uniswap V3's name a fee. Multi-hop paths
// (exactInput/exactOutput) are left out.

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {SlipstreamMath} from "./SlipstreamMath.sol";
import {SlipstreamPeriphery} from "./SlipstreamPeriphery.sol";

interface ISlipstreamPoolSwap {
    function swap(address recipient, bool zeroForOne, int256 amountSpecified, uint160 sqrtPriceLimitX96, bytes calldata data)
        external
        returns (int256 amount0, int256 amount1);
}

contract SlipstreamSwapRouter is SlipstreamPeriphery {
    struct ExactInputSingleParams {
        address tokenIn;
        address tokenOut;
        int24 tickSpacing;
        address recipient;
        uint256 deadline;
        uint256 amountIn;
        uint256 amountOutMinimum;
        uint160 sqrtPriceLimitX96;
    }

    struct ExactOutputSingleParams {
        address tokenIn;
        address tokenOut;
        int24 tickSpacing;
        address recipient;
        uint256 deadline;
        uint256 amountOut;
        uint256 amountInMaximum;
        uint160 sqrtPriceLimitX96;
    }

    struct SwapCallbackData {
        address tokenIn;
        address tokenOut;
        int24 tickSpacing;
        address payer;
    }

    constructor(address _factory, address _WETH9) SlipstreamPeriphery(_factory, _WETH9) {}

    /// The price limit a zero limit stands for: as far as the pool's price range goes.
    function _limit(bool zeroForOne, uint160 sqrtPriceLimitX96) internal pure returns (uint160) {
        if (sqrtPriceLimitX96 != 0) return sqrtPriceLimitX96;
        return zeroForOne ? SlipstreamMath.MIN_SQRT_RATIO + 1 : SlipstreamMath.MAX_SQRT_RATIO - 1;
    }

    function _swap(SwapCallbackData memory route, address recipient, int256 amountSpecified, uint160 sqrtPriceLimitX96)
        internal
        returns (uint256 paid, uint256 received)
    {
        bool zeroForOne = route.tokenIn < route.tokenOut;
        (int256 amount0, int256 amount1) = ISlipstreamPoolSwap(_poolAddress(route.tokenIn, route.tokenOut, route.tickSpacing)).swap(
            recipient, zeroForOne, amountSpecified, _limit(zeroForOne, sqrtPriceLimitX96), abi.encode(route)
        );
        (paid, received) = zeroForOne ? (uint256(amount0), uint256(-amount1)) : (uint256(amount1), uint256(-amount0));
    }

    function exactInputSingle(ExactInputSingleParams calldata params)
        external
        payable
        checkDeadline(params.deadline)
        returns (uint256 amountOut)
    {
        (, amountOut) = _swap(
            SwapCallbackData(params.tokenIn, params.tokenOut, params.tickSpacing, msg.sender),
            params.recipient,
            SafeCast.toInt256(params.amountIn),
            params.sqrtPriceLimitX96
        );
        require(amountOut >= params.amountOutMinimum, "Too little received");
    }

    function exactOutputSingle(ExactOutputSingleParams calldata params)
        external
        payable
        checkDeadline(params.deadline)
        returns (uint256 amountIn)
    {
        uint256 received;
        (amountIn, received) = _swap(
            SwapCallbackData(params.tokenIn, params.tokenOut, params.tickSpacing, msg.sender),
            params.recipient,
            -SafeCast.toInt256(params.amountOut),
            params.sqrtPriceLimitX96
        );
        require(amountIn <= params.amountInMaximum, "Too much requested");
        if (params.sqrtPriceLimitX96 == 0) require(received == params.amountOut, "Partial fill");
    }

    /// The pool asks for its input here; only a pool of the factory, at its derived address, may.
    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external {
        require(amount0Delta > 0 || amount1Delta > 0, "no input");
        SwapCallbackData memory callback = abi.decode(data, (SwapCallbackData));
        require(msg.sender == _poolAddress(callback.tokenIn, callback.tokenOut, callback.tickSpacing), "not the pool");
        uint256 owed = amount0Delta > 0 ? uint256(amount0Delta) : uint256(amount1Delta);
        _pay(callback.tokenIn, callback.payer, msg.sender, owed);
    }
}
