// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// What the demo chain's Slipstream SwapRouter and position manager share: the factory and WETH9
// they are built for, pool addresses derived from the factory's clone implementation, paying the
// pool from the caller (or from ETH sent along, wrapped), and the multicall / unwrapWETH9 /
// sweepToken / refundETH helpers wallets combine them with.

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";

interface ISlipstreamFactoryView {
    function poolImplementation() external view returns (address);
}

interface ISlipstreamWETH9 {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
}

abstract contract SlipstreamPeriphery {
    using SafeERC20 for IERC20;

    address public immutable factory;
    address public immutable WETH9;

    constructor(address _factory, address _WETH9) {
        factory = _factory;
        WETH9 = _WETH9;
    }

    receive() external payable {
        require(msg.sender == WETH9, "Not WETH9");
    }

    modifier checkDeadline(uint256 deadline) {
        require(block.timestamp <= deadline, "Transaction too old");
        _;
    }

    /// Runs each call on this contract in turn (with the same msg.value), reverting them all if one fails.
    function multicall(bytes[] calldata data) external payable returns (bytes[] memory results) {
        results = new bytes[](data.length);
        for (uint256 i = 0; i < data.length; i++) {
            (bool ok, bytes memory result) = address(this).delegatecall(data[i]);
            if (!ok) {
                assembly {
                    revert(add(result, 32), mload(result))
                }
            }
            results[i] = result;
        }
    }

    function unwrapWETH9(uint256 amountMinimum, address recipient) public payable {
        uint256 held = IERC20(WETH9).balanceOf(address(this));
        require(held >= amountMinimum, "Insufficient WETH9");
        if (held > 0) {
            ISlipstreamWETH9(WETH9).withdraw(held);
            _sendETH(recipient, held);
        }
    }

    function sweepToken(address token, uint256 amountMinimum, address recipient) public payable {
        uint256 held = IERC20(token).balanceOf(address(this));
        require(held >= amountMinimum, "Insufficient token");
        if (held > 0) IERC20(token).safeTransfer(recipient, held);
    }

    function refundETH() external payable {
        if (address(this).balance > 0) _sendETH(msg.sender, address(this).balance);
    }

    /// The pool's address whether or not it exists yet.
    function _poolAddress(address tokenA, address tokenB, int24 tickSpacing) internal view returns (address) {
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        return Clones.predictDeterministicAddress(
            ISlipstreamFactoryView(factory).poolImplementation(),
            keccak256(abi.encode(token0, token1, tickSpacing)),
            factory
        );
    }

    /// Pays `value` of `token` to `recipient`: from ETH held here when the token is WETH9, from this
    /// contract's own balance when it is the payer, otherwise from the payer's approval.
    function _pay(address token, address payer, address recipient, uint256 value) internal {
        if (token == WETH9 && address(this).balance >= value) {
            ISlipstreamWETH9(WETH9).deposit{value: value}();
            IERC20(WETH9).safeTransfer(recipient, value);
        } else if (payer == address(this)) {
            IERC20(token).safeTransfer(recipient, value);
        } else {
            IERC20(token).safeTransferFrom(payer, recipient, value);
        }
    }

    function _sendETH(address to, uint256 value) internal {
        (bool ok,) = to.call{value: value}("");
        require(ok, "STE");
    }
}
