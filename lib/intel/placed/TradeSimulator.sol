// SPDX-License-Identifier: MIT
// Placed by eth_call state override (never deployed): buys a token with the native coin, then
// sells what it received, as an ordinary holder would, and reports what each leg moved — through
// a Uniswap V2 style router, or straight against a pool the way routers do for the other venues:
// a V3-style pool (Uniswap V3, PancakeSwap V3, Slipstream) with its swap callback, an Aerodrome
// classic pool (pay in, then swap), or a Uniswap V4 pool inside its PoolManager (unlock, swap,
// settle, take). Buy and sell taxes are measured on token balances (what the pool sent against
// what arrived, what was sent against what the pool received), so they hold whatever the DEX
// fee; a leg that reverts is reported with its revert data. Approvals and transfers are made with
// low-level calls that accept an empty answer, as tokens like USDT give one: a typed call would
// revert the whole simulation decoding it.
//
// `stages` says what one call does: BUY, SELL (the wallet-to-wallet transfer test, then selling
// what the simulator holds), or both. Both in one call is a plain eth_call's mode; where the node
// offers eth_simulateV1, BUY runs in one simulated block and SELL in the next, so a token that
// refuses a sell in the block of the buy (a common anti-bot rule) is not taken for a honeypot.
// `sellShareBps` is the share of the balance the SELL stage moves: all of it for the simulator's
// own trade, a slice when the code runs on a real holder's account.
pragma solidity ^0.8.24;

interface IERC20Like {
    function balanceOf(address account) external view returns (uint256);
    function approve(address spender, uint256 amount) external returns (bool);
}

interface IWrappedNativeLike {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
    function transfer(address to, uint256 amount) external returns (bool);
}

interface ITransferLike {
    function transfer(address to, uint256 amount) external returns (bool);
}

interface IV3PoolLike {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function swap(address recipient, bool zeroForOne, int256 amountSpecified, uint160 sqrtPriceLimitX96, bytes calldata data)
        external
        returns (int256 amount0, int256 amount1);
}

interface ISolidlyPoolLike {
    function token0() external view returns (address);
    function getReserves() external view returns (uint256 reserve0, uint256 reserve1, uint256 blockTimestampLast);
    function getAmountOut(uint256 amountIn, address tokenIn) external view returns (uint256);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

struct PoolKey {
    address currency0;
    address currency1;
    uint24 fee;
    int24 tickSpacing;
    address hooks;
}

struct SwapParams {
    bool zeroForOne;
    int256 amountSpecified;
    uint160 sqrtPriceLimitX96;
}

interface IPoolManagerLike {
    function unlock(bytes calldata data) external returns (bytes memory);
    function swap(PoolKey memory key, SwapParams memory params, bytes calldata hookData) external returns (int256 swapDelta);
    function sync(address currency) external;
    function settle() external payable returns (uint256);
    function take(address currency, address to, uint256 amount) external;
}

interface IRouterLike {
    function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] calldata path, address to, uint256 deadline) external payable;
    function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline) external;
}

