// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The pool deployer role of PancakeSwap V3, written here from its public interface
/// (IPancakeV3PoolDeployer: `parameters()` and `deploy(factory, token0, token1, fee, tickSpacing)`).
/// PancakeSwap's factory asks its deployer to create each pool; the pool's constructor reads its
/// configuration back from `parameters()` on the deployer that created it. Pools are created with
/// CREATE2, salt keccak256(abi.encode(token0, token1, fee)), from the PancakeV3Pool creation code,
/// so a pool lands where the deployer address and the pool init code hash predict.
/// The creation code is not compiled into this contract: it is the runtime code of `poolCode`, an
/// account that holds nothing else (the demo chain places the published PancakeV3Pool creation
/// code there), and it is copied out for every pool.
contract DemoPancakeV3PoolDeployer {
    struct Parameters {
        address factory;
        address token0;
        address token1;
        uint24 fee;
        int24 tickSpacing;
    }

    /// @notice Set only while `deploy` runs, for the new pool's constructor.
    Parameters public parameters;

    /// @notice The only caller allowed to deploy pools.
    address public immutable factoryAddress;
    /// @notice The account whose code is the pool creation code.
    address public immutable poolCode;

    error OnlyFactory();
    error NoPoolCode();
    error DeployFailed();

    constructor(address factory_, address poolCode_) {
        factoryAddress = factory_;
        poolCode = poolCode_;
    }

    function deploy(address factory, address token0, address token1, uint24 fee, int24 tickSpacing)
        external
        returns (address pool)
    {
        if (msg.sender != factoryAddress) revert OnlyFactory();
        bytes memory creationCode = poolCode.code;
        if (creationCode.length == 0) revert NoPoolCode();
        parameters = Parameters({factory: factory, token0: token0, token1: token1, fee: fee, tickSpacing: tickSpacing});
        bytes32 salt = keccak256(abi.encode(token0, token1, fee));
        assembly ("memory-safe") {
            pool := create2(0, add(creationCode, 0x20), mload(creationCode), salt)
        }
        if (pool == address(0)) revert DeployFailed();
        delete parameters;
    }
}
