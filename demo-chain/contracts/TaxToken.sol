// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice Transfer-tax token: a share of every buy (transfer out of a market pair) and every sell
/// (transfer into one) goes to the tax wallet, taken inside the transfer itself, so the taxes show
/// up as a second Transfer event in the same transaction.
contract TaxToken is ERC20, Ownable {
    uint256 private constant BPS = 10_000;

    uint256 public immutable buyTaxBps;
    uint256 public immutable sellTaxBps;
    address public taxWallet;
    mapping(address => bool) public isMarketPair;
    mapping(address => bool) public isExcludedFromTax;

    error TaxTooHigh(uint256 bps);

    constructor(
        string memory name_,
        string memory symbol_,
        uint256 supply,
        uint256 buyTaxBps_,
        uint256 sellTaxBps_,
        address taxWallet_
    ) ERC20(name_, symbol_) Ownable(msg.sender) {
        if (buyTaxBps_ > BPS) revert TaxTooHigh(buyTaxBps_);
        if (sellTaxBps_ > BPS) revert TaxTooHigh(sellTaxBps_);
        buyTaxBps = buyTaxBps_;
        sellTaxBps = sellTaxBps_;
        taxWallet = taxWallet_;
        // The owner seeds liquidity; taxing that would only move tokens between the team's own wallets.
        isExcludedFromTax[msg.sender] = true;
        isExcludedFromTax[taxWallet_] = true;
        _mint(msg.sender, supply);
    }

    function setMarketPair(address pair, bool value) external onlyOwner {
        isMarketPair[pair] = value;
    }

    function setExcludedFromTax(address account, bool value) external onlyOwner {
        isExcludedFromTax[account] = value;
    }

    function _update(address from, address to, uint256 value) internal override {
        uint256 taxBps;
        if (isMarketPair[from] && !isExcludedFromTax[to]) taxBps = buyTaxBps;
        else if (isMarketPair[to] && !isExcludedFromTax[from]) taxBps = sellTaxBps;
        uint256 tax = (value * taxBps) / BPS;
        if (tax > 0) super._update(from, taxWallet, tax);
        super._update(from, to, value - tax);
    }
}