contract TradeSimulator {
    struct Leg {
        bool ok;
        bytes revertData;
        // Buy: tokens that left the pool. Sell: tokens the simulator sent.
        uint256 tokensOut;
        // Buy: tokens the simulator received. Sell: tokens that reached the pool.
        uint256 tokensIn;
        // Buy: native paid. Sell: native received.
        uint256 native;
    }

    // The price limits of a swap that may move the price as far as it must (TickMath's bounds, one inside).
    uint160 internal constant MIN_SQRT_PRICE_LIMIT = 4295128740;
    uint160 internal constant MAX_SQRT_PRICE_LIMIT = 1461446703485210103287273052203988822378723970341;

    uint8 internal constant BUY = 1;
    uint8 internal constant SELL = 2;

    receive() external payable {}

    /// A token may call back the account this code runs on: MiniMe asks its controller onTransfer(),
    /// ERC-223 and ERC-677 tokens a receiving contract. Placed on a holder that is really a wallet,
    /// the code answers as an accepting wallet's owner would have the token see it: true.
    fallback() external payable {
        assembly {
            mstore(0, 1)
            return(0, 32)
        }
    }

    function simulate(address router, address pool, address token, address wrappedNative, uint256 nativeIn, uint8 stages, uint16 sellShareBps)
        external
        returns (Leg memory buy, Leg memory sell, Leg memory transfer)
    {
        if (stages & BUY != 0) {
            buy = _buyThroughRouter(router, pool, token, wrappedNative, nativeIn);
            if (!buy.ok || buy.tokensIn == 0) return (buy, sell, transfer);
        }
        if (stages & SELL == 0) return (buy, sell, transfer);
        uint256 share = _share(token, sellShareBps);
        if (share == 0) return (buy, sell, transfer);
        transfer = _transferTest(token, share);
        sell = _sellThroughRouter(router, pool, token, wrappedNative, share - share / 10);
    }

    function _buyThroughRouter(address router, address pool, address token, address wrappedNative, uint256 nativeIn) internal returns (Leg memory buy) {
        address[] memory path = new address[](2);
        path[0] = wrappedNative;
        path[1] = token;
        uint256 poolBefore = IERC20Like(token).balanceOf(pool);
        try IRouterLike(router).swapExactETHForTokensSupportingFeeOnTransferTokens{value: nativeIn}(0, path, address(this), block.timestamp) {
            buy.ok = true;
        } catch (bytes memory reason) {
            buy.revertData = reason;
            return buy;
        }
        buy.tokensOut = poolBefore - IERC20Like(token).balanceOf(pool);
        buy.tokensIn = IERC20Like(token).balanceOf(address(this));
        buy.native = nativeIn;
    }

    function _sellThroughRouter(address router, address pool, address token, address wrappedNative, uint256 selling) internal returns (Leg memory sell) {
        uint256 before = IERC20Like(token).balanceOf(address(this));
        if (selling > before) selling = before;
        address[] memory path = new address[](2);
        path[0] = token;
        path[1] = wrappedNative;
        uint256 nativeBefore = address(this).balance;
        uint256 poolBefore = IERC20Like(token).balanceOf(pool);
        (bool approved, bytes memory refusal) = _tokenCall(token, abi.encodeWithSelector(IERC20Like.approve.selector, router, selling));
        if (!approved) {
            sell.revertData = refusal;
            return sell;
        }
        try IRouterLike(router).swapExactTokensForETHSupportingFeeOnTransferTokens(selling, 0, path, address(this), block.timestamp) {
            sell.ok = true;
        } catch (bytes memory reason) {
            sell.revertData = reason;
            return sell;
        }
        sell.tokensOut = before - IERC20Like(token).balanceOf(address(this));
        sell.tokensIn = IERC20Like(token).balanceOf(pool) - poolBefore;
        sell.native = address(this).balance - nativeBefore;
    }

    // ---- V3-style pools: the pool calls back for what it is owed.

    function simulateV3(address pool, address token, address wrappedNative, uint256 nativeIn, uint8 stages, uint16 sellShareBps)
        external
        returns (Leg memory buy, Leg memory sell, Leg memory transfer)
    {
        bool nativeIsToken0 = IV3PoolLike(pool).token0() == wrappedNative;
        if (stages & BUY != 0) {
            IWrappedNativeLike(wrappedNative).deposit{value: nativeIn}();
            uint256 poolBefore = IERC20Like(token).balanceOf(pool);
            try IV3PoolLike(pool).swap(address(this), nativeIsToken0, int256(nativeIn), nativeIsToken0 ? MIN_SQRT_PRICE_LIMIT : MAX_SQRT_PRICE_LIMIT, "") {
                buy.ok = true;
            } catch (bytes memory reason) {
                buy.revertData = reason;
                return (buy, sell, transfer);
            }
            buy.tokensOut = poolBefore - IERC20Like(token).balanceOf(pool);
            buy.tokensIn = IERC20Like(token).balanceOf(address(this));
            buy.native = nativeIn - IERC20Like(wrappedNative).balanceOf(address(this));
            if (buy.tokensIn == 0) return (buy, sell, transfer);
        }
        if (stages & SELL == 0) return (buy, sell, transfer);
        uint256 share = _share(token, sellShareBps);
        if (share == 0) return (buy, sell, transfer);
        transfer = _transferTest(token, share);
        sell = _sellIntoV3(pool, token, wrappedNative, nativeIsToken0, share - share / 10);
    }

    function _sellIntoV3(address pool, address token, address wrappedNative, bool nativeIsToken0, uint256 selling) internal returns (Leg memory sell) {
        uint256 before = IERC20Like(token).balanceOf(address(this));
        if (selling > before) selling = before;
        uint256 wrappedBefore = IERC20Like(wrappedNative).balanceOf(address(this));
        uint256 poolBefore = IERC20Like(token).balanceOf(pool);
        try IV3PoolLike(pool).swap(address(this), !nativeIsToken0, int256(selling), nativeIsToken0 ? MAX_SQRT_PRICE_LIMIT : MIN_SQRT_PRICE_LIMIT, "") {
            sell.ok = true;
        } catch (bytes memory reason) {
            sell.revertData = reason;
            return sell;
        }
        sell.tokensOut = before - IERC20Like(token).balanceOf(address(this));
        sell.tokensIn = IERC20Like(token).balanceOf(pool) - poolBefore;
        sell.native = IERC20Like(wrappedNative).balanceOf(address(this)) - wrappedBefore;
    }

    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata) external {
        _payPool(amount0Delta, amount1Delta);
    }

    function pancakeV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata) external {
        _payPool(amount0Delta, amount1Delta);
    }

    function _payPool(int256 amount0Delta, int256 amount1Delta) internal {
        if (amount0Delta > 0) _transferOrRevert(IV3PoolLike(msg.sender).token0(), msg.sender, uint256(amount0Delta));
        if (amount1Delta > 0) _transferOrRevert(IV3PoolLike(msg.sender).token1(), msg.sender, uint256(amount1Delta));
    }

    /// What the SELL stage moves: the share of the balance asked for (all at 10,000 basis points).
    /// A real holder sells a slice, as a holder under a max-transaction limit would.
    function _share(address token, uint16 sellShareBps) internal view returns (uint256) {
        uint256 held = IERC20Like(token).balanceOf(address(this));
        return sellShareBps >= 10_000 ? held : (held * sellShareBps) / 10_000;
    }

    /// Wallet to wallet: a tenth of what was bought sent to a fresh account with no code, and what
    /// arrived there. A token that taxes or blocks ordinary transfers shows it here.
    function _transferTest(address token, uint256 bought) internal returns (Leg memory transfer) {
        address recipient = address(uint160(uint256(keccak256(abi.encode(address(this), "wallet-to-wallet")))));
        uint256 amount = bought / 10;
        if (amount == 0) return transfer;
        uint256 before = IERC20Like(token).balanceOf(recipient);
        (bool ok, bytes memory answer) = _tokenCall(token, abi.encodeWithSelector(ITransferLike.transfer.selector, recipient, amount));
        transfer.ok = ok;
        transfer.tokensOut = amount;
        if (!ok) {
            transfer.revertData = answer;
            return transfer;
        }
        transfer.tokensIn = IERC20Like(token).balanceOf(recipient) - before;
    }

    /// A token call that counts an empty answer as success (USDT-style) and `false` as failure.
    function _tokenCall(address token, bytes memory data) internal returns (bool ok, bytes memory answer) {
        (ok, answer) = token.call(data);
        if (ok && answer.length > 0 && !abi.decode(answer, (bool))) {
            ok = false;
            answer = abi.encodeWithSignature("Error(string)", "token call returned false");
        }
    }

    function _transferOrRevert(address token, address to, uint256 amount) internal {
        (bool ok, bytes memory answer) = _tokenCall(token, abi.encodeWithSelector(ITransferLike.transfer.selector, to, amount));
        if (!ok) {
            assembly {
                revert(add(answer, 32), mload(answer))
            }
        }
    }

    // ---- Aerodrome classic (Solidly) pools: pay in first, then ask for what the curve gives.

    function simulateSolidly(address pool, address token, address wrappedNative, uint256 nativeIn, uint8 stages, uint16 sellShareBps)
        external
        returns (Leg memory buy, Leg memory sell, Leg memory transfer)
    {
        bool tokenIsToken0 = ISolidlyPoolLike(pool).token0() == token;
        if (stages & BUY != 0) {
            IWrappedNativeLike(wrappedNative).deposit{value: nativeIn}();
            IWrappedNativeLike(wrappedNative).transfer(pool, nativeIn);
            uint256 out = ISolidlyPoolLike(pool).getAmountOut(nativeIn, wrappedNative);
            try ISolidlyPoolLike(pool).swap(tokenIsToken0 ? out : 0, tokenIsToken0 ? 0 : out, address(this), "") {
                buy.ok = true;
            } catch (bytes memory reason) {
                buy.revertData = reason;
                return (buy, sell, transfer);
            }
            buy.tokensOut = out;
            buy.tokensIn = IERC20Like(token).balanceOf(address(this));
            buy.native = nativeIn;
            if (buy.tokensIn == 0) return (buy, sell, transfer);
        }
        if (stages & SELL == 0) return (buy, sell, transfer);
        uint256 share = _share(token, sellShareBps);
        if (share == 0) return (buy, sell, transfer);
        transfer = _transferTest(token, share);
        sell = _sellIntoSolidly(pool, token, wrappedNative, tokenIsToken0, share - share / 10);
    }

    function _sellIntoSolidly(address pool, address token, address wrappedNative, bool tokenIsToken0, uint256 selling) internal returns (Leg memory sell) {
        uint256 before = IERC20Like(token).balanceOf(address(this));
        if (selling > before) selling = before;
        (bool sent, bytes memory refusal) = _tokenCall(token, abi.encodeWithSelector(ITransferLike.transfer.selector, pool, selling));
        if (!sent) {
            sell.revertData = refusal;
            return sell;
        }
        (uint256 reserve0, uint256 reserve1,) = ISolidlyPoolLike(pool).getReserves();
        uint256 wrappedBefore = IERC20Like(wrappedNative).balanceOf(address(this));
        // What reached the pool, after any transfer tax, is what it trades.
        sell.tokensIn = IERC20Like(token).balanceOf(pool) - (tokenIsToken0 ? reserve0 : reserve1);
        sell.tokensOut = before - IERC20Like(token).balanceOf(address(this));
        uint256 nativeOut = ISolidlyPoolLike(pool).getAmountOut(sell.tokensIn, token);
        try ISolidlyPoolLike(pool).swap(tokenIsToken0 ? 0 : nativeOut, tokenIsToken0 ? nativeOut : 0, address(this), "") {
            sell.ok = true;
        } catch (bytes memory reason) {
            sell.revertData = reason;
            return sell;
        }
        sell.native = IERC20Like(wrappedNative).balanceOf(address(this)) - wrappedBefore;
    }

    // ---- Uniswap V4: every trade runs inside the PoolManager's unlock callback.

    address private unlockingManager;

    function simulateV4(address poolManager, PoolKey calldata key, address token, uint256 nativeIn, uint8 stages, uint16 sellShareBps)
        external
        returns (Leg memory buy, Leg memory sell, Leg memory transfer)
    {
        // The native coin is currency0 when the pool trades it (the zero address sorts first).
        address quote = key.currency0 == token ? key.currency1 : key.currency0;
        unlockingManager = poolManager;
        if (stages & BUY != 0) {
            if (quote != address(0)) IWrappedNativeLike(quote).deposit{value: nativeIn}();
            uint256 managerBefore = IERC20Like(token).balanceOf(poolManager);
            try IPoolManagerLike(poolManager).unlock(abi.encode(key, quote, nativeIn)) {
                buy.ok = true;
            } catch (bytes memory reason) {
                buy.revertData = reason;
                return (buy, sell, transfer);
            }
            buy.tokensOut = managerBefore - IERC20Like(token).balanceOf(poolManager);
            buy.tokensIn = IERC20Like(token).balanceOf(address(this));
            buy.native = nativeIn;
            if (buy.tokensIn == 0) return (buy, sell, transfer);
        }
        if (stages & SELL == 0) return (buy, sell, transfer);
        uint256 share = _share(token, sellShareBps);
        if (share == 0) return (buy, sell, transfer);
        transfer = _transferTest(token, share);
        sell = _sellIntoV4(poolManager, key, token, quote, share - share / 10);
    }

    function _sellIntoV4(address poolManager, PoolKey calldata key, address token, address quote, uint256 selling) internal returns (Leg memory sell) {
        uint256 before = IERC20Like(token).balanceOf(address(this));
        if (selling > before) selling = before;
        uint256 quoteBefore = quote == address(0) ? address(this).balance : IERC20Like(quote).balanceOf(address(this));
        uint256 managerBefore = IERC20Like(token).balanceOf(poolManager);
        try IPoolManagerLike(poolManager).unlock(abi.encode(key, token, selling)) {
            sell.ok = true;
        } catch (bytes memory reason) {
            sell.revertData = reason;
            return sell;
        }
        sell.tokensOut = before - IERC20Like(token).balanceOf(address(this));
        sell.tokensIn = IERC20Like(token).balanceOf(poolManager) - managerBefore;
        sell.native = (quote == address(0) ? address(this).balance : IERC20Like(quote).balanceOf(address(this))) - quoteBefore;
    }

    function unlockCallback(bytes calldata data) external returns (bytes memory) {
        require(msg.sender == unlockingManager, "not the PoolManager");
        (PoolKey memory key, address currencyIn, uint256 amountIn) = abi.decode(data, (PoolKey, address, uint256));
        bool zeroForOne = currencyIn == key.currency0;
        int256 delta = IPoolManagerLike(msg.sender).swap(
            key, SwapParams(zeroForOne, -int256(amountIn), zeroForOne ? MIN_SQRT_PRICE_LIMIT : MAX_SQRT_PRICE_LIMIT), ""
        );
        // A BalanceDelta packs amount0 in the high 128 bits and amount1 in the low 128, signed from the swapper's side.
        int128 amount0 = int128(delta >> 128);
        int128 amount1 = int128(delta);
        (int128 paid, int128 received) = zeroForOne ? (amount0, amount1) : (amount1, amount0);
        address currencyOut = zeroForOne ? key.currency1 : key.currency0;
        uint256 owed = uint256(uint128(-paid));
        if (currencyIn == address(0)) {
            IPoolManagerLike(msg.sender).settle{value: owed}();
        } else {
            IPoolManagerLike(msg.sender).sync(currencyIn);
            _transferOrRevert(currencyIn, msg.sender, owed);
            IPoolManagerLike(msg.sender).settle();
        }
        IPoolManagerLike(msg.sender).take(currencyOut, address(this), uint256(uint128(received)));
        return "";
    }
}
