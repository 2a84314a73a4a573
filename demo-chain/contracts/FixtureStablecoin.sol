// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice Stand-in for a chain's main stablecoin. Name, symbol and decimals are compile-time
/// constants so the runtime code placed at the canonical address needs no constructor storage.
/// `mint` has no owner on purpose: it is a test fixture and anyone on the demo chain may mint.
abstract contract FixtureStablecoin is ERC20 {
    constructor() ERC20("", "") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}

/// @notice USD Coin fixture: 6 decimals, as on Ethereum and Base.
contract FixtureUSDC is FixtureStablecoin {
    function name() public pure override returns (string memory) {
        return "USD Coin";
    }

    function symbol() public pure override returns (string memory) {
        return "USDC";
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }
}

/// @notice Tether fixture: 18 decimals, as the Binance-Peg BSC-USD token on BNB Chain.
contract FixtureUSDT is FixtureStablecoin {
    function name() public pure override returns (string memory) {
        return "Tether USD";
    }

    function symbol() public pure override returns (string memory) {
        return "USDT";
    }

    function decimals() public pure override returns (uint8) {
        return 18;
    }
}
