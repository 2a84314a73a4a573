// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Initializable} from "@openzeppelin/contracts/proxy/utils/Initializable.sol";
import {BeaconProxy} from "@openzeppelin/contracts/proxy/beacon/BeaconProxy.sol";
import {UpgradeableBeacon} from "@openzeppelin/contracts/proxy/beacon/UpgradeableBeacon.sol";

// Proxy kinds the EIP-1967 slots do not show, each written from its public interface:
// - the older unstructured-storage proxy of ZeppelinOS (AdminUpgradeabilityProxy), which USDC's
//   proxy still is, with a stablecoin-style implementation (minters, a blacklister, a pauser);
// - a token behind OpenZeppelin's BeaconProxy, its logic wherever the beacon points;
// - an EIP-2535 diamond: the cut and the loupe in the diamond, the token in a facet.

/// @notice A stablecoin-style token: an owner who names the minter, the blacklister and the
/// pauser; blacklisted wallets can neither send nor receive; a pause stops every transfer.
contract FiatStyleToken is ERC20, Ownable, Initializable {
    address public masterMinter;
    address public blacklister;
    address public pauser;
    bool public paused;
    mapping(address => bool) public isBlacklisted;

    constructor() ERC20("", "") Ownable(msg.sender) {
        _disableInitializers();
    }

    function initialize(address initialOwner, uint256 supply) external initializer {
        _transferOwnership(initialOwner);
        masterMinter = initialOwner;
        blacklister = initialOwner;
        pauser = initialOwner;
        _mint(initialOwner, supply);
    }

    function name() public pure override returns (string memory) {
        return "Fiat Style Demo Dollar";
    }

    function symbol() public pure override returns (string memory) {
        return "FSUSD";
    }

    function mint(address to, uint256 amount) external returns (bool) {
        require(msg.sender == masterMinter, "FiatToken: caller is not a minter");
        _mint(to, amount);
        return true;
    }

    function blacklist(address account) external {
        require(msg.sender == blacklister, "Blacklistable: caller is not the blacklister");
        isBlacklisted[account] = true;
    }

    function unBlacklist(address account) external {
        require(msg.sender == blacklister, "Blacklistable: caller is not the blacklister");
        isBlacklisted[account] = false;
    }

    function pause() external {
        require(msg.sender == pauser, "Pausable: caller is not the pauser");
        paused = true;
    }

    function unpause() external {
        require(msg.sender == pauser, "Pausable: caller is not the pauser");
        paused = false;
    }

    function _update(address from, address to, uint256 value) internal override {
        require(!paused, "Pausable: paused");
        require(!isBlacklisted[from] && !isBlacklisted[to], "Blacklistable: account is blacklisted");
        super._update(from, to, value);
    }
}

/// @notice ZeppelinOS's AdminUpgradeabilityProxy: the implementation and the admin in slots named
/// by keccak256 of a string (no "- 1", unlike EIP-1967). The admin's calls to the admin functions
/// are answered by the proxy; everyone else's go to the implementation.
contract ZeppelinOsUpgradeabilityProxy {
    bytes32 private constant IMPLEMENTATION_SLOT = 0x7050c9e0f4ca769c69bd3a8ef740bc37934f8e2c036e5a723fd8ee048ed3f8c3;
    bytes32 private constant ADMIN_SLOT = 0x10d6a54a4754c8869d6886b5f5d7fbfa5b4522237ea5c60d11bc4e7a1ff9390b;

    event Upgraded(address implementation);
    event AdminChanged(address previousAdmin, address newAdmin);

    constructor(address implementation_, address admin_, bytes memory data) {
        _setImplementation(implementation_);
        _setAdmin(admin_);
        if (data.length > 0) {
            (bool ok, ) = implementation_.delegatecall(data);
            require(ok, "initialization failed");
        }
    }

    modifier ifAdmin() {
        if (msg.sender == _admin()) {
            _;
        } else {
            _delegate(_implementation());
        }
    }

    function admin() external ifAdmin returns (address) {
        return _admin();
    }

    function implementation() external ifAdmin returns (address) {
        return _implementation();
    }

    function changeAdmin(address newAdmin) external ifAdmin {
        emit AdminChanged(_admin(), newAdmin);
        _setAdmin(newAdmin);
    }

    function upgradeTo(address newImplementation) external ifAdmin {
        _setImplementation(newImplementation);
        emit Upgraded(newImplementation);
    }

    fallback() external payable {
        require(msg.sender != _admin(), "Cannot call fallback function from the proxy admin");
        _delegate(_implementation());
    }

    function _implementation() internal view returns (address impl) {
        bytes32 slot = IMPLEMENTATION_SLOT;
        assembly {
            impl := sload(slot)
        }
    }

    function _admin() internal view returns (address adm) {
        bytes32 slot = ADMIN_SLOT;
        assembly {
            adm := sload(slot)
        }
    }

    function _setImplementation(address impl) internal {
        require(impl.code.length > 0, "Cannot set a proxy implementation to a non-contract address");
        bytes32 slot = IMPLEMENTATION_SLOT;
        assembly {
            sstore(slot, impl)
        }
    }

    function _setAdmin(address adm) internal {
        bytes32 slot = ADMIN_SLOT;
        assembly {
            sstore(slot, adm)
        }
    }

    function _delegate(address impl) internal {
        assembly {
            calldatacopy(0, 0, calldatasize())
            let result := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch result
            case 0 {
                revert(0, returndatasize())
            }
            default {
                return(0, returndatasize())
            }
        }
    }
}

