// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice A rebasing ERC-20 with the public interface of Ampleforth's UFragments (written here
/// from that interface, not copied): balances are kept in "gons", a fixed total divided by the
/// supply, so a rebase changes every holder's balance in proportion, with no Transfer log. Only
/// the monetary policy address may rebase; the owner may re-point it. A rebase logs
/// LogRebase(epoch, totalSupply), as UFragments does.
contract ElasticSupplyToken {
    string public constant name = "Elastic Demo Token";
    string public constant symbol = "ELASTIC";
    uint8 public constant decimals = 18;

    uint256 private constant MAX_UINT256 = type(uint256).max;
    uint256 private constant MAX_SUPPLY = type(uint128).max;

    address public owner;
    address public monetaryPolicy;

    uint256 private immutable _totalGons;
    uint256 private _totalSupply;
    uint256 private _gonsPerFragment;
    mapping(address => uint256) private _gonBalances;
    mapping(address => mapping(address => uint256)) private _allowedFragments;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event LogRebase(uint256 indexed epoch, uint256 totalSupply);
    event LogMonetaryPolicyUpdated(address monetaryPolicy);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    modifier onlyOwner() {
        require(msg.sender == owner, "owner");
        _;
    }

    modifier onlyMonetaryPolicy() {
        require(msg.sender == monetaryPolicy, "policy");
        _;
    }

    constructor(uint256 initialSupply) {
        owner = msg.sender;
        emit OwnershipTransferred(address(0), msg.sender);
        // The largest multiple of the initial supply: every gons-per-fragment division is exact at launch.
        _totalGons = MAX_UINT256 - (MAX_UINT256 % initialSupply);
        _totalSupply = initialSupply;
        _gonsPerFragment = _totalGons / initialSupply;
        _gonBalances[msg.sender] = _totalGons;
        emit Transfer(address(0), msg.sender, initialSupply);
    }

    function setMonetaryPolicy(address monetaryPolicy_) external onlyOwner {
        monetaryPolicy = monetaryPolicy_;
        emit LogMonetaryPolicyUpdated(monetaryPolicy_);
    }

    /// @notice Scales every balance by (supply + supplyDelta) / supply. Returns the new supply.
    function rebase(uint256 epoch, int256 supplyDelta) external onlyMonetaryPolicy returns (uint256) {
        if (supplyDelta == 0) {
            emit LogRebase(epoch, _totalSupply);
            return _totalSupply;
        }
        if (supplyDelta < 0) _totalSupply -= uint256(-supplyDelta);
        else _totalSupply += uint256(supplyDelta);
        if (_totalSupply > MAX_SUPPLY) _totalSupply = MAX_SUPPLY;
        _gonsPerFragment = _totalGons / _totalSupply;
        emit LogRebase(epoch, _totalSupply);
        return _totalSupply;
    }

    function totalSupply() external view returns (uint256) {
        return _totalSupply;
    }

    function balanceOf(address who) external view returns (uint256) {
        return _gonBalances[who] / _gonsPerFragment;
    }

    function scaledBalanceOf(address who) external view returns (uint256) {
        return _gonBalances[who];
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function allowance(address owner_, address spender) external view returns (uint256) {
        return _allowedFragments[owner_][spender];
    }

    function approve(address spender, uint256 value) external returns (bool) {
        _allowedFragments[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = _allowedFragments[from][msg.sender];
        if (allowed != MAX_UINT256) {
            require(allowed >= value, "allowance");
            _allowedFragments[from][msg.sender] = allowed - value;
        }
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        uint256 gonValue = value * _gonsPerFragment;
        require(_gonBalances[from] >= gonValue, "balance");
        _gonBalances[from] -= gonValue;
        _gonBalances[to] += gonValue;
        emit Transfer(from, to, value);
    }
}
