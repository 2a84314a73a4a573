// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Initializable} from "@openzeppelin/contracts/proxy/utils/Initializable.sol";

/// @notice Implementation meant to sit behind a TransparentUpgradeableProxy. Constructors do not
/// run in the proxy's storage, so name and symbol are constants and owner and supply come from
/// `initialize`; the storage layout is linear and V2 only appends code.
contract TransparentProxyTokenV1 is ERC20, Ownable, Initializable {
    constructor() ERC20("", "") Ownable(msg.sender) {
        _disableInitializers();
    }

    function initialize(address initialOwner, uint256 supply) external initializer {
        _transferOwnership(initialOwner);
        _mint(initialOwner, supply);
    }

    function name() public pure override returns (string memory) {
        return "Transparent Proxy Demo Token";
    }

    function symbol() public pure override returns (string memory) {
        return "TPROXY";
    }

    function version() external pure virtual returns (uint256) {
        return 1;
    }
}

/// @notice The upgrade: the owner gains a mint, the kind of power an upgrade can quietly add.
contract TransparentProxyTokenV2 is TransparentProxyTokenV1 {
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    function version() external pure override returns (uint256) {
        return 2;
    }
}
