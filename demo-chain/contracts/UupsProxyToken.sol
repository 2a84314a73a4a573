// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Initializable} from "@openzeppelin/contracts/proxy/utils/Initializable.sol";
import {UUPSUpgradeable} from "@openzeppelin/contracts/proxy/utils/UUPSUpgradeable.sol";

/// @notice Implementation behind a plain ERC1967Proxy: the upgrade logic lives here (UUPS), and
/// the token's owner is the one who may upgrade. The proxy has no admin.
contract UupsProxyTokenV1 is ERC20, Ownable, Initializable, UUPSUpgradeable {
    constructor() ERC20("", "") Ownable(msg.sender) {
        _disableInitializers();
    }

    function initialize(address initialOwner, uint256 supply) external initializer {
        _transferOwnership(initialOwner);
        _mint(initialOwner, supply);
    }

    function name() public pure override returns (string memory) {
        return "UUPS Proxy Demo Token";
    }

    function symbol() public pure override returns (string memory) {
        return "UPROXY";
    }

    function version() external pure virtual returns (uint256) {
        return 1;
    }

    function _authorizeUpgrade(address) internal override onlyOwner {}
}

/// @notice The upgrade: the owner gains a mint.
contract UupsProxyTokenV2 is UupsProxyTokenV1 {
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    function version() external pure override returns (uint256) {
        return 2;
    }
}
