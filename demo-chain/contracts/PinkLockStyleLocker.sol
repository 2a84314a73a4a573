// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @notice A token locker with the public interface of PinkSale's PinkLock V2 (PinkLock02): normal
/// locks (one unlock date, kept in tgeDate) and vesting locks (tgeBps of the amount at tgeDate, then
/// cycleBps every cycle seconds), read per token with `totalLockCountForToken(token)` and
/// `getLocksForToken(token, start, end)` (end inclusive, clamped to the last lock). As there, a lock
/// leaves its token's list once everything in it is unlocked, and unlockedAmount counts what its
/// owner already took. Written from that interface for the demo chain (no fees, no LP-pair check, no
/// lock edits) and placed at the locker's registry address so reads see it where they look.
contract PinkLockStyleLocker {
    struct Lock {
        uint256 id;
        address token;
        address owner;
        uint256 amount;
        uint256 lockDate;
        uint256 tgeDate; // the unlock date of a normal lock
        uint256 tgeBps; // 0 for a normal lock
        uint256 cycle; // 0 for a normal lock
        uint256 cycleBps; // 0 for a normal lock
        uint256 unlockedAmount;
        string description;
    }

    Lock[] private locks;
    mapping(address => uint256[]) private tokenLockIds;

    event LockAdded(uint256 indexed id, address token, address owner, uint256 amount, uint256 unlockDate);
    event LockVested(uint256 indexed id, address token, address owner, uint256 amount, uint256 remaining, uint256 timestamp);
    event LockRemoved(uint256 indexed id, address token, address owner, uint256 amount, uint256 unlockedAt);

    function lock(address owner, address token, bool, uint256 amount, uint256 unlockDate, string memory description) external returns (uint256 id) {
        require(unlockDate > block.timestamp, "unlock date must be ahead");
        id = _add(owner, token, amount, unlockDate, 0, 0, 0, description);
        emit LockAdded(id, token, owner, amount, unlockDate);
    }

    function vestingLock(
        address owner,
        address token,
        bool,
        uint256 amount,
        uint256 tgeDate,
        uint256 tgeBps,
        uint256 cycle,
        uint256 cycleBps,
        string memory description
    ) external returns (uint256 id) {
        require(cycle > 0 && tgeBps > 0 && cycleBps > 0 && tgeBps + cycleBps <= 10_000, "invalid vesting");
        id = _add(owner, token, amount, tgeDate, tgeBps, cycle, cycleBps, description);
        emit LockAdded(id, token, owner, amount, tgeDate);
    }

    function unlock(uint256 lockId) external {
        Lock storage entry = locks[lockId];
        require(entry.owner == msg.sender, "not the owner");
        uint256 release = withdrawableTokens(lockId);
        require(release > 0, "nothing to unlock");
        entry.unlockedAmount += release;
        require(IERC20(entry.token).transfer(msg.sender, release), "transfer");
        if (entry.unlockedAmount == entry.amount) {
            _removeFromToken(entry.token, lockId);
            emit LockRemoved(lockId, entry.token, msg.sender, release, block.timestamp);
        } else {
            emit LockVested(lockId, entry.token, msg.sender, release, entry.amount - entry.unlockedAmount, block.timestamp);
        }
    }

    /// What the owner could take out now.
    function withdrawableTokens(uint256 lockId) public view returns (uint256) {
        Lock storage entry = locks[lockId];
        if (block.timestamp < entry.tgeDate) return 0;
        if (entry.cycle == 0) return entry.amount - entry.unlockedAmount;
        uint256 vested = (entry.amount * entry.tgeBps) / 10_000 + ((block.timestamp - entry.tgeDate) / entry.cycle) * ((entry.amount * entry.cycleBps) / 10_000);
        if (vested > entry.amount) vested = entry.amount;
        return vested - entry.unlockedAmount;
    }

    function getLockById(uint256 lockId) external view returns (Lock memory) {
        return locks[lockId];
    }

    function totalLockCountForToken(address token) external view returns (uint256) {
        return tokenLockIds[token].length;
    }

    function getLocksForToken(address token, uint256 start, uint256 end) external view returns (Lock[] memory result) {
        uint256[] storage ids = tokenLockIds[token];
        if (end >= ids.length) end = ids.length - 1; // reverts when the token has no lock, as there
        result = new Lock[](end - start + 1);
        for (uint256 i = start; i <= end; i++) result[i - start] = locks[ids[i]];
    }

    function _add(address owner, address token, uint256 amount, uint256 tgeDate, uint256 tgeBps, uint256 cycle, uint256 cycleBps, string memory description)
        private
        returns (uint256 id)
    {
        require(amount > 0, "amount");
        require(IERC20(token).transferFrom(msg.sender, address(this), amount), "transfer");
        id = locks.length;
        locks.push(Lock(id, token, owner, amount, block.timestamp, tgeDate, tgeBps, cycle, cycleBps, 0, description));
        tokenLockIds[token].push(id);
    }

    function _removeFromToken(address token, uint256 lockId) private {
        uint256[] storage ids = tokenLockIds[token];
        for (uint256 i = 0; i < ids.length; i++) {
            if (ids[i] == lockId) {
                ids[i] = ids[ids.length - 1];
                ids.pop();
                return;
            }
        }
    }
}
