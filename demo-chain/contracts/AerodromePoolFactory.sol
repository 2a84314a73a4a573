// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Demo-chain stand-in for Aerodrome's classic PoolFactory, written here from the public
// IPoolFactory interface: pools are EIP-1167 clones of one implementation at the CREATE2 address
// salted with keccak256(abi.encodePacked(token0, token1, stable)), so routers derive them as on
// Base; fees are per pool in basis points (defaults 0.05% stable, 0.30% volatile). The roles a
// constructor hands to its deployer on Base (voter, pauser, fee manager) go to `admin` here.

import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";

interface IAerodromePoolInit {
    function initialize(address token0, address token1, bool stable) external;
}

contract AerodromePoolFactory {
    error FeeInvalid();
    error FeeTooHigh();
    error InvalidPool();
    error NotFeeManager();
    error NotPauser();
    error NotVoter();
    error PoolAlreadyExists();
    error SameAddress();
    error ZeroAddress();
    error ZeroFee();

    event PoolCreated(address indexed token0, address indexed token1, bool indexed stable, address pool, uint256);
    event SetCustomFee(address indexed pool, uint256 fee);
    event SetFeeManager(address indexed feeManager);
    event SetPauseState(bool indexed state);
    event SetPauser(address indexed pauser);
    event SetVoter(address indexed voter);

    uint256 public constant MAX_FEE = 100; // 1%
    /// A custom fee of zero is stored as this, since zero means "no custom fee".
    uint256 public constant ZERO_FEE_INDICATOR = 420;

    address public immutable implementation;

    bool public isPaused;
    address public pauser;
    address public feeManager;
    address public voter;
    uint256 public stableFee;
    uint256 public volatileFee;

    mapping(address => mapping(address => mapping(bool => address))) internal _pools;
    address[] public allPools;
    mapping(address => bool) internal _isPool;
    mapping(address => uint256) public customFee;

    constructor(address _implementation, address admin) {
        implementation = _implementation;
        voter = admin;
        pauser = admin;
        feeManager = admin;
        stableFee = 5;
        volatileFee = 30;
    }

    function allPoolsLength() external view returns (uint256) {
        return allPools.length;
    }

    function isPool(address pool) external view returns (bool) {
        return _isPool[pool];
    }

    function getPool(address tokenA, address tokenB, bool stable) external view returns (address) {
        return _pools[tokenA][tokenB][stable];
    }

    /// The V3-style lookup: fee 1 is the stable pool, 0 the volatile one, anything else none.
    function getPool(address tokenA, address tokenB, uint24 fee) external view returns (address) {
        if (fee > 1) return address(0);
        return _pools[tokenA][tokenB][fee == 1];
    }

    function getFee(address pool, bool stable) public view returns (uint256) {
        uint256 fee = customFee[pool];
        if (fee == ZERO_FEE_INDICATOR) return 0;
        if (fee != 0) return fee;
        return stable ? stableFee : volatileFee;
    }

    function createPool(address tokenA, address tokenB, uint24 fee) external returns (address pool) {
        if (fee > 1) revert FeeInvalid();
        return createPool(tokenA, tokenB, fee == 1);
    }

    function createPool(address tokenA, address tokenB, bool stable) public returns (address pool) {
        if (tokenA == tokenB) revert SameAddress();
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        if (token0 == address(0)) revert ZeroAddress();
        if (_pools[token0][token1][stable] != address(0)) revert PoolAlreadyExists();
        pool = Clones.cloneDeterministic(implementation, keccak256(abi.encodePacked(token0, token1, stable)));
        IAerodromePoolInit(pool).initialize(token0, token1, stable);
        _pools[token0][token1][stable] = pool;
        _pools[token1][token0][stable] = pool;
        allPools.push(pool);
        _isPool[pool] = true;
        emit PoolCreated(token0, token1, stable, pool, allPools.length);
    }

    function setVoter(address _voter) external {
        if (msg.sender != voter) revert NotVoter();
        voter = _voter;
        emit SetVoter(_voter);
    }

    function setPauser(address _pauser) external {
        if (msg.sender != pauser) revert NotPauser();
        if (_pauser == address(0)) revert ZeroAddress();
        pauser = _pauser;
        emit SetPauser(_pauser);
    }

    function setPauseState(bool state) external {
        if (msg.sender != pauser) revert NotPauser();
        isPaused = state;
        emit SetPauseState(state);
    }

    function setFeeManager(address _feeManager) external {
        if (msg.sender != feeManager) revert NotFeeManager();
        if (_feeManager == address(0)) revert ZeroAddress();
        feeManager = _feeManager;
        emit SetFeeManager(_feeManager);
    }

    function setFee(bool stable, uint256 fee) external {
        if (msg.sender != feeManager) revert NotFeeManager();
        if (fee > MAX_FEE) revert FeeTooHigh();
        if (fee == 0) revert ZeroFee();
        if (stable) stableFee = fee;
        else volatileFee = fee;
    }

    function setCustomFee(address pool, uint256 fee) external {
        if (msg.sender != feeManager) revert NotFeeManager();
        if (fee > MAX_FEE && fee != ZERO_FEE_INDICATOR) revert FeeTooHigh();
        if (!_isPool[pool]) revert InvalidPool();
        customFee[pool] = fee;
        emit SetCustomFee(pool, fee);
    }
}
