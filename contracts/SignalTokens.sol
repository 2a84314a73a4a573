// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice A honeypot that tries to pass simulations: a sell into its market pair reverts for
/// ordinary holders, but goes through when the seller is a published simulator address or the
/// call has no real sender (tx.origin is the zero address, as in an eth_call without `from`).
contract SimulationDodger is ERC20, Ownable {
    mapping(address => bool) public isMarketPair;
    mapping(address => bool) public isWhitelisted;

    error TradingRestricted(address from);

    constructor(string memory name_, string memory symbol_, uint256 supply, address[] memory knownSimulators)
        ERC20(name_, symbol_)
        Ownable(msg.sender)
    {
        isWhitelisted[msg.sender] = true;
        for (uint256 i = 0; i < knownSimulators.length; i++) isWhitelisted[knownSimulators[i]] = true;
        _mint(msg.sender, supply);
    }

    function setMarketPair(address pair, bool value) external onlyOwner {
        isMarketPair[pair] = value;
    }

    function _update(address from, address to, uint256 value) internal override {
        if (isMarketPair[to] && !isWhitelisted[from] && tx.origin != address(0)) revert TradingRestricted(from);
        super._update(from, to, value);
    }
}
