// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @notice A liquidity locker with the public interface of UNCX's (Unicrypt's) V1 Uniswap V2
/// locker: LP tokens are locked per LP token in `tokenLocks[lpToken]`, each lock with its lock
/// date, remaining and initial amounts, unlock date, id and owner; the owner withdraws after the
/// unlock date. Written from the interface for the demo chain (no fees, no referrals, no
/// migration), and placed at the locker's mainnet address so reads see it where they look.
contract UncxStyleLocker {
    struct TokenLock {
        uint256 lockDate;
        uint256 amount;
        uint256 initialAmount;
        uint256 unlockDate;
        uint256 lockID;
        address owner;
    }

    mapping(address => TokenLock[]) public tokenLocks;

    event onDeposit(address lpToken, address user, uint256 amount, uint256 lockDate, uint256 unlockDate);
    event onWithdraw(address lpToken, uint256 amount);

    function lockLPToken(address _lpToken, uint256 _amount, uint256 _unlock_date, address payable, bool, address payable _withdrawer) external payable {
        require(_unlock_date < 10000000000, "TIMESTAMP INVALID");
        require(_amount > 0, "INSUFFICIENT");
        require(IERC20(_lpToken).transferFrom(msg.sender, address(this), _amount), "TRANSFER");
        TokenLock memory lock = TokenLock(block.timestamp, _amount, _amount, _unlock_date, tokenLocks[_lpToken].length, _withdrawer);
        tokenLocks[_lpToken].push(lock);
        emit onDeposit(_lpToken, msg.sender, _amount, block.timestamp, _unlock_date);
    }

    function withdraw(address _lpToken, uint256 _index, uint256 _lockID, uint256 _amount) external {
        TokenLock storage lock = tokenLocks[_lpToken][_index];
        require(lock.lockID == _lockID && lock.owner == msg.sender, "LOCK MISMATCH");
        require(lock.unlockDate < block.timestamp, "NOT YET");
        lock.amount -= _amount;
        require(IERC20(_lpToken).transfer(msg.sender, _amount), "TRANSFER");
        emit onWithdraw(_lpToken, _amount);
    }

    function getNumLocksForToken(address _lpToken) external view returns (uint256) {
        return tokenLocks[_lpToken].length;
    }
}
