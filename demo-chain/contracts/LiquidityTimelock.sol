// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @notice A small LP locker: tokens deposited here can go back to their depositor only once the
/// lock's unlock time has passed. Every lock is readable by id, and events mark lock and withdrawal.
contract LiquidityTimelock {
    using SafeERC20 for IERC20;

    struct Lock {
        address token;
        address owner;
        uint256 amount;
        uint256 unlockTime;
        bool withdrawn;
    }

    Lock[] private _locks;
    /// @notice Amount of each token currently held under lock, across all locks.
    mapping(address => uint256) public totalLocked;

    event Locked(
        uint256 indexed lockId,
        address indexed token,
        address indexed owner,
        uint256 amount,
        uint256 unlockTime
    );
    event Withdrawn(uint256 indexed lockId, address indexed token, address indexed owner, uint256 amount);

    error UnlockTimeInPast(uint256 unlockTime);
    error ZeroAmount();
    error UnknownLock(uint256 lockId);
    error NotLockOwner(uint256 lockId, address caller);
    error AlreadyWithdrawn(uint256 lockId);
    error StillLocked(uint256 lockId, uint256 unlockTime);

    function lock(address token, uint256 amount, uint256 unlockTime) external returns (uint256 lockId) {
        if (amount == 0) revert ZeroAmount();
        if (unlockTime <= block.timestamp) revert UnlockTimeInPast(unlockTime);
        IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
        lockId = _locks.length;
        _locks.push(Lock(token, msg.sender, amount, unlockTime, false));
        totalLocked[token] += amount;
        emit Locked(lockId, token, msg.sender, amount, unlockTime);
    }

    function withdraw(uint256 lockId) external {
        if (lockId >= _locks.length) revert UnknownLock(lockId);
        Lock storage entry = _locks[lockId];
        if (entry.owner != msg.sender) revert NotLockOwner(lockId, msg.sender);
        if (entry.withdrawn) revert AlreadyWithdrawn(lockId);
        if (block.timestamp < entry.unlockTime) revert StillLocked(lockId, entry.unlockTime);
        entry.withdrawn = true;
        totalLocked[entry.token] -= entry.amount;
        IERC20(entry.token).safeTransfer(msg.sender, entry.amount);
        emit Withdrawn(lockId, entry.token, msg.sender, entry.amount);
    }

    function lockCount() external view returns (uint256) {
        return _locks.length;
    }

    function getLock(uint256 lockId) external view returns (Lock memory) {
        if (lockId >= _locks.length) revert UnknownLock(lockId);
        return _locks[lockId];
    }
}
