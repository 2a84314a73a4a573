// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice A Uniswap V4 pool key as the PoolManager encodes it (currencies and hooks are addresses;
/// the zero address is the native coin). Written from Uniswap V4's public interface.
struct HookPoolKey {
    address currency0;
    address currency1;
    uint24 fee;
    int24 tickSpacing;
    address hooks;
}

/// @notice Uniswap V4's swap parameters as the PoolManager passes them to hooks.
struct HookSwapParams {
    bool zeroForOne;
    int256 amountSpecified;
    uint160 sqrtPriceLimitX96;
}

interface IPoolManagerDynamicFee {
    function updateDynamicLPFee(HookPoolKey calldata key, uint24 newDynamicLPFee) external;
}

/// @notice A Uniswap V4 hook whose owner sets the LP fee of its pools and can stop all swaps in
/// them: the kind of control a token's risk reading must notice. Its pools must use the dynamic
/// fee flag (0x800000) as their fee. Permissions, which the PoolManager reads from the low 14 bits
/// of the hook's address: afterInitialize (bit 12) sets the starting fee; beforeSwap (bit 7)
/// refuses swaps while they are blocked. The address must end in exactly those bits (0x1080
/// under the 0x3fff mask), so the hook is deployed with a mined CREATE2 salt.
contract DynamicFeeHook is Ownable {
    uint160 public constant PERMISSION_FLAGS = (1 << 12) | (1 << 7);
    /// @notice Largest LP fee the PoolManager accepts: 100% in hundredths of a basis point.
    uint24 public constant MAX_LP_FEE = 1_000_000;

    address public immutable poolManager;
    /// @notice The LP fee a pool starts with when it is initialized with this hook.
    uint24 public immutable initialFee;
    bool public swapsBlocked;

    event FeeSet(bytes32 indexed poolId, uint24 fee);
    event SwapsBlockedSet(bool blocked);

    error NotPoolManager();
    error FeeTooHigh(uint24 fee);
    error SwapsBlocked();
    error HookAddressMismatch();

    constructor(address poolManager_, address owner_, uint24 initialFee_) Ownable(owner_) {
        if (uint160(address(this)) & ((1 << 14) - 1) != PERMISSION_FLAGS) revert HookAddressMismatch();
        if (initialFee_ > MAX_LP_FEE) revert FeeTooHigh(initialFee_);
        poolManager = poolManager_;
        initialFee = initialFee_;
    }

    modifier onlyPoolManager() {
        if (msg.sender != poolManager) revert NotPoolManager();
        _;
    }

    function afterInitialize(address, HookPoolKey calldata key, uint160, int24)
        external
        onlyPoolManager
        returns (bytes4)
    {
        IPoolManagerDynamicFee(poolManager).updateDynamicLPFee(key, initialFee);
        emit FeeSet(poolIdOf(key), initialFee);
        return this.afterInitialize.selector;
    }

    /// @return selector, a zero BeforeSwapDelta and no fee override (the pool's stored LP fee applies).
    function beforeSwap(address, HookPoolKey calldata, HookSwapParams calldata, bytes calldata)
        external
        view
        onlyPoolManager
        returns (bytes4, int256, uint24)
    {
        if (swapsBlocked) revert SwapsBlocked();
        return (this.beforeSwap.selector, 0, 0);
    }

    /// @notice Sets the LP fee of one of this hook's pools, in hundredths of a basis point.
    function setFee(HookPoolKey calldata key, uint24 fee) external onlyOwner {
        if (fee > MAX_LP_FEE) revert FeeTooHigh(fee);
        IPoolManagerDynamicFee(poolManager).updateDynamicLPFee(key, fee);
        emit FeeSet(poolIdOf(key), fee);
    }

    function setSwapsBlocked(bool blocked) external onlyOwner {
        swapsBlocked = blocked;
        emit SwapsBlockedSet(blocked);
    }

    /// @notice The V4 pool id: keccak256 of the ABI-encoded key.
    function poolIdOf(HookPoolKey calldata key) public pure returns (bytes32) {
        return keccak256(abi.encode(key));
    }
}