/// @notice The logic behind a beacon: an owned token whose owner can mint.
contract BeaconTokenLogic is ERC20, Ownable, Initializable {
    constructor() ERC20("", "") Ownable(msg.sender) {
        _disableInitializers();
    }

    function initialize(address initialOwner, uint256 supply) external initializer {
        _transferOwnership(initialOwner);
        _mint(initialOwner, supply);
    }

    function name() public pure override returns (string memory) {
        return "Beacon Proxy Demo Token";
    }

    function symbol() public pure override returns (string memory) {
        return "BEACON";
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}

/// @notice The beacon and the proxy, compiled here so the demo chain can deploy them.
contract DemoUpgradeableBeacon is UpgradeableBeacon {
    constructor(address implementation_, address initialOwner) UpgradeableBeacon(implementation_, initialOwner) {}
}

contract DemoBeaconProxy is BeaconProxy {
    constructor(address beacon, bytes memory data) payable BeaconProxy(beacon, data) {}
}

/// @notice The storage every facet of the demo diamond shares, at one fixed slot (the diamond
/// storage pattern of EIP-2535).
library DiamondTokenStorage {
    bytes32 internal constant POSITION = keccak256("demo.diamond.token.storage");

    struct Layout {
        address owner;
        mapping(bytes4 => address) facetOf;
        bytes4[] selectors;
        mapping(address => uint256) balances;
        mapping(address => mapping(address => uint256)) allowances;
        uint256 totalSupply;
    }

    function layout() internal pure returns (Layout storage l) {
        bytes32 position = POSITION;
        assembly {
            l.slot := position
        }
    }
}

/// @notice A minimal EIP-2535 diamond: diamondCut (owner only), the loupe, ERC-173 ownership; every
/// other call goes to the facet that holds its selector.
contract DemoDiamond {
    enum FacetCutAction {
        Add,
        Replace,
        Remove
    }

    struct FacetCut {
        address facetAddress;
        FacetCutAction action;
        bytes4[] functionSelectors;
    }

    struct Facet {
        address facetAddress;
        bytes4[] functionSelectors;
    }

    event DiamondCut(FacetCut[] _diamondCut, address _init, bytes _calldata);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor(address owner_) {
        DiamondTokenStorage.layout().owner = owner_;
        emit OwnershipTransferred(address(0), owner_);
    }

    function owner() external view returns (address) {
        return DiamondTokenStorage.layout().owner;
    }

    function transferOwnership(address newOwner) external {
        DiamondTokenStorage.Layout storage l = DiamondTokenStorage.layout();
        require(msg.sender == l.owner, "LibDiamond: Must be contract owner");
        emit OwnershipTransferred(l.owner, newOwner);
        l.owner = newOwner;
    }

    function diamondCut(FacetCut[] calldata cuts, address init, bytes calldata data) external {
        DiamondTokenStorage.Layout storage l = DiamondTokenStorage.layout();
        require(msg.sender == l.owner, "LibDiamond: Must be contract owner");
        for (uint256 i = 0; i < cuts.length; i++) {
            for (uint256 j = 0; j < cuts[i].functionSelectors.length; j++) {
                bytes4 selector = cuts[i].functionSelectors[j];
                if (cuts[i].action == FacetCutAction.Remove) {
                    _removeSelector(l, selector);
                } else {
                    if (l.facetOf[selector] == address(0)) l.selectors.push(selector);
                    l.facetOf[selector] = cuts[i].facetAddress;
                }
            }
        }
        emit DiamondCut(cuts, init, data);
        if (init != address(0)) {
            (bool ok, ) = init.delegatecall(data);
            require(ok, "LibDiamondCut: _init function reverted");
        }
    }

    function _removeSelector(DiamondTokenStorage.Layout storage l, bytes4 selector) private {
        l.facetOf[selector] = address(0);
        for (uint256 k = 0; k < l.selectors.length; k++) {
            if (l.selectors[k] == selector) {
                l.selectors[k] = l.selectors[l.selectors.length - 1];
                l.selectors.pop();
                return;
            }
        }
    }

    function facetAddresses() public view returns (address[] memory addresses) {
        DiamondTokenStorage.Layout storage l = DiamondTokenStorage.layout();
        address[] memory found = new address[](l.selectors.length);
        uint256 count;
        for (uint256 i = 0; i < l.selectors.length; i++) {
            address facet = l.facetOf[l.selectors[i]];
            bool seen;
            for (uint256 k = 0; k < count; k++) if (found[k] == facet) seen = true;
            if (!seen) found[count++] = facet;
        }
        addresses = new address[](count);
        for (uint256 i = 0; i < count; i++) addresses[i] = found[i];
    }

    function facetFunctionSelectors(address facet) public view returns (bytes4[] memory selectors) {
        DiamondTokenStorage.Layout storage l = DiamondTokenStorage.layout();
        bytes4[] memory found = new bytes4[](l.selectors.length);
        uint256 count;
        for (uint256 i = 0; i < l.selectors.length; i++) if (l.facetOf[l.selectors[i]] == facet) found[count++] = l.selectors[i];
        selectors = new bytes4[](count);
        for (uint256 i = 0; i < count; i++) selectors[i] = found[i];
    }

    function facets() external view returns (Facet[] memory all) {
        address[] memory addresses = facetAddresses();
        all = new Facet[](addresses.length);
        for (uint256 i = 0; i < addresses.length; i++) all[i] = Facet(addresses[i], facetFunctionSelectors(addresses[i]));
    }

    function facetAddress(bytes4 selector) external view returns (address) {
        return DiamondTokenStorage.layout().facetOf[selector];
    }

    fallback() external payable {
        address facet = DiamondTokenStorage.layout().facetOf[msg.sig];
        require(facet != address(0), "Diamond: Function does not exist");
        assembly {
            calldatacopy(0, 0, calldatasize())
            let result := delegatecall(gas(), facet, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch result
            case 0 {
                revert(0, returndatasize())
            }
            default {
                return(0, returndatasize())
            }
        }
    }

    receive() external payable {}
}

/// @notice The diamond's token facet: ERC-20 over the diamond's storage, and a mint for the
/// diamond's owner.
contract DiamondTokenFacet {
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function name() external pure returns (string memory) {
        return "Diamond Demo Token";
    }

    function symbol() external pure returns (string memory) {
        return "DIAMOND";
    }

    function decimals() external pure returns (uint8) {
        return 18;
    }

    function totalSupply() external view returns (uint256) {
        return DiamondTokenStorage.layout().totalSupply;
    }

    function balanceOf(address account) external view returns (uint256) {
        return DiamondTokenStorage.layout().balances[account];
    }

    function allowance(address holder, address spender) external view returns (uint256) {
        return DiamondTokenStorage.layout().allowances[holder][spender];
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        DiamondTokenStorage.layout().allowances[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        DiamondTokenStorage.Layout storage l = DiamondTokenStorage.layout();
        uint256 allowed = l.allowances[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "ERC20: insufficient allowance");
            l.allowances[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function mint(address to, uint256 amount) external {
        DiamondTokenStorage.Layout storage l = DiamondTokenStorage.layout();
        require(msg.sender == l.owner, "LibDiamond: Must be contract owner");
        l.totalSupply += amount;
        l.balances[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function _transfer(address from, address to, uint256 amount) private {
        DiamondTokenStorage.Layout storage l = DiamondTokenStorage.layout();
        require(l.balances[from] >= amount, "ERC20: transfer amount exceeds balance");
        l.balances[from] -= amount;
        l.balances[to] += amount;
        emit Transfer(from, to, amount);
    }
}
