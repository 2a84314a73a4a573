// SPDX-License-Identifier: MIT
// Placed by eth_call state override (never deployed): reads, in one call, a Team.Finance-style
// locker's deposits of one token, a UNCX 2024 (V2) Uniswap V2 locker's locks of one LP token, or a
// UNCX V3 position locker's locks of one pool. The first two list a token's lock ids and answer
// each lock by id, so the ids must be known before the locks can be asked for; the position locker
// lists no lock by pool or NFT at all, so its newest locks are read until a bound. Either way one
// round trip, beside the multicall of the same round.
pragma solidity ^0.8.24;

contract LockerLens {
    struct LockedToken {
        address tokenAddress;
        address withdrawalAddress;
        uint256 tokenAmount;
        uint256 unlockTime;
        bool withdrawn;
    }

    struct Deposit {
        uint256 id;
        address withdrawalAddress;
        uint256 amount;
        uint256 unlockTime;
        bool withdrawn;
        bool answered;
    }

    /// The token's deposit count and the newest `maxRead` deposits (newest last); answered is false
    /// when getDepositsByTokenAddress itself fails, and a deposit's answered is false when
    /// lockedToken(id) fails or names another token.
    function teamFinanceDeposits(address locker, address token, uint256 maxRead)
        external
        view
        returns (bool answered, uint256 count, Deposit[] memory deposits)
    {
        (bool ok, bytes memory data) = locker.staticcall(abi.encodeWithSignature("getDepositsByTokenAddress(address)", token));
        if (!ok || data.length < 64) return (false, 0, deposits);
        uint256[] memory ids = abi.decode(data, (uint256[]));
        count = ids.length;
        uint256 first = count > maxRead ? count - maxRead : 0;
        deposits = new Deposit[](count - first);
        for (uint256 i = first; i < count; i++) deposits[i - first] = readDeposit(locker, token, ids[i]);
        return (true, count, deposits);
    }

    function readDeposit(address locker, address token, uint256 id) private view returns (Deposit memory entry) {
        entry.id = id;
        (bool read, bytes memory item) = locker.staticcall(abi.encodeWithSignature("lockedToken(uint256)", id));
        if (!read || item.length < 160) return entry;
        // lockedToken(id)'s five words, the same layout as this static struct.
        LockedToken memory answer = abi.decode(item, (LockedToken));
        if (answer.tokenAddress != token) return entry;
        entry.withdrawalAddress = answer.withdrawalAddress;
        entry.amount = answer.tokenAmount;
        entry.unlockTime = answer.unlockTime;
        entry.withdrawn = answer.withdrawn;
        entry.answered = true;
    }

    struct UncxLock {
        uint256 id;
        address owner;
        uint256 amount;
        uint256 unlockDate;
        bool answered;
    }

    /// The LP token's lock count and its newest `maxRead` locks (newest last) in a UNCX 2024 locker,
    /// which lists a token's lock ids in TOKEN_LOCKS(token, index) and answers each lock in
    /// LOCKS(id). answered is false when getNumLocksForToken fails; a lock's answered is false when
    /// TOKEN_LOCKS or LOCKS fails or the lock names another token.
    function uncxLocks(address locker, address token, uint256 maxRead)
        external
        view
        returns (bool answered, uint256 count, UncxLock[] memory locks)
    {
        (bool ok, bytes memory data) = locker.staticcall(abi.encodeWithSignature("getNumLocksForToken(address)", token));
        if (!ok || data.length < 32) return (false, 0, locks);
        count = abi.decode(data, (uint256));
        uint256 first = count > maxRead ? count - maxRead : 0;
        locks = new UncxLock[](count - first);
        for (uint256 i = first; i < count; i++) locks[i - first] = readUncxLock(locker, token, i);
        return (true, count, locks);
    }

    function readUncxLock(address locker, address token, uint256 index) private view returns (UncxLock memory entry) {
        (bool listed, bytes memory idData) = locker.staticcall(abi.encodeWithSignature("TOKEN_LOCKS(address,uint256)", token, index));
        if (!listed || idData.length < 32) return entry;
        entry.id = abi.decode(idData, (uint256));
        (bool read, bytes memory item) = locker.staticcall(abi.encodeWithSignature("LOCKS(uint256)", entry.id));
        // LOCKS(id)'s eight words: lpToken, lockDate, amount, initialAmount, unlockDate, lockID, owner, countryCode.
        if (!read || item.length < 256) return entry;
        (address lpToken, , uint256 amount, , uint256 unlockDate, , address owner, ) =
            abi.decode(item, (address, uint256, uint256, uint256, uint256, uint256, address, uint16));
        if (lpToken != token) return entry;
        entry.owner = owner;
        entry.amount = amount;
        entry.unlockDate = unlockDate;
        entry.answered = true;
    }

    struct PositionLock {
        uint256 id;
        address positionManager;
        uint256 nftId;
        address owner;
        uint256 unlockDate;
    }

    /// The locks of `pool` among a UNCX V3 position locker's newest `maxScan` locks, newest first:
    /// the locker counts its locks in getLocksLength() and answers each in getLock(id) (eleven
    /// static words: id, position manager, pool, NFT id, owner, pending owner, additional
    /// collector, collect address, unlock date, country code, collect fee). The search (some 26,000
    /// gas a lock) runs only when the locker holds one of `tokenIds` in `manager`, so a pool with no
    /// locked position costs a few ownerOf calls. `scanned` says how many locks were read: the scan
    /// stops early rather than run out of gas. answered is false when getLocksLength fails.
    function uncxV3PoolLocks(address locker, address pool, address manager, uint256[] calldata tokenIds, uint256 maxScan)
        external
        view
        returns (bool answered, uint256 count, uint256 scanned, PositionLock[] memory locks)
    {
        if (!holdsAny(locker, manager, tokenIds)) return (true, 0, 0, locks);
        (bool ok, bytes memory data) = locker.staticcall(abi.encodeWithSignature("getLocksLength()"));
        if (!ok || data.length < 32) return (false, 0, 0, locks);
        count = abi.decode(data, (uint256));
        (scanned, locks) = scanPositionLocks(locker, pool, count, maxScan);
        return (true, count, scanned, locks);
    }

    function scanPositionLocks(address locker, address pool, uint256 count, uint256 maxScan)
        private
        view
        returns (uint256 scanned, PositionLock[] memory locks)
    {
        uint256 floor = count > maxScan ? count - maxScan : 0;
        locks = new PositionLock[](count - floor);
        uint256 found;
        for (uint256 id = count; id > floor && gasleft() > 300_000; id--) {
            scanned++;
            (bool matched, PositionLock memory entry) = readPositionLock(locker, pool, id - 1);
            if (matched) locks[found++] = entry;
        }
        // Only the matches are returned.
        assembly {
            mstore(locks, found)
        }
    }

    function readPositionLock(address locker, address pool, uint256 id) private view returns (bool matched, PositionLock memory entry) {
        (bool read, bytes memory item) = locker.staticcall(abi.encodeWithSignature("getLock(uint256)", id));
        if (!read || item.length < 352) return (false, entry);
        uint256[11] memory words = abi.decode(item, (uint256[11]));
        if (address(uint160(words[2])) != pool) return (false, entry);
        return (true, PositionLock(words[0], address(uint160(words[1])), words[3], address(uint160(words[4])), words[8]));
    }

    function holdsAny(address holder, address manager, uint256[] calldata tokenIds) private view returns (bool) {
        for (uint256 i = 0; i < tokenIds.length; i++) {
            (bool ok, bytes memory data) = manager.staticcall(abi.encodeWithSignature("ownerOf(uint256)", tokenIds[i]));
            if (ok && data.length >= 32 && abi.decode(data, (address)) == holder) return true;
        }
        return false;
    }
}
