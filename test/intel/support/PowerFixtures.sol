// SPDX-License-Identifier: MIT
// Fixture tokens for the powers-by-effect tests. Every privileged function has a name the power
// catalogue does not hold (ban, issue, halt, levy, cap, seize), the control sits in a slot with a
// getter of another name (controller()), in a minter slot (minter(), no owner()), or in a mapping
// keyed by msg.sender (crew); one token asks an outside contract on every transfer. Four more are
// our own contracts with the interfaces of real ones, whose real sources may not be kept here:
// Tether's (USDT), SafeMoon's (a reflection token), PEPE's (a meme token with a blacklist and a
// holding rule) and the launch tokens' of 2023 (a trading switch, limits, buy and sell fees).
pragma solidity ^0.8.24;

abstract contract PlainToken {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

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

    function _mint(address to, uint256 amount) internal {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function _transfer(address from, address to, uint256 amount) internal virtual {
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

/** A controller with every power, each under a name of its own. */
contract ControlledToken is PlainToken {
    address private _controller;
    mapping(address => bool) private _banned;
    bool private _halted;
    uint256 private _levyBps;
    uint256 private _cap;

    constructor(address controller_, uint256 supply) {
        name = "Controlled";
        symbol = "CTRL";
        _controller = controller_;
        _mint(msg.sender, supply);
    }

    modifier onlyController() {
        require(msg.sender == _controller, "not the controller");
        _;
    }

    function controller() external view returns (address) {
        return _controller;
    }

    function ban(address account) external onlyController {
        _banned[account] = true;
    }

    function issue(uint256 amount) external onlyController {
        _mint(msg.sender, amount);
    }

    function halt(bool on) external onlyController {
        _halted = on;
    }

    function levy(uint256 bps) external onlyController {
        require(bps <= 2500, "levy too high");
        _levyBps = bps;
    }

    function cap(uint256 amount) external onlyController {
        _cap = amount;
    }

    /** Moves a holder's whole balance to the controller, with no Transfer log. */
    function seize(address account) external onlyController {
        uint256 taken = balanceOf[account];
        balanceOf[account] = 0;
        balanceOf[_controller] += taken;
    }

    function touch() external onlyController {}

    function _transfer(address from, address to, uint256 amount) internal override {
        require(!_halted, "halted");
        require(!_banned[from] && !_banned[to], "banned");
        if (_cap > 0) require(amount <= _cap, "over the cap");
        uint256 fee = (amount * _levyBps) / 10_000;
        balanceOf[from] -= amount;
        balanceOf[to] += amount - fee;
        emit Transfer(from, to, amount - fee);
        if (fee > 0) {
            balanceOf[_controller] += fee;
            emit Transfer(from, _controller, fee);
        }
    }
}

/** A governance-style token: its only privileged account is a minter, and there is no owner(). */
contract MinterToken is PlainToken {
    address public minter;

    constructor(address minter_, uint256 supply) {
        name = "Minted";
        symbol = "MINT";
        minter = minter_;
        _mint(msg.sender, supply);
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == minter, "only the minter");
        _mint(to, amount);
    }

    function setMinter(address next) external {
        require(msg.sender == minter, "only the minter");
        minter = next;
    }
}

/**
 * A minter held to 3 % of the supply a call and one mint a block: its mint is capped (a second mint
 * at once is refused). Its twin below caps each call the same but lets the next through at once,
 * which caps nothing.
 */
contract RationedMinterToken is PlainToken {
    address public minter;
    uint256 public lastMintBlock;

    constructor(address minter_, uint256 supply) {
        name = "Rationed";
        symbol = "RATION";
        minter = minter_;
        _mint(msg.sender, supply);
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == minter, "only the minter");
        require(amount <= (totalSupply * 3) / 100, "over the cap");
        require(block.number > lastMintBlock, "one mint a block");
        lastMintBlock = block.number;
        _mint(to, amount);
    }
}

contract PerCallCapToken is PlainToken {
    address public minter;

    constructor(address minter_, uint256 supply) {
        name = "Per call";
        symbol = "PERCALL";
        minter = minter_;
        _mint(msg.sender, supply);
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == minter, "only the minter");
        require(amount <= (totalSupply * 3) / 100, "over the cap");
        _mint(to, amount);
    }
}

/**
 * A controller that moves any holder's tokens to an address of its choosing, no allowance asked:
 * run with the probe wallet in both address words it would move them to itself and show nothing.
 */
