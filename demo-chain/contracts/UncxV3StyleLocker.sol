// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IPositionManagerForLocker {
    function transferFrom(address from, address to, uint256 tokenId) external;
    function factory() external view returns (address);
    function positions(uint256 tokenId)
        external
        view
        returns (uint96, address, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256, uint256, uint128, uint128);
}

interface IV3FactoryForLocker {
    function getPool(address tokenA, address tokenB, uint24 fee) external view returns (address);
}

/// @notice A position locker with the public interface of UNCX's Uniswap V3 locker (proof of
/// reserves V1): the lock takes a V3-style position NFT, every lock gets a global id from a nonce
/// and `getLock(id)` answers its position manager, pool, NFT id, owner, collectors, unlock date,
/// country code and collect fee; `getLocksLength()` counts them. The owner takes the NFT back after
/// the unlock date. Written from that interface for the demo chain (no fees, no full-range
/// conversion: the demo's positions are full range already, no collection, no migration) and placed
/// at the locker's registry address so reads see it where they look.
contract UncxV3StyleLocker {
    struct Lock {
        uint256 lock_id;
        address nftPositionManager;
        address pool;
        uint256 nft_id;
        address owner;
        address pendingOwner;
        address additionalCollector;
        address collectAddress;
        uint256 unlockDate;
        uint16 countryCode;
        uint256 ucf;
    }

    struct LockParams {
        address nftPositionManager;
        uint256 nft_id;
        address dustRecipient;
        address owner;
        address additionalCollector;
        address collectAddress;
        uint256 unlockDate;
        uint16 countryCode;
        string feeName;
        bytes[] r;
    }

    struct Position {
        address token0;
        address token1;
        uint24 fee;
        int24 tickLower;
        int24 tickUpper;
        uint128 liquidity;
    }

    uint256 public NONCE;
    mapping(uint256 => Lock) public LOCKS;
    mapping(address => uint256[]) private userLocks;

    event onLock(
        uint256 lock_id,
        address nftPositionManager,
        uint256 nft_id,
        address owner,
        address additionalCollector,
        address collectAddress,
        uint256 unlockDate,
        uint16 countryCode,
        uint256 collectFee,
        address poolAddress,
        Position position
    );
    event onWithdraw(uint256 lock_id, address owner, address receiver);

    function lock(LockParams calldata params) external payable returns (uint256 lockId) {
        require(params.owner != address(0));
        require(params.collectAddress != address(0), "COLLECT_ADDR");
        require(params.unlockDate < 1e10 || params.unlockDate == type(uint256).max, "MILLISECONDS");
        require(params.unlockDate > block.timestamp, "DATE PASSED");
        IPositionManagerForLocker manager = IPositionManagerForLocker(params.nftPositionManager);
        manager.transferFrom(msg.sender, address(this), params.nft_id);
        Position memory position;
        (,, position.token0, position.token1, position.fee, position.tickLower, position.tickUpper, position.liquidity,,,,) = manager.positions(params.nft_id);
        address pool = IV3FactoryForLocker(manager.factory()).getPool(position.token0, position.token1, position.fee);

        lockId = NONCE++;
        LOCKS[lockId] = Lock(lockId, params.nftPositionManager, pool, params.nft_id, params.owner, address(0), params.additionalCollector, params.collectAddress, params.unlockDate, params.countryCode, 0);
        userLocks[params.owner].push(lockId);
        emit onLock(lockId, params.nftPositionManager, params.nft_id, params.owner, params.additionalCollector, params.collectAddress, params.unlockDate, params.countryCode, 0, pool, position);
    }

    /// The NFT goes back once the unlock date has passed; the lock stays listed.
    function withdraw(uint256 lockId, address receiver) external {
        Lock storage entry = LOCKS[lockId];
        require(entry.owner == msg.sender, "OWNER");
        require(entry.unlockDate < block.timestamp, "NOT YET");
        require(entry.unlockDate != type(uint256).max, "ETERNAL");
        IPositionManagerForLocker(entry.nftPositionManager).transferFrom(address(this), receiver, entry.nft_id);
        emit onWithdraw(lockId, msg.sender, receiver);
    }

    function getLocksLength() external view returns (uint256) {
        return NONCE;
    }

    function getLock(uint256 lockId) external view returns (Lock memory) {
        return LOCKS[lockId];
    }

    function getNumUserLocks(address user) external view returns (uint256) {
        return userLocks[user].length;
    }

    function getUserLockAtIndex(address user, uint256 index) external view returns (Lock memory) {
        return LOCKS[userLocks[user][index]];
    }
}
