// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice WETH9 semantics (deposit, withdraw, ERC-20 with unlimited-allowance shortcut) written for
/// a current compiler. Name, symbol and decimals are constants so the runtime code alone is a
/// complete token: the demo chain places it at the canonical wrapped-native address with no storage.
abstract contract WrappedNative {
    uint8 public constant decimals = 18;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Approval(address indexed src, address indexed guy, uint256 wad);
    event Transfer(address indexed src, address indexed dst, uint256 wad);
    event Deposit(address indexed dst, uint256 wad);
    event Withdrawal(address indexed src, uint256 wad);

    function name() external pure virtual returns (string memory);

    function symbol() external pure virtual returns (string memory);

    receive() external payable {
        deposit();
    }

    function deposit() public payable {
        balanceOf[msg.sender] += msg.value;
        emit Deposit(msg.sender, msg.value);
    }

    function withdraw(uint256 wad) external {
        require(balanceOf[msg.sender] >= wad, "insufficient balance");
        balanceOf[msg.sender] -= wad;
        // transfer (2300 gas) on purpose, as WETH9 does: unwrapping to a contract behaves as on mainnet.
        payable(msg.sender).transfer(wad);
        emit Withdrawal(msg.sender, wad);
    }

    /// @dev Like WETH9, the supply is the ether the contract holds.
    function totalSupply() external view returns (uint256) {
        return address(this).balance;
    }

    function approve(address guy, uint256 wad) external returns (bool) {
        allowance[msg.sender][guy] = wad;
        emit Approval(msg.sender, guy, wad);
        return true;
    }

    function transfer(address dst, uint256 wad) external returns (bool) {
        return transferFrom(msg.sender, dst, wad);
    }

    function transferFrom(address src, address dst, uint256 wad) public returns (bool) {
        require(balanceOf[src] >= wad, "insufficient balance");
        if (src != msg.sender && allowance[src][msg.sender] != type(uint256).max) {
            require(allowance[src][msg.sender] >= wad, "insufficient allowance");
            allowance[src][msg.sender] -= wad;
        }
        balanceOf[src] -= wad;
        balanceOf[dst] += wad;
        emit Transfer(src, dst, wad);
        return true;
    }
}

/// @notice Wrapped Ether, as at WETH9 on Ethereum and the OP Stack predeploy on Base.
contract WETH9 is WrappedNative {
    function name() external pure override returns (string memory) {
        return "Wrapped Ether";
    }

    function symbol() external pure override returns (string memory) {
        return "WETH";
    }
}

/// @notice Wrapped BNB, as on BNB Chain.
contract WBNB is WrappedNative {
    function name() external pure override returns (string memory) {
        return "Wrapped BNB";
    }

    function symbol() external pure override returns (string memory) {
        return "WBNB";
    }
}