contract ShiftingToken is PlainToken {
    address public keeper;

    constructor(address keeper_, uint256 supply) {
        name = "Shifting";
        symbol = "SHIFT";
        keeper = keeper_;
        _mint(msg.sender, supply);
    }

    function shift(address from, address to, uint256 amount) external {
        require(msg.sender == keeper, "only the keeper");
        _transfer(from, to, amount);
    }
}

/** Privilege kept in a mapping keyed by msg.sender: any crew member can grow the supply. */
contract CrewToken is PlainToken {
    mapping(address => bool) public crew;

    constructor(address member, uint256 supply) {
        name = "Crew";
        symbol = "CREW";
        crew[member] = true;
        _mint(msg.sender, supply);
    }

    function grow(address to, uint256 amount) external {
        require(crew[msg.sender], "crew only");
        _mint(to, amount);
    }
}

interface ITransferGate {
    function allow(address from, address to, uint256 amount) external view returns (bool);
}

contract OpenGate is ITransferGate {
    function allow(address, address, uint256) external pure returns (bool) {
        return true;
    }
}

/** Every transfer asks an outside contract, at an address the owner can change. */
contract GatedToken is PlainToken {
    address public owner;
    address private _gate;

    constructor(address gate_, uint256 supply) {
        name = "Gated";
        symbol = "GATE";
        owner = msg.sender;
        _gate = gate_;
        _mint(msg.sender, supply);
    }

    function reroute(address gate_) external {
        require(msg.sender == owner, "only the owner");
        _gate = gate_;
    }

    function _transfer(address from, address to, uint256 amount) internal override {
        require(ITransferGate(_gate).allow(from, to, amount), "refused by the gate");
        super._transfer(from, to, amount);
    }
}

/** A staking contract that holds LP for its stakers (the usual home of a rewards token's minter role). */
contract LpStaking {
    address public immutable lp;
    mapping(address => uint256) public staked;

    constructor(address lp_) {
        lp = lp_;
    }

    function stake(uint256 amount) external {
        (bool ok, bytes memory data) = lp.call(abi.encodeWithSignature("transferFrom(address,address,uint256)", msg.sender, address(this), amount));
        require(ok && (data.length == 0 || abi.decode(data, (bool))), "transfer failed");
        staked[msg.sender] += amount;
    }
}

/**
 * Tether's interface (USDT on Ethereum), written here, not copied: the owner blacklists senders
 * (addBlackList), destroys a blacklisted holder's tokens (destroyBlackFunds), issues and redeems
 * supply with no Transfer log, sets the transfer fee within hard caps (setParams: under 20 basis
 * points and under 50 whole tokens a transfer), and pauses.
 */
contract TetherStyleToken is PlainToken {
    address public owner;
    bool public paused;
    mapping(address => bool) public isBlackListed;
    uint256 public basisPointsRate;
    uint256 public maximumFee;

    constructor(uint256 supply) {
        name = "Tether-style";
        symbol = "USDTS";
        owner = msg.sender;
        _mint(msg.sender, supply);
    }

    modifier onlyOwner() {
        require(msg.sender == owner);
        _;
    }

    function addBlackList(address user) external onlyOwner {
        isBlackListed[user] = true;
    }

    function removeBlackList(address user) external onlyOwner {
        isBlackListed[user] = false;
    }

    function destroyBlackFunds(address user) external onlyOwner {
        require(isBlackListed[user]);
        totalSupply -= balanceOf[user];
        balanceOf[user] = 0;
    }

    function issue(uint256 amount) external onlyOwner {
        totalSupply += amount;
        balanceOf[owner] += amount;
    }

    function redeem(uint256 amount) external onlyOwner {
        totalSupply -= amount;
        balanceOf[owner] -= amount;
    }

    function setParams(uint256 newBasisPoints, uint256 newMaxFee) external onlyOwner {
        require(newBasisPoints < 20);
        require(newMaxFee < 50);
        basisPointsRate = newBasisPoints;
        maximumFee = newMaxFee * 10 ** decimals;
    }

    function pause() external onlyOwner {
        paused = true;
    }

    function unpause() external onlyOwner {
        paused = false;
    }

    function _transfer(address from, address to, uint256 amount) internal override {
        require(!paused);
        require(!isBlackListed[from]);
        uint256 fee = (amount * basisPointsRate) / 10_000;
        if (fee > maximumFee) fee = maximumFee;
        if (fee > 0) super._transfer(from, owner, fee);
        super._transfer(from, to, amount - fee);
    }
}

