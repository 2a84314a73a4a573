// SPDX-License-Identifier: MIT
// Bench-only (bench/busy-token.ts places it with anvil_setCode): makes a token busy on a local
// chain — hundreds of transfers and swaps per transaction — so the reads can be measured on tens
// of thousands of logs.
pragma solidity ^0.8.24;

interface IERC20Min {
    function transfer(address to, uint256 amount) external returns (bool);
    function approve(address spender, uint256 amount) external returns (bool);
    function balanceOf(address account) external view returns (uint256);
}

interface IV2Router {
    function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] calldata path, address to, uint256 deadline) external payable;
    function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline) external;
}

contract BusyTrader {
    /// `count` transfers of `amount`, to consecutive fresh addresses from `firstRecipient` on.
    function spray(address token, uint160 firstRecipient, uint256 count, uint256 amount) external {
        for (uint256 i = 0; i < count; i++) IERC20Min(token).transfer(address(firstRecipient + uint160(i)), amount);
    }

    /// `count` swaps through a V2 router, buys and sells in turn (each sell a tenth of what is held).
    function trade(address router, address wrapped, address token, uint256 count, uint256 nativeEach) external {
        address[] memory buyPath = new address[](2);
        (buyPath[0], buyPath[1]) = (wrapped, token);
        address[] memory sellPath = new address[](2);
        (sellPath[0], sellPath[1]) = (token, wrapped);
        IERC20Min(token).approve(router, type(uint256).max);
        for (uint256 i = 0; i < count; i++) {
            if (i % 2 == 0) {
                IV2Router(router).swapExactETHForTokensSupportingFeeOnTransferTokens{value: nativeEach}(0, buyPath, address(this), type(uint256).max);
            } else {
                IV2Router(router).swapExactTokensForETHSupportingFeeOnTransferTokens(IERC20Min(token).balanceOf(address(this)) / 10, 0, sellPath, address(this), type(uint256).max);
            }
        }
    }

    receive() external payable {}
}
