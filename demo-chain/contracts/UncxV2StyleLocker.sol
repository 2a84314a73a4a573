// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @notice A liquidity locker with the public interface of UNCX's 2024 (V2) Uniswap V2 locker:
/// every lock gets a global id from a nonce and lives in `LOCKS(id)` (its LP token, lock date,
/// amount still held, initial amount, unlock date, id, owner and country code), and
/// `TOKEN_LOCKS(lp, index)` lists an LP token's lock ids, counted by `getNumLocksForToken(lp)`. The
/// owner withdraws after the unlock date, in part or in full (a lock taken out in full stays listed
/// with nothing left). Written from that interface for the demo chain (no fees, no referrals, no
/// country list, no migration) and placed at the locker's registry address so reads see it where
/// they look.
contract UncxV2StyleLocker {
    struct TokenLock {
        address lpToken;
        uint256 lockDate;
        uint256 amount;
        uint256 initialAmount;
        uint256 unlockDate;
        uint256 lockID;
        address owner;
        uint16 countryCode;
    }

    mapping(uint256 => TokenLock) public LOCKS;
    uint256 public NONCE;
    mapping(address => uint256[]) public TOKEN_LOCKS;

    event onNewLock(uint256 lockID, address lpToken, address owner, uint256 amount, uint256 lockDate, uint256 unlockDate, uint16 countryCode);
    event onWithdraw(uint256 lockID, address lpToken, address owner, uint256 amountRemainingInLock, uint256 amountRemoved);
    event onRelock(uint256 lockID, address lpToken, address owner, uint256 amountRemainingInLock, uint256 liquidityFee, uint256 unlockDate);

    function lockLPToken(address _lpToken, uint256 _amount, uint256 _unlock_date, address payable, bool, address payable _withdrawer, uint16 _countryCode)
        external
        payable
    {
        require(_unlock_date < 10000000000, "TIMESTAMP INVALID");
        require(_amount > 0, "INSUFFICIENT");
        require(IERC20(_lpToken).transferFrom(msg.sender, address(this), _amount), "TRANSFER");
        uint256 id = NONCE++;
        LOCKS[id] = TokenLock(_lpToken, block.timestamp, _amount, _amount, _unlock_date, id, _withdrawer, _countryCode);
        TOKEN_LOCKS[_lpToken].push(id);
        emit onNewLock(id, _lpToken, _withdrawer, _amount, block.timestamp, _unlock_date, _countryCode);
    }

    function relock(uint256 _lockID, uint256 _unlock_date) external {
        TokenLock storage lock = LOCKS[_lockID];
        require(lock.owner == msg.sender, "NOT OWNER");
        require(lock.unlockDate < _unlock_date && _unlock_date < 10000000000, "UNLOCK BEFORE");
        lock.unlockDate = _unlock_date;
        emit onRelock(_lockID, lock.lpToken, msg.sender, lock.amount, 0, _unlock_date);
    }

    function withdraw(uint256 _lockID, uint256 _amount) external {
        require(_amount > 0, "ZERO WITHDRAWL");
        TokenLock storage lock = LOCKS[_lockID];
        require(lock.owner == msg.sender, "NOT OWNER");
        require(lock.unlockDate < block.timestamp, "NOT YET");
        lock.amount -= _amount;
        require(IERC20(lock.lpToken).transfer(msg.sender, _amount), "TRANSFER");
        emit onWithdraw(_lockID, lock.lpToken, msg.sender, lock.amount, _amount);
    }

    function getNumLocksForToken(address _lpToken) external view returns (uint256) {
        return TOKEN_LOCKS[_lpToken].length;
    }
}