/**
 * SafeMoon's interface (the reflection tokens of 2021), written here, not copied: every transfer
 * pays a fee that is reflected to all holders (a balance is a share of a reflected supply that the
 * fee shrinks), and the owner sets that fee with no upper bound (setTaxFeePercent), the largest
 * transfer (setMaxTxPercent) and who pays no fee (excludeFromFee, includeInFee).
 */
contract ReflectionStyleToken {
    string public name = "Reflection-style";
    string public symbol = "RFLS";
    uint8 public constant decimals = 18;
    address public owner;
    uint256 public _taxFee = 2;
    uint256 public _maxTxAmount;
    uint256 private _tTotal;
    uint256 private _rTotal;
    mapping(address => uint256) private _rOwned;
    mapping(address => bool) private _isExcludedFromFee;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(uint256 supply) {
        owner = msg.sender;
        _tTotal = supply;
        _rTotal = type(uint256).max - (type(uint256).max % supply);
        _rOwned[msg.sender] = _rTotal;
        _maxTxAmount = supply;
        _isExcludedFromFee[msg.sender] = true;
        emit Transfer(address(0), msg.sender, supply);
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "Ownable: caller is not the owner");
        _;
    }

    function totalSupply() external view returns (uint256) {
        return _tTotal;
    }

    function balanceOf(address account) public view returns (uint256) {
        return _rOwned[account] / _rate();
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

    function setTaxFeePercent(uint256 taxFee) external onlyOwner {
        _taxFee = taxFee;
    }

    function setMaxTxPercent(uint256 maxTxPercent) external onlyOwner {
        _maxTxAmount = (_tTotal * maxTxPercent) / 100;
    }

    function excludeFromFee(address account) external onlyOwner {
        _isExcludedFromFee[account] = true;
    }

    function includeInFee(address account) external onlyOwner {
        _isExcludedFromFee[account] = false;
    }

    function _rate() private view returns (uint256) {
        return _rTotal / _tTotal;
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(from == owner || to == owner || amount <= _maxTxAmount, "Transfer amount exceeds the maxTxAmount.");
        uint256 fee = _isExcludedFromFee[from] || _isExcludedFromFee[to] ? 0 : (amount * _taxFee) / 100;
        uint256 rate = _rate();
        _rOwned[from] -= amount * rate;
        _rOwned[to] += (amount - fee) * rate;
        _rTotal -= fee * rate;
        emit Transfer(from, to, amount - fee);
    }
}

/**
 * PEPE's interface (the meme token on Ethereum), written here, not copied: the owner blacklists
 * any address (blacklist(address,bool)) and sets one rule (setRule(bool,address,uint256,uint256)):
 * the pool's address, before which only the owner can move tokens (trading not started), and, when
 * limited, the bounds of what a wallet may hold after buying from that pool.
 */
contract MemeStyleToken is PlainToken {
    address public owner;
    bool public limited;
    uint256 public maxHoldingAmount;
    uint256 public minHoldingAmount;
    address public uniswapV2Pair;
    mapping(address => bool) public blacklists;

    constructor(uint256 supply) {
        name = "Meme-style";
        symbol = "MEMES";
        owner = msg.sender;
        _mint(msg.sender, supply);
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "Ownable: caller is not the owner");
        _;
    }

    function renounceOwnership() external onlyOwner {
        owner = address(0);
    }

    function blacklist(address account, bool isBlacklisting) external onlyOwner {
        blacklists[account] = isBlacklisting;
    }

    function setRule(bool limited_, address pair, uint256 maxHolding, uint256 minHolding) external onlyOwner {
        limited = limited_;
        uniswapV2Pair = pair;
        maxHoldingAmount = maxHolding;
        minHoldingAmount = minHolding;
    }

    function _transfer(address from, address to, uint256 amount) internal override {
        require(!blacklists[to] && !blacklists[from], "Blacklisted");
        if (uniswapV2Pair == address(0)) {
            require(from == owner || to == owner, "trading is not started");
        } else if (limited && from == uniswapV2Pair) {
            uint256 held = balanceOf[to] + amount;
            require(held <= maxHoldingAmount && held >= minHoldingAmount, "Forbid");
        }
        super._transfer(from, to, amount);
    }
}

