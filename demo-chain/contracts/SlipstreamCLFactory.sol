// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Demo-chain stand-in for Aerodrome Slipstream's CLFactory, written here from the public ICLFactory
// interface: pools are found by tick spacing (getPool(tokenA, tokenB, tickSpacing)), each enabled
// tick spacing has a default fee in pips, and pools are EIP-1167 clones of one implementation at
// the CREATE2 address salted with keccak256(abi.encode(token0, token1, tickSpacing)), as the
// periphery derives them. The constructor enables the tick spacings it is given. Left out: the voter,
// factory registry, gauges, and the swap/unstaked fee modules (getSwapFee is the tick spacing's fee).

import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";

interface ISlipstreamPoolInit {
    function initialize(
        address factory,
        address token0,
        address token1,
        int24 tickSpacing,
        address factoryRegistry,
        uint160 sqrtPriceX96
    ) external;
    function tickSpacing() external view returns (int24);
}

contract SlipstreamCLFactory {
    event OwnerChanged(address indexed oldOwner, address indexed newOwner);
    event PoolCreated(address indexed token0, address indexed token1, int24 indexed tickSpacing, address pool);
    event TickSpacingEnabled(int24 indexed tickSpacing, uint24 indexed fee);

    address public immutable poolImplementation;
    address public owner;

    mapping(int24 => uint24) public tickSpacingToFee;
    int24[] internal _tickSpacings;
    mapping(address => mapping(address => mapping(int24 => address))) public getPool;
    address[] public allPools;
    mapping(address => bool) internal _isPool;

    /// `tickSpacings_` and `fees` are enabled at once, as Base's factory was at deployment.
    constructor(address _poolImplementation, address _owner, int24[] memory tickSpacings_, uint24[] memory fees) {
        require(tickSpacings_.length == fees.length, "length mismatch");
        poolImplementation = _poolImplementation;
        owner = _owner;
        emit OwnerChanged(address(0), _owner);
        for (uint256 i = 0; i < tickSpacings_.length; i++) _enableTickSpacing(tickSpacings_[i], fees[i]);
    }

    function tickSpacings() external view returns (int24[] memory) {
        return _tickSpacings;
    }

    function allPoolsLength() external view returns (uint256) {
        return allPools.length;
    }

    function isPair(address pool) external view returns (bool) {
        return _isPool[pool];
    }

    function getSwapFee(address pool) external view returns (uint24) {
        return tickSpacingToFee[ISlipstreamPoolInit(pool).tickSpacing()];
    }

    function createPool(address tokenA, address tokenB, int24 tickSpacing, uint160 sqrtPriceX96)
        external
        returns (address pool)
    {
        require(tokenA != tokenB, "same token");
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        require(token0 != address(0), "zero address");
        require(tickSpacingToFee[tickSpacing] != 0, "tick spacing not enabled");
        require(getPool[token0][token1][tickSpacing] == address(0), "pool exists");
        pool = Clones.cloneDeterministic(poolImplementation, keccak256(abi.encode(token0, token1, tickSpacing)));
        ISlipstreamPoolInit(pool).initialize(address(this), token0, token1, tickSpacing, address(0), sqrtPriceX96);
        getPool[token0][token1][tickSpacing] = pool;
        getPool[token1][token0][tickSpacing] = pool;
        allPools.push(pool);
        _isPool[pool] = true;
        emit PoolCreated(token0, token1, tickSpacing, pool);
    }

    function setOwner(address _owner) external {
        require(msg.sender == owner, "not owner");
        emit OwnerChanged(owner, _owner);
        owner = _owner;
    }

    function enableTickSpacing(int24 tickSpacing, uint24 fee) external {
        require(msg.sender == owner, "not owner");
        _enableTickSpacing(tickSpacing, fee);
    }

    function _enableTickSpacing(int24 tickSpacing, uint24 fee) internal {
        require(tickSpacing > 0 && tickSpacing < 16_384, "invalid tick spacing");
        require(tickSpacingToFee[tickSpacing] == 0, "tick spacing enabled");
        require(fee > 0 && fee <= 100_000, "invalid fee");
        tickSpacingToFee[tickSpacing] = fee;
        _tickSpacings.push(tickSpacing);
        emit TickSpacingEnabled(tickSpacing, fee);
    }
}
