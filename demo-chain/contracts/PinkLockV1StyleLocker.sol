// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @notice A token locker with the public interface of PinkSale's first PinkLock: normal locks only
/// (id, token, owner, amount, lock date, unlock date), a token's locks listed by
/// `totalLockCountForToken(token)` and `getLocksForToken(token, start, end)` (end clamped to the
/// last, none listed reverts), and `unlock(id)` after the unlock date, which pays the whole lock
/// back and removes it from the lists. Written from that interface for the demo chain (no fees, no
/// edits, no cumulative figures) and placed at the locker's registry address so reads see it where
/// they look.
contract PinkLockV1StyleLocker {
    struct Lock {
        uint256 id;
        address token;
        address owner;
        uint256 amount;
        uint256 lockDate;
        uint256 unlockDate;
    }

    Lock[] private _locks;
    mapping(address => uint256[]) private _tokenLockIds;
    mapping(uint256 => uint256) private _indexInToken;

    event LockAdded(uint256 indexed id, address token, address owner, uint256 amount, uint256 unlockDate);
    event LockRemoved(uint256 indexed id, address token, address owner, uint256 amount, uint256 unlockedAt);

    function lock(address owner, address token, bool, uint256 amount, uint256 unlockDate) external payable returns (uint256 id) {
        require(unlockDate > block.timestamp, "Unlock date should be in the future");
        require(amount > 0, "Amount should be greater than 0");
        require(IERC20(token).transferFrom(msg.sender, address(this), amount), "transfer");
        id = _locks.length;
        _locks.push(Lock(id, token, owner, amount, block.timestamp, unlockDate));
        _indexInToken[id] = _tokenLockIds[token].length;
        _tokenLockIds[token].push(id);
        emit LockAdded(id, token, owner, amount, unlockDate);
    }

    function unlock(uint256 lockId) external {
        Lock storage entry = _locks[lockId];
        require(entry.owner == msg.sender, "You are not the owner of this lock");
        require(block.timestamp >= entry.unlockDate, "It is not time to unlock");
        require(entry.amount > 0, "Nothing to unlock");
        uint256 amount = entry.amount;
        entry.amount = 0;
        uint256[] storage ids = _tokenLockIds[entry.token];
        uint256 at = _indexInToken[lockId];
        uint256 last = ids[ids.length - 1];
        ids[at] = last;
        _indexInToken[last] = at;
        ids.pop();
        require(IERC20(entry.token).transfer(msg.sender, amount), "transfer");
        emit LockRemoved(lockId, entry.token, msg.sender, amount, block.timestamp);
    }

    function getTotalLockCount() external view returns (uint256) {
        return _locks.length;
    }

    function getLock(uint256 index) external view returns (Lock memory) {
        return _locks[index];
    }

    function totalLockCountForToken(address token) external view returns (uint256) {
        return _tokenLockIds[token].length;
    }

    function getLocksForToken(address token, uint256 start, uint256 end) external view returns (Lock[] memory locks) {
        uint256[] storage ids = _tokenLockIds[token];
        if (end >= ids.length) end = ids.length - 1;
        locks = new Lock[](end - start + 1);
        for (uint256 i = start; i <= end; i++) locks[i - start] = _locks[ids[i]];
    }
}
