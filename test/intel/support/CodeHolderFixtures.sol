// SPDX-License-Identifier: MIT
// Fixture tokens for holders written into the code: an address the code compares msg.sender with
// that no storage slot keeps. A bridged token whose bridge is an immutable set at deployment (as
// the OP Stack's OptimismMintableERC20 keeps BRIDGE) mints, and burns from any holder without an
// allowance, for that bridge only; an operator fixed as a constant can halt transfers. Its twin
// names the same bridge but lets its owner mint too: a bridged token's mint is context only where
// the bridge alone holds it.
pragma solidity ^0.8.24;

contract ImmutableBridgeToken {
    string public constant name = "Immutable Bridge Token";
    string public constant symbol = "IBT";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    /// Set once at deployment: written into the runtime code, read from no slot.
    address public immutable BRIDGE;
    /// Fixed at compile time: a PUSH20 in the code.
    address public constant OPERATOR = 0x5eed000000000000000000000000000000002c0d;
    bool private _halted;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(address bridge_, uint256 supply) {
        BRIDGE = bridge_;
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    modifier onlyBridge() {
        require(msg.sender == BRIDGE, "only the bridge");
        _;
    }

    function mint(address to, uint256 amount) external onlyBridge {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    /// What leaves over the bridge: taken from any holder, no allowance asked.
    function burn(address from, uint256 amount) external onlyBridge {
        balanceOf[from] -= amount;
        totalSupply -= amount;
        emit Transfer(from, address(0), amount);
    }

    function halt(bool halted) external {
        require(msg.sender == OPERATOR, "only the operator");
        _halted = halted;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        allowance[from][msg.sender] -= amount;
        _transfer(from, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) internal {
        require(!_halted, "halted");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

/** Bridged by its BRIDGE, as above, with a second minter: the owner it was deployed by. */
contract OwnerMintsTooBridgeToken is ImmutableBridgeToken {
    address public owner;

    constructor(address bridge_, uint256 supply) ImmutableBridgeToken(bridge_, supply) {
        owner = msg.sender;
    }

    function ownerMint(address to, uint256 amount) external {
        require(msg.sender == owner, "only the owner");
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }
}
