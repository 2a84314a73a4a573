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
//
// A pool against another quote asset than the native coin or its wrapped token (a stablecoin, a BTC
// wrapper) is traded the way a holder who has only the native coin would: `funding` names the quote
// asset's own pool against the wrapped native coin (the pool that prices it). BUY first buys the quote
// asset there with the native coin, then the token with it; SELL sells the token for the quote asset,
// then that back to the native coin in the same pool. The taxes stay measured on the token's legs alone.
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
    function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline) external;
}

/// Where the quote asset is bought with the native coin and sold back: NONE when the pool trades the
/// native coin or its wrapped token itself; else a V2 router (and its pair), a V3-style pool or an
/// Aerodrome classic pool of `quote` against the wrapped native coin.
struct Funding {
    uint8 via;
    address router;
    address pool;
    address quote;
}

contract TradeSimulator {
    struct Leg {
        bool ok;
        bytes revertData;
        // Buy: tokens that left the pool. Sell: tokens the simulator sent.
        uint256 tokensOut;
        // Buy: tokens the simulator received. Sell: tokens that reached the pool.
        uint256 tokensIn;
        // Buy: native paid. Sell: native received (for a quote asset bought first, what selling it back brought).
        uint256 native;
        // Buy: the pool's quote asset paid into it. Sell: the quote asset it paid out (the native coin's figures when it trades that).
        uint256 quote;
    }

    // The price limits of a swap that may move the price as far as it must (TickMath's bounds, one inside).
    uint160 internal constant MIN_SQRT_PRICE_LIMIT = 4295128740;
    uint160 internal constant MAX_SQRT_PRICE_LIMIT = 1461446703485210103287273052203988822378723970341;

    uint8 internal constant BUY = 1;
    uint8 internal constant SELL = 2;

    uint8 internal constant NONE = 0;
    uint8 internal constant VIA_ROUTER = 1;
    uint8 internal constant VIA_V3 = 2;
    uint8 internal constant VIA_SOLIDLY = 3;

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

    function simulate(address router, address pool, address token, address wrappedNative, uint256 nativeIn, uint8 stages, uint16 sellShareBps, Funding calldata funding)
        external
        returns (Leg memory buy, Leg memory sell, Leg memory transfer)
    {
        if (stages & BUY != 0) {
            buy = _routerBuyStage(router, pool, token, wrappedNative, nativeIn, funding);
            if (!buy.ok || buy.tokensIn == 0) return (buy, sell, transfer);
        }
        if (stages & SELL == 0) return (buy, sell, transfer);
        uint256 share = _share(token, sellShareBps);
        if (share == 0) return (buy, sell, transfer);
        transfer = _transferTest(token, share);
        sell = _routerSellStage(router, pool, token, wrappedNative, share - share / 10, funding);
    }

    function _routerBuyStage(address router, address pool, address token, address wrappedNative, uint256 nativeIn, Funding calldata funding) internal returns (Leg memory buy) {
        if (funding.via == NONE) buy = _buyThroughRouter(router, pool, token, wrappedNative, nativeIn, true);
        else buy = _buyThroughRouter(router, pool, token, funding.quote, _fund(funding, wrappedNative, nativeIn), false);
        if (buy.ok) buy.native = nativeIn;
    }

    function _routerSellStage(address router, address pool, address token, address wrappedNative, uint256 selling, Funding calldata funding) internal returns (Leg memory sell) {
        if (funding.via == NONE) {
            sell = _sellThroughRouter(router, pool, token, wrappedNative, selling, true);
            sell.native = sell.quote;
        } else {
            sell = _sellThroughRouter(router, pool, token, funding.quote, selling, false);
            sell.native = _unfund(funding, wrappedNative, sell.quote);
        }
    }

    /// `payNative`: the router wraps the native coin itself (`quote` is then the wrapped token); else `amountIn` of `quote` is held.
    function _buyThroughRouter(address router, address pool, address token, address quote, uint256 amountIn, bool payNative) internal returns (Leg memory buy) {
        address[] memory path = new address[](2);
        path[0] = quote;
        path[1] = token;
        uint256 poolBefore = IERC20Like(token).balanceOf(pool);
        if (payNative) {
            try IRouterLike(router).swapExactETHForTokensSupportingFeeOnTransferTokens{value: amountIn}(0, path, address(this), block.timestamp) {
                buy.ok = true;
            } catch (bytes memory reason) {
                buy.revertData = reason;
                return buy;
            }
        } else {
            _approve(quote, router, amountIn);
            try IRouterLike(router).swapExactTokensForTokensSupportingFeeOnTransferTokens(amountIn, 0, path, address(this), block.timestamp) {
                buy.ok = true;
            } catch (bytes memory reason) {
                buy.revertData = reason;
                return buy;
            }
        }
        buy.tokensOut = poolBefore - IERC20Like(token).balanceOf(pool);
        buy.tokensIn = IERC20Like(token).balanceOf(address(this));
        buy.quote = amountIn;
    }

    /// `takeNative`: the router unwraps what the pool pays (`quote` is then the wrapped token); else the quote asset arrives as it is.
    function _sellThroughRouter(address router, address pool, address token, address quote, uint256 selling, bool takeNative) internal returns (Leg memory sell) {
        uint256 before = IERC20Like(token).balanceOf(address(this));
        if (selling > before) selling = before;
        address[] memory path = new address[](2);
        path[0] = token;
        path[1] = quote;
        uint256 quoteBefore = takeNative ? address(this).balance : IERC20Like(quote).balanceOf(address(this));
        uint256 poolBefore = IERC20Like(token).balanceOf(pool);
        (bool approved, bytes memory refusal) = _tokenCall(token, abi.encodeWithSelector(IERC20Like.approve.selector, router, selling));
        if (!approved) {
            sell.revertData = refusal;
            return sell;
        }
        if (takeNative) {
            try IRouterLike(router).swapExactTokensForETHSupportingFeeOnTransferTokens(selling, 0, path, address(this), block.timestamp) {
                sell.ok = true;
            } catch (bytes memory reason) {
                sell.revertData = reason;
                return sell;
            }
        } else {
            try IRouterLike(router).swapExactTokensForTokensSupportingFeeOnTransferTokens(selling, 0, path, address(this), block.timestamp) {
                sell.ok = true;
            } catch (bytes memory reason) {
                sell.revertData = reason;
                return sell;
            }
        }
        sell.tokensOut = before - IERC20Like(token).balanceOf(address(this));
        sell.tokensIn = IERC20Like(token).balanceOf(pool) - poolBefore;
        sell.quote = (takeNative ? address(this).balance : IERC20Like(quote).balanceOf(address(this))) - quoteBefore;
    }

    // ---- V3-style pools: the pool calls back for what it is owed.

    function simulateV3(address pool, address token, address wrappedNative, uint256 nativeIn, uint8 stages, uint16 sellShareBps, Funding calldata funding)
        external
        returns (Leg memory buy, Leg memory sell, Leg memory transfer)
    {
        if (stages & BUY != 0) {
            buy = _v3BuyStage(pool, token, wrappedNative, nativeIn, funding);
            if (!buy.ok || buy.tokensIn == 0) return (buy, sell, transfer);
        }
        if (stages & SELL == 0) return (buy, sell, transfer);
        uint256 share = _share(token, sellShareBps);
        if (share == 0) return (buy, sell, transfer);
        transfer = _transferTest(token, share);
        sell = _v3SellStage(pool, token, wrappedNative, share - share / 10, funding);
    }

    function _v3BuyStage(address pool, address token, address wrappedNative, uint256 nativeIn, Funding calldata funding) internal returns (Leg memory buy) {
        address quote = _quoteOf(funding, wrappedNative);
        buy = _buyFromV3(pool, token, quote, IV3PoolLike(pool).token0() == quote, _fundOrWrap(funding, wrappedNative, nativeIn));
        if (buy.ok) buy.native = funding.via == NONE ? buy.quote : nativeIn;
    }

    function _v3SellStage(address pool, address token, address wrappedNative, uint256 selling, Funding calldata funding) internal returns (Leg memory sell) {
        address quote = _quoteOf(funding, wrappedNative);
        sell = _sellIntoV3(pool, token, quote, IV3PoolLike(pool).token0() == quote, selling);
        sell.native = funding.via == NONE ? sell.quote : _unfund(funding, wrappedNative, sell.quote);
    }

    function _buyFromV3(address pool, address token, address quote, bool quoteIsToken0, uint256 amountIn) internal returns (Leg memory buy) {
        uint256 quoteBefore = IERC20Like(quote).balanceOf(address(this));
        uint256 poolBefore = IERC20Like(token).balanceOf(pool);
        try IV3PoolLike(pool).swap(address(this), quoteIsToken0, int256(amountIn), quoteIsToken0 ? MIN_SQRT_PRICE_LIMIT : MAX_SQRT_PRICE_LIMIT, "") {
            buy.ok = true;
        } catch (bytes memory reason) {
            buy.revertData = reason;
            return buy;
        }
        buy.tokensOut = poolBefore - IERC20Like(token).balanceOf(pool);
        buy.tokensIn = IERC20Like(token).balanceOf(address(this));
        // What the pool took: a price limit may leave part of the input unspent.
        buy.quote = quoteBefore - IERC20Like(quote).balanceOf(address(this));
    }

    function _sellIntoV3(address pool, address token, address quote, bool quoteIsToken0, uint256 selling) internal returns (Leg memory sell) {
        uint256 before = IERC20Like(token).balanceOf(address(this));
        if (selling > before) selling = before;
        uint256 quoteBefore = IERC20Like(quote).balanceOf(address(this));
        uint256 poolBefore = IERC20Like(token).balanceOf(pool);
        try IV3PoolLike(pool).swap(address(this), !quoteIsToken0, int256(selling), quoteIsToken0 ? MAX_SQRT_PRICE_LIMIT : MIN_SQRT_PRICE_LIMIT, "") {
            sell.ok = true;
        } catch (bytes memory reason) {
            sell.revertData = reason;
            return sell;
        }
        sell.tokensOut = before - IERC20Like(token).balanceOf(address(this));
        sell.tokensIn = IERC20Like(token).balanceOf(pool) - poolBefore;
        sell.quote = IERC20Like(quote).balanceOf(address(this)) - quoteBefore;
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

    function simulateSolidly(address pool, address token, address wrappedNative, uint256 nativeIn, uint8 stages, uint16 sellShareBps, Funding calldata funding)
        external
        returns (Leg memory buy, Leg memory sell, Leg memory transfer)
    {
        if (stages & BUY != 0) {
            buy = _buyFromSolidly(pool, token, _quoteOf(funding, wrappedNative), ISolidlyPoolLike(pool).token0() == token, _fundOrWrap(funding, wrappedNative, nativeIn));
            if (!buy.ok) return (buy, sell, transfer);
            buy.native = nativeIn;
            if (buy.tokensIn == 0) return (buy, sell, transfer);
        }
        if (stages & SELL == 0) return (buy, sell, transfer);
        uint256 share = _share(token, sellShareBps);
        if (share == 0) return (buy, sell, transfer);
        transfer = _transferTest(token, share);
        sell = _sellIntoSolidly(pool, token, _quoteOf(funding, wrappedNative), ISolidlyPoolLike(pool).token0() == token, share - share / 10);
        sell.native = funding.via == NONE ? sell.quote : _unfund(funding, wrappedNative, sell.quote);
    }

    function _buyFromSolidly(address pool, address token, address quote, bool tokenIsToken0, uint256 amountIn) internal returns (Leg memory buy) {
        _transferOrRevert(quote, pool, amountIn);
        uint256 out = ISolidlyPoolLike(pool).getAmountOut(amountIn, quote);
        try ISolidlyPoolLike(pool).swap(tokenIsToken0 ? out : 0, tokenIsToken0 ? 0 : out, address(this), "") {
            buy.ok = true;
        } catch (bytes memory reason) {
            buy.revertData = reason;
            return buy;
        }
        buy.tokensOut = out;
        buy.tokensIn = IERC20Like(token).balanceOf(address(this));
        buy.quote = amountIn;
    }

    function _sellIntoSolidly(address pool, address token, address quote, bool tokenIsToken0, uint256 selling) internal returns (Leg memory sell) {
        uint256 before = IERC20Like(token).balanceOf(address(this));
        if (selling > before) selling = before;
        (bool sent, bytes memory refusal) = _tokenCall(token, abi.encodeWithSelector(ITransferLike.transfer.selector, pool, selling));
        if (!sent) {
            sell.revertData = refusal;
            return sell;
        }
        (uint256 reserve0, uint256 reserve1,) = ISolidlyPoolLike(pool).getReserves();
        uint256 quoteBefore = IERC20Like(quote).balanceOf(address(this));
        // What reached the pool, after any transfer tax, is what it trades.
        sell.tokensIn = IERC20Like(token).balanceOf(pool) - (tokenIsToken0 ? reserve0 : reserve1);
        sell.tokensOut = before - IERC20Like(token).balanceOf(address(this));
        uint256 quoteOut = ISolidlyPoolLike(pool).getAmountOut(sell.tokensIn, token);
        try ISolidlyPoolLike(pool).swap(tokenIsToken0 ? 0 : quoteOut, tokenIsToken0 ? quoteOut : 0, address(this), "") {
            sell.ok = true;
        } catch (bytes memory reason) {
            sell.revertData = reason;
            return sell;
        }
        sell.quote = IERC20Like(quote).balanceOf(address(this)) - quoteBefore;
    }

    // ---- The quote asset, when it is not the native coin: bought in its pool against the wrapped native coin, and sold back there.

    /// The pool's quote asset: the wrapped native coin unless the funding names another.
    function _quoteOf(Funding calldata funding, address wrappedNative) internal pure returns (address) {
        return funding.via == NONE ? wrappedNative : funding.quote;
    }

    /// The quote asset the buy spends: the native coin wrapped when the pool trades the wrapped token, else bought with it.
    function _fundOrWrap(Funding calldata funding, address wrappedNative, uint256 nativeIn) internal returns (uint256) {
        if (funding.via != NONE) return _fund(funding, wrappedNative, nativeIn);
        IWrappedNativeLike(wrappedNative).deposit{value: nativeIn}();
        return nativeIn;
    }

    /// The native coin could not buy the quote asset: no leg of the token's ran, so the whole call reverts with this, the pool's own revert inside.
    error QuoteNotBought(address quote, bytes reason);

    /// Buys the quote asset with `nativeIn` of the native coin.
    function _fund(Funding calldata funding, address wrappedNative, uint256 nativeIn) internal returns (uint256) {
        uint256 before = IERC20Like(funding.quote).balanceOf(address(this));
        if (funding.via == VIA_ROUTER) {
            address[] memory path = new address[](2);
            path[0] = wrappedNative;
            path[1] = funding.quote;
            try IRouterLike(funding.router).swapExactETHForTokensSupportingFeeOnTransferTokens{value: nativeIn}(0, path, address(this), block.timestamp) {}
            catch (bytes memory reason) {
                revert QuoteNotBought(funding.quote, reason);
            }
        } else {
            IWrappedNativeLike(wrappedNative).deposit{value: nativeIn}();
            (bool bought, bytes memory reason) = _swapInPool(funding, wrappedNative, funding.quote, nativeIn);
            if (!bought) revert QuoteNotBought(funding.quote, reason);
        }
        return IERC20Like(funding.quote).balanceOf(address(this)) - before;
    }

    /// Sells what the token's sell brought of the quote asset back to the native coin (its wrapped token
    /// through a pool); 0 when that reverts, which says nothing about the token.
    function _unfund(Funding calldata funding, address wrappedNative, uint256 amount) internal returns (uint256) {
        if (amount == 0) return 0;
        if (funding.via == VIA_ROUTER) {
            uint256 nativeBefore = address(this).balance;
            address[] memory path = new address[](2);
            path[0] = funding.quote;
            path[1] = wrappedNative;
            _approve(funding.quote, funding.router, amount);
            try IRouterLike(funding.router).swapExactTokensForETHSupportingFeeOnTransferTokens(amount, 0, path, address(this), block.timestamp) {
                return address(this).balance - nativeBefore;
            } catch {
                return 0;
            }
        }
        uint256 wrappedBefore = IERC20Like(wrappedNative).balanceOf(address(this));
        (bool sold,) = _swapInPool(funding, funding.quote, wrappedNative, amount);
        if (!sold) return 0;
        return IERC20Like(wrappedNative).balanceOf(address(this)) - wrappedBefore;
    }

    /// `amountIn` of `tokenIn` (held) for `tokenOut` in the funding pool, as a router would; false, with the revert, when the pool or the asset refused.
    function _swapInPool(Funding calldata funding, address tokenIn, address tokenOut, uint256 amountIn) internal returns (bool, bytes memory) {
        if (funding.via == VIA_V3) {
            bool zeroForOne = IV3PoolLike(funding.pool).token0() == tokenIn;
            try IV3PoolLike(funding.pool).swap(address(this), zeroForOne, int256(amountIn), zeroForOne ? MIN_SQRT_PRICE_LIMIT : MAX_SQRT_PRICE_LIMIT, "") {
                return (true, "");
            } catch (bytes memory reason) {
                return (false, reason);
            }
        }
        (bool sent, bytes memory refusal) = _tokenCall(tokenIn, abi.encodeWithSelector(ITransferLike.transfer.selector, funding.pool, amountIn));
        if (!sent) return (false, refusal);
        uint256 out = ISolidlyPoolLike(funding.pool).getAmountOut(amountIn, tokenIn);
        bool outIsToken0 = ISolidlyPoolLike(funding.pool).token0() == tokenOut;
        try ISolidlyPoolLike(funding.pool).swap(outIsToken0 ? out : 0, outIsToken0 ? 0 : out, address(this), "") {
            return (true, "");
        } catch (bytes memory reason) {
            return (false, reason);
        }
    }

    /// approve() that takes an empty answer as success, setting zero first where a token (USDT) refuses to change a standing allowance.
    function _approve(address token, address spender, uint256 amount) internal {
        (bool ok,) = _tokenCall(token, abi.encodeWithSelector(IERC20Like.approve.selector, spender, amount));
        if (ok) return;
        _tokenCall(token, abi.encodeWithSelector(IERC20Like.approve.selector, spender, 0));
        _tokenCall(token, abi.encodeWithSelector(IERC20Like.approve.selector, spender, amount));
    }

    // ---- Uniswap V4: every trade runs inside the PoolManager's unlock callback.

    address private unlockingManager;

    function simulateV4(address poolManager, PoolKey calldata key, address token, address wrappedNative, uint256 nativeIn, uint8 stages, uint16 sellShareBps, Funding calldata funding)
        external
        returns (Leg memory buy, Leg memory sell, Leg memory transfer)
    {
        // The native coin is currency0 when the pool trades it (the zero address sorts first).
        address quote = key.currency0 == token ? key.currency1 : key.currency0;
        unlockingManager = poolManager;
        if (stages & BUY != 0) {
            uint256 amountIn = nativeIn;
            if (funding.via != NONE) amountIn = _fund(funding, wrappedNative, nativeIn);
            else if (quote != address(0)) IWrappedNativeLike(quote).deposit{value: nativeIn}();
            buy = _buyFromV4(poolManager, key, token, quote, amountIn);
            if (!buy.ok) return (buy, sell, transfer);
            buy.native = nativeIn;
            if (buy.tokensIn == 0) return (buy, sell, transfer);
        }
        if (stages & SELL == 0) return (buy, sell, transfer);
        uint256 share = _share(token, sellShareBps);
        if (share == 0) return (buy, sell, transfer);
        transfer = _transferTest(token, share);
        sell = _sellIntoV4(poolManager, key, token, quote, share - share / 10);
        sell.native = funding.via == NONE ? sell.quote : _unfund(funding, wrappedNative, sell.quote);
    }

    function _buyFromV4(address poolManager, PoolKey calldata key, address token, address quote, uint256 amountIn) internal returns (Leg memory buy) {
        uint256 managerBefore = IERC20Like(token).balanceOf(poolManager);
        try IPoolManagerLike(poolManager).unlock(abi.encode(key, quote, amountIn)) {
            buy.ok = true;
        } catch (bytes memory reason) {
            buy.revertData = reason;
            return buy;
        }
        buy.tokensOut = managerBefore - IERC20Like(token).balanceOf(poolManager);
        buy.tokensIn = IERC20Like(token).balanceOf(address(this));
        buy.quote = amountIn;
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
        sell.quote = (quote == address(0) ? address(this).balance : IERC20Like(quote).balanceOf(address(this))) - quoteBefore;
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
