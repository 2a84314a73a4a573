// SPDX-License-Identifier: MIT
// Fixture tokens for pools against a stablecoin alone: an ordinary token, one that takes a tax on
// sells to its pools, and a honeypot that refuses sells to its pools. The deployer is exempt (it
// seeds the pools); the pools are named after they are opened.
pragma solidity ^0.8.24;

contract QuotedPoolToken {
    string public name;
    string public constant symbol = "QPT";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    address private immutable _deployer;
    /// Taken from every sell to a pool, in basis points, kept by the deployer.
    uint256 private immutable _sellTaxBps;
    /// A honeypot: every sell to a pool reverts.
    bool private immutable _refusesSells;
    mapping(address => bool) private _pools;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, uint256 supply, uint256 sellTaxBps, bool refusesSells) {
        name = name_;
        _deployer = msg.sender;
        _sellTaxBps = sellTaxBps;
        _refusesSells = refusesSells;
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function markPool(address pool) external {
        require(msg.sender == _deployer, "not the deployer");
        _pools[pool] = true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - amount;
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) internal {
        balanceOf[from] -= amount;
        uint256 tax;
        if (_pools[to] && from != _deployer) {
            require(!_refusesSells, "sells are closed");
            tax = (amount * _sellTaxBps) / 10_000;
        }
        if (tax > 0) {
            balanceOf[_deployer] += tax;
            emit Transfer(from, _deployer, tax);
        }
        balanceOf[to] += amount - tax;
        emit Transfer(from, to, amount - tax);
    }
}

/// A further quote asset (a BTC wrapper) for a registry address the demo chain leaves empty: its
/// runtime code is copied there, so its decimals are an immutable and anyone may mint. Frozen, it
/// moves for no one (as an issuer's pause would), so nothing can buy it.
contract QuoteAssetFixture {
    uint8 public immutable decimals;
    uint256 public totalSupply;
    bool public frozen;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(uint8 decimals_) {
        decimals = decimals_;
    }

    function mint(address to, uint256 amount) external {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function freeze() external {
        frozen = true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        require(!frozen, "frozen");
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
        emit Transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        require(!frozen, "frozen");
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - amount;
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
        return true;
    }
}

struct V4Key {
    address currency0;
    address currency1;
    uint24 fee;
    int24 tickSpacing;
    address hooks;
}

struct V4ModifyLiquidityParams {
    int24 tickLower;
    int24 tickUpper;
    int256 liquidityDelta;
    bytes32 salt;
}

interface IV4ManagerLike {
    function initialize(V4Key memory key, uint160 sqrtPriceX96) external returns (int24);
    function unlock(bytes calldata data) external returns (bytes memory);
    function modifyLiquidity(V4Key memory key, V4ModifyLiquidityParams memory params, bytes calldata hookData) external returns (int256, int256);
    function sync(address currency) external;
    function settle() external payable returns (uint256);
}

interface IFixtureTokenLike {
    function transfer(address to, uint256 amount) external returns (bool);
}

/// Opens a Uniswap V4 pool of two ERC-20s and adds liquidity to it inside the PoolManager's unlock,
/// paying what the manager asks from what this contract holds (the PositionManager's work, without
/// its NFT or Permit2).
contract V4LiquidityFixture {
    IV4ManagerLike public immutable manager;

    constructor(IV4ManagerLike manager_) {
        manager = manager_;
    }

    function open(V4Key calldata key, uint160 sqrtPriceX96, int24 tickLower, int24 tickUpper, int256 liquidity) external {
        manager.initialize(key, sqrtPriceX96);
        manager.unlock(abi.encode(key, tickLower, tickUpper, liquidity));
    }

    function unlockCallback(bytes calldata data) external returns (bytes memory) {
        require(msg.sender == address(manager), "not the manager");
        (V4Key memory key, int24 tickLower, int24 tickUpper, int256 liquidity) = abi.decode(data, (V4Key, int24, int24, int256));
        (int256 delta,) = manager.modifyLiquidity(key, V4ModifyLiquidityParams(tickLower, tickUpper, liquidity, bytes32(0)), "");
        _pay(key.currency0, int128(delta >> 128));
        _pay(key.currency1, int128(delta));
        return "";
    }

    function _pay(address currency, int128 amount) internal {
        if (amount >= 0) return;
        manager.sync(currency);
        IFixtureTokenLike(currency).transfer(address(manager), uint256(uint128(-amount)));
        manager.settle();
    }
}