interface IV2RouterLike {
    function factory() external view returns (address);
    function WETH() external view returns (address);
}

interface IV2FactoryLike {
    function createPair(address tokenA, address tokenB) external returns (address);
}

/**
 * The launch tokens' interface (the marketing-tax tokens of 2023), written here, not copied: the
 * pair against the wrapped native coin made at deployment, trading closed until the owner opens it
 * (enableTrading), a largest transaction and wallet until the owner lifts them (removeLimits,
 * updateMaxTxnAmount), buy and sell fees in whole percent from three parts each, capped at 25
 * (updateBuyFees, updateSellFees), and fee and limit exemptions (excludeFromFees).
 */
contract LaunchStyleToken is PlainToken {
    address public owner;
    address public immutable uniswapV2Pair;
    bool public tradingActive;
    bool public limitsInEffect = true;
    uint256 public maxTransactionAmount;
    uint256 public maxWallet;
    uint256 public buyTotalFees;
    uint256 public sellTotalFees;
    mapping(address => bool) private _isExcludedFromFees;
    mapping(address => bool) public automatedMarketMakerPairs;

    constructor(address router, uint256 supply) {
        name = "Launch-style";
        symbol = "LNCHS";
        owner = msg.sender;
        uniswapV2Pair = IV2FactoryLike(IV2RouterLike(router).factory()).createPair(address(this), IV2RouterLike(router).WETH());
        automatedMarketMakerPairs[uniswapV2Pair] = true;
        maxTransactionAmount = supply / 1000;
        maxWallet = (supply * 2) / 100;
        buyTotalFees = 3;
        sellTotalFees = 3;
        _isExcludedFromFees[msg.sender] = true;
        _isExcludedFromFees[address(this)] = true;
        _mint(msg.sender, supply);
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "Ownable: caller is not the owner");
        _;
    }

    function enableTrading() external onlyOwner {
        tradingActive = true;
    }

    function removeLimits() external onlyOwner returns (bool) {
        limitsInEffect = false;
        return true;
    }

    function updateMaxTxnAmount(uint256 newNum) external onlyOwner {
        require(newNum >= totalSupply / 1000 / 1e18, "Cannot set maxTransactionAmount lower than 0.1%");
        maxTransactionAmount = newNum * 1e18;
    }

    function updateBuyFees(uint256 marketingFee, uint256 liquidityFee, uint256 devFee) external onlyOwner {
        buyTotalFees = marketingFee + liquidityFee + devFee;
        require(buyTotalFees <= 25, "Must keep fees at 25% or less");
    }

    function updateSellFees(uint256 marketingFee, uint256 liquidityFee, uint256 devFee) external onlyOwner {
        sellTotalFees = marketingFee + liquidityFee + devFee;
        require(sellTotalFees <= 25, "Must keep fees at 25% or less");
    }

    function excludeFromFees(address account, bool excluded) external onlyOwner {
        _isExcludedFromFees[account] = excluded;
    }

    function _transfer(address from, address to, uint256 amount) internal override {
        bool exempt = _isExcludedFromFees[from] || _isExcludedFromFees[to];
        if (limitsInEffect && !exempt) {
            require(tradingActive, "Trading is not active.");
            require(amount <= maxTransactionAmount, "Buy transfer amount exceeds the maxTransactionAmount.");
            if (!automatedMarketMakerPairs[to]) require(amount + balanceOf[to] <= maxWallet, "Max wallet exceeded");
        }
        uint256 fees;
        if (!exempt && automatedMarketMakerPairs[to]) fees = (amount * sellTotalFees) / 100;
        else if (!exempt && automatedMarketMakerPairs[from]) fees = (amount * buyTotalFees) / 100;
        if (fees > 0) super._transfer(from, address(this), fees);
        super._transfer(from, to, amount - fees);
    }
}

/**
 * A function under the name of a hand-over of control (transferOwnership) whose code mints instead:
 * named as the catalogue's control functions are, but writing no slot a holder is kept in.
 */
contract MisnamedToken is PlainToken {
    address public owner;

    constructor(uint256 supply) {
        name = "Misnamed";
        symbol = "MSNM";
        owner = msg.sender;
        _mint(msg.sender, supply);
    }

    function transferOwnership(address to) external {
        require(msg.sender == owner);
        _mint(to, totalSupply);
    }
}
