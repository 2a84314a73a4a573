// SPDX-License-Identifier: MIT
// Placed by eth_call state override (never deployed): buys a token through a Uniswap V2 style
// router with the wrapped native coin, then sells what it received, as an ordinary holder
// would, and reports what each leg moved. Buy and sell taxes are measured on token balances
// (what the pool sent against what arrived, what was sent against what the pool received),
// so they hold whatever the DEX fee; a leg that reverts is reported with its revert data.
pragma solidity ^0.8.24;

interface IERC20Like {
    function balanceOf(address account) external view returns (uint256);
    function approve(address spender, uint256 amount) external returns (bool);
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

    receive() external payable {}

    function simulate(address router, address pool, address token, address wrappedNative, uint256 nativeIn)
        external
        returns (Leg memory buy, Leg memory sell)
    {
        address[] memory path = new address[](2);
        path[0] = wrappedNative;
        path[1] = token;
        uint256 poolBefore = IERC20Like(token).balanceOf(pool);
        try IRouterLike(router).swapExactETHForTokensSupportingFeeOnTransferTokens{value: nativeIn}(0, path, address(this), block.timestamp) {
            buy.ok = true;
        } catch (bytes memory reason) {
            buy.revertData = reason;
            return (buy, sell);
        }
        buy.tokensOut = poolBefore - IERC20Like(token).balanceOf(pool);
        buy.tokensIn = IERC20Like(token).balanceOf(address(this));
        buy.native = nativeIn;
        if (buy.tokensIn == 0) return (buy, sell);

        path[0] = token;
        path[1] = wrappedNative;
        uint256 nativeBefore = address(this).balance;
        poolBefore = IERC20Like(token).balanceOf(pool);
        try IERC20Like(token).approve(router, buy.tokensIn) {} catch (bytes memory reason) {
            sell.revertData = reason;
            return (buy, sell);
        }
        try IRouterLike(router).swapExactTokensForETHSupportingFeeOnTransferTokens(buy.tokensIn, 0, path, address(this), block.timestamp) {
            sell.ok = true;
        } catch (bytes memory reason) {
            sell.revertData = reason;
            return (buy, sell);
        }
        sell.tokensOut = buy.tokensIn - IERC20Like(token).balanceOf(address(this));
        sell.tokensIn = IERC20Like(token).balanceOf(pool) - poolBefore;
        sell.native = address(this).balance - nativeBefore;
    }
}
