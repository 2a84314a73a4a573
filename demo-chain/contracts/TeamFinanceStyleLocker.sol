// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @notice A token locker with the public interface of Team.Finance's lock contract: each deposit
/// gets a global id, `lockedToken(id)` answers its token, withdrawal address, amount, unlock time
/// and whether it was withdrawn, and `getDepositsByTokenAddress(token)` lists a token's deposit ids
/// (withdrawn ones stay listed, as there). Written from that interface for the demo chain (no fees,
/// no NFTs, no referrals) and placed at the locker's registry address so reads see it where they look.
contract TeamFinanceStyleLocker {
    struct Items {
        address tokenAddress;
        address withdrawalAddress;
        uint256 tokenAmount;
        uint256 unlockTime;
        bool withdrawn;
    }

    uint256 public depositId;
    mapping(uint256 => Items) public lockedToken;
    mapping(address => uint256[]) private depositsByTokenAddress;
    mapping(address => uint256[]) private depositsByWithdrawalAddress;

    event Deposit(address indexed tokenAddress, address indexed sender, uint256 amount, uint256 unlockTime, uint256 depositId);
    event TokensWithdrawn(address indexed tokenAddress, address indexed receiver, uint256 amount);

    function lockToken(address _tokenAddress, address _withdrawalAddress, uint256 _amount, uint256 _unlockTime, bool, address)
        external
        payable
        returns (uint256 _id)
    {
        require(_amount > 0, "amount");
        require(_unlockTime < 10000000000, "unlock time in seconds");
        require(IERC20(_tokenAddress).transferFrom(msg.sender, address(this), _amount), "transfer");
        _id = ++depositId;
        lockedToken[_id] = Items(_tokenAddress, _withdrawalAddress, _amount, _unlockTime, false);
        depositsByTokenAddress[_tokenAddress].push(_id);
        depositsByWithdrawalAddress[_withdrawalAddress].push(_id);
        emit Deposit(_tokenAddress, msg.sender, _amount, _unlockTime, _id);
    }

    function withdrawTokens(uint256 _id) external {
        Items storage item = lockedToken[_id];
        require(block.timestamp >= item.unlockTime, "still locked");
        require(msg.sender == item.withdrawalAddress, "not the withdrawal address");
        require(!item.withdrawn, "already withdrawn");
        item.withdrawn = true;
        require(IERC20(item.tokenAddress).transfer(msg.sender, item.tokenAmount), "transfer");
        emit TokensWithdrawn(item.tokenAddress, msg.sender, item.tokenAmount);
    }

    function getDepositsByTokenAddress(address _tokenAddress) external view returns (uint256[] memory) {
        return depositsByTokenAddress[_tokenAddress];
    }

    function getDepositsByWithdrawalAddress(address _withdrawalAddress) external view returns (uint256[] memory) {
        return depositsByWithdrawalAddress[_withdrawalAddress];
    }
}
