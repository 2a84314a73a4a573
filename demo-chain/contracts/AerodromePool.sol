// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Demo-chain stand-in for an Aerodrome classic (Velodrome V2 / Solidly) pool, written here from the
// public IPool interface: the same functions, errors and events, a volatile (x·y = k) and a stable
// (x³y + xy³ = k) curve, an ERC-20 LP token, and swap fees kept apart from the reserves in a
// per-pool fee holder that liquidity providers claim from (claimFees). Pools are EIP-1167 clones
// of one implementation, initialised by the factory. Left out: the 30-minute TWAP observations
// (quote/prices/sample/currentCumulativePrices), permit, and setName/setSymbol.

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

interface IAerodromeFactoryForPool {
    function isPaused() external view returns (bool);
    function getFee(address pool, bool stable) external view returns (uint256);
}

interface IAerodromePoolCallee {
    function hook(address sender, uint256 amount0, uint256 amount1, bytes calldata data) external;
}

/// Holds one pool's swap fees until its liquidity providers claim them.
contract AerodromePoolFees {
    address internal immutable pool;
    address internal immutable token0;
    address internal immutable token1;

    constructor(address _token0, address _token1) {
        pool = msg.sender;
        token0 = _token0;
        token1 = _token1;
    }

    function claimFeesFor(address recipient, uint256 amount0, uint256 amount1) external {
        require(msg.sender == pool, "only the pool");
        if (amount0 > 0) SafeERC20.safeTransfer(IERC20(token0), recipient, amount0);
        if (amount1 > 0) SafeERC20.safeTransfer(IERC20(token1), recipient, amount1);
    }
}

contract AerodromePool {
    using SafeERC20 for IERC20;

    error BelowMinimumK();
    error DepositsNotEqual();
    error FactoryAlreadySet();
    error InsufficientInputAmount();
    error InsufficientLiquidity();
    error InsufficientLiquidityBurned();
    error InsufficientLiquidityMinted();
    error InsufficientOutputAmount();
    error InvalidTo();
    error IsPaused();
    error K();
    error Reentrancy();

    event Fees(address indexed sender, uint256 amount0, uint256 amount1);
    event Mint(address indexed sender, uint256 amount0, uint256 amount1);
    event Burn(address indexed sender, address indexed to, uint256 amount0, uint256 amount1);
    event Swap(
        address indexed sender,
        address indexed to,
        uint256 amount0In,
        uint256 amount1In,
        uint256 amount0Out,
        uint256 amount1Out
    );
    event Sync(uint256 reserve0, uint256 reserve1);
    event Claim(address indexed sender, address indexed recipient, uint256 amount0, uint256 amount1);
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    uint256 internal constant MINIMUM_LIQUIDITY = 10 ** 3;
    uint256 internal constant MINIMUM_K = 10 ** 10;
    uint256 internal constant FEE_DENOMINATOR = 10_000;
    /// The first depositor's MINIMUM_LIQUIDITY is minted here and never moves.
    address internal constant LOCKED_LIQUIDITY_HOLDER = address(1);

    // LP token (ERC-20). A clone has no constructor, so name and symbol are set by initialize.
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    address public factory;
    address public token0;
    address public token1;
    bool public stable;
    address public poolFees;
    /// 10 ** decimals of each token, to compare amounts on the stable curve.
    uint256 internal decimals0;
    uint256 internal decimals1;

    uint256 public reserve0;
    uint256 public reserve1;
    uint256 public blockTimestampLast;

    // Fees per LP token (1e18 fixed point), and each holder's share of them.
    uint256 public index0;
    uint256 public index1;
    mapping(address => uint256) public supplyIndex0;
    mapping(address => uint256) public supplyIndex1;
    mapping(address => uint256) public claimable0;
    mapping(address => uint256) public claimable1;

    bool private entered;

    modifier nonReentrant() {
        if (entered) revert Reentrancy();
        entered = true;
        _;
        entered = false;
    }

    function initialize(address _token0, address _token1, bool _stable) external {
        if (factory != address(0)) revert FactoryAlreadySet();
        factory = msg.sender;
        (token0, token1, stable) = (_token0, _token1, _stable);
        decimals0 = 10 ** IERC20Metadata(_token0).decimals();
        decimals1 = 10 ** IERC20Metadata(_token1).decimals();
        string memory pair = string.concat(IERC20Metadata(_token0).symbol(), "/", IERC20Metadata(_token1).symbol());
        name = string.concat(_stable ? "StableV2 AMM - " : "VolatileV2 AMM - ", pair);
        symbol = string.concat(_stable ? "sAMM-" : "vAMM-", pair);
        poolFees = address(new AerodromePoolFees(_token0, _token1));
    }

    // ---- reads ----

    function tokens() external view returns (address, address) {
        return (token0, token1);
    }

    function metadata()
        external
        view
        returns (uint256 dec0, uint256 dec1, uint256 r0, uint256 r1, bool st, address t0, address t1)
    {
        return (decimals0, decimals1, reserve0, reserve1, stable, token0, token1);
    }

    function getReserves() public view returns (uint256 _reserve0, uint256 _reserve1, uint256 _blockTimestampLast) {
        return (reserve0, reserve1, blockTimestampLast);
    }

    function getK() external view returns (uint256) {
        return _k(reserve0, reserve1);
    }

    /// What `amountIn` of `tokenIn` buys at the current reserves, after this pool's fee.
    function getAmountOut(uint256 amountIn, address tokenIn) external view returns (uint256) {
        amountIn -= (amountIn * IAerodromeFactoryForPool(factory).getFee(address(this), stable)) / FEE_DENOMINATOR;
        return _amountOut(amountIn, tokenIn, reserve0, reserve1);
    }

    // ---- LP token ----

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= amount, "insufficient allowance");
            allowance[from][msg.sender] = allowed - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) internal {
        require(to != address(0), "transfer to the zero address");
        _settleFees(from);
        _settleFees(to);
        require(balanceOf[from] >= amount, "transfer amount exceeds balance");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }

    function _mint(address to, uint256 amount) internal {
        _settleFees(to);
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function _burn(address from, uint256 amount) internal {
        _settleFees(from);
        balanceOf[from] -= amount;
        totalSupply -= amount;
        emit Transfer(from, address(0), amount);
    }

    // ---- fees ----

    /// Credits `account` with its share of the fees earned since it was last settled.
    function _settleFees(address account) internal {
        uint256 held = balanceOf[account];
        uint256 global0 = index0;
        uint256 global1 = index1;
        if (held > 0) {
            claimable0[account] += (held * (global0 - supplyIndex0[account])) / 1e18;
            claimable1[account] += (held * (global1 - supplyIndex1[account])) / 1e18;
        }
        supplyIndex0[account] = global0;
        supplyIndex1[account] = global1;
    }

    /// Moves a swap's fee out of the pool into the fee holder and spreads it over the LP supply.
    function _takeFee(bool isToken0, uint256 amount) internal {
        if (amount == 0) return;
        IERC20(isToken0 ? token0 : token1).safeTransfer(poolFees, amount);
        uint256 perToken = (amount * 1e18) / totalSupply;
        if (isToken0) {
            index0 += perToken;
            emit Fees(msg.sender, amount, 0);
        } else {
            index1 += perToken;
            emit Fees(msg.sender, 0, amount);
        }
    }

    function claimFees() external returns (uint256 claimed0, uint256 claimed1) {
        _settleFees(msg.sender);
        claimed0 = claimable0[msg.sender];
        claimed1 = claimable1[msg.sender];
        if (claimed0 > 0 || claimed1 > 0) {
            claimable0[msg.sender] = 0;
            claimable1[msg.sender] = 0;
            AerodromePoolFees(poolFees).claimFeesFor(msg.sender, claimed0, claimed1);
            emit Claim(msg.sender, msg.sender, claimed0, claimed1);
        }
    }

    // ---- liquidity and swaps (called by the router after it moved the tokens in) ----

    function mint(address to) external nonReentrant returns (uint256 liquidity) {
        (uint256 r0, uint256 r1) = (reserve0, reserve1);
        uint256 balance0 = IERC20(token0).balanceOf(address(this));
        uint256 balance1 = IERC20(token1).balanceOf(address(this));
        uint256 amount0 = balance0 - r0;
        uint256 amount1 = balance1 - r1;
        uint256 supply = totalSupply;
        if (supply == 0) {
            liquidity = Math.sqrt(amount0 * amount1) - MINIMUM_LIQUIDITY;
            _mint(LOCKED_LIQUIDITY_HOLDER, MINIMUM_LIQUIDITY);
            if (stable) {
                // A stable pool opens at parity, with enough depth that k cannot be rounded away.
                if ((amount0 * 1e18) / decimals0 != (amount1 * 1e18) / decimals1) revert DepositsNotEqual();
                if (_k(amount0, amount1) <= MINIMUM_K) revert BelowMinimumK();
            }
        } else {
            liquidity = Math.min((amount0 * supply) / r0, (amount1 * supply) / r1);
        }
        if (liquidity == 0) revert InsufficientLiquidityMinted();
        _mint(to, liquidity);
        _sync(balance0, balance1);
        emit Mint(msg.sender, amount0, amount1);
    }

    function burn(address to) external nonReentrant returns (uint256 amount0, uint256 amount1) {
        (address t0, address t1) = (token0, token1);
        uint256 balance0 = IERC20(t0).balanceOf(address(this));
        uint256 balance1 = IERC20(t1).balanceOf(address(this));
        uint256 liquidity = balanceOf[address(this)];
        uint256 supply = totalSupply;
        amount0 = (liquidity * balance0) / supply;
        amount1 = (liquidity * balance1) / supply;
        if (amount0 == 0 || amount1 == 0) revert InsufficientLiquidityBurned();
        _burn(address(this), liquidity);
        IERC20(t0).safeTransfer(to, amount0);
        IERC20(t1).safeTransfer(to, amount1);
        _sync(IERC20(t0).balanceOf(address(this)), IERC20(t1).balanceOf(address(this)));
        emit Burn(msg.sender, to, amount0, amount1);
    }

    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external nonReentrant {
        if (IAerodromeFactoryForPool(factory).isPaused()) revert IsPaused();
        if (amount0Out == 0 && amount1Out == 0) revert InsufficientOutputAmount();
        (uint256 r0, uint256 r1) = (reserve0, reserve1);
        if (amount0Out >= r0 || amount1Out >= r1) revert InsufficientLiquidity();
        if (to == token0 || to == token1) revert InvalidTo();

        if (amount0Out > 0) IERC20(token0).safeTransfer(to, amount0Out);
        if (amount1Out > 0) IERC20(token1).safeTransfer(to, amount1Out);
        if (data.length > 0) IAerodromePoolCallee(to).hook(msg.sender, amount0Out, amount1Out, data);

        (uint256 amount0In, uint256 amount1In) = _settleSwap(r0 - amount0Out, r1 - amount1Out, _k(r0, r1));
        emit Swap(msg.sender, to, amount0In, amount1In, amount0Out, amount1Out);
    }

    /// After a swap paid out: what came in beyond the reserves left (`left0`, `left1`), minus the
    /// fees taken out of it, must keep the curve at or above `kBefore`.
    function _settleSwap(uint256 left0, uint256 left1, uint256 kBefore)
        internal
        returns (uint256 amount0In, uint256 amount1In)
    {
        uint256 balance0 = IERC20(token0).balanceOf(address(this));
        uint256 balance1 = IERC20(token1).balanceOf(address(this));
        amount0In = balance0 > left0 ? balance0 - left0 : 0;
        amount1In = balance1 > left1 ? balance1 - left1 : 0;
        if (amount0In == 0 && amount1In == 0) revert InsufficientInputAmount();

        uint256 feeBps = IAerodromeFactoryForPool(factory).getFee(address(this), stable);
        _takeFee(true, (amount0In * feeBps) / FEE_DENOMINATOR);
        _takeFee(false, (amount1In * feeBps) / FEE_DENOMINATOR);
        balance0 = IERC20(token0).balanceOf(address(this));
        balance1 = IERC20(token1).balanceOf(address(this));
        // The curve holds on what stays in the pool once the fees are out.
        if (_k(balance0, balance1) < kBefore) revert K();
        _sync(balance0, balance1);
    }

    /// Sends out whatever the pool holds beyond its reserves.
    function skim(address to) external nonReentrant {
        (address t0, address t1) = (token0, token1);
        IERC20(t0).safeTransfer(to, IERC20(t0).balanceOf(address(this)) - reserve0);
        IERC20(t1).safeTransfer(to, IERC20(t1).balanceOf(address(this)) - reserve1);
    }

    /// Makes the reserves what the pool holds.
    function sync() external nonReentrant {
        _sync(IERC20(token0).balanceOf(address(this)), IERC20(token1).balanceOf(address(this)));
    }

    function _sync(uint256 balance0, uint256 balance1) internal {
        reserve0 = balance0;
        reserve1 = balance1;
        blockTimestampLast = block.timestamp;
        emit Sync(balance0, balance1);
    }

    // ---- curves ----

    /// The invariant: x·y on the volatile curve; x³y + xy³ (amounts in 18 decimals) on the stable one.
    function _k(uint256 x, uint256 y) internal view returns (uint256) {
        if (!stable) return x * y;
        return _stableK((x * 1e18) / decimals0, (y * 1e18) / decimals1);
    }

    /// x·y·(x² + y²) = x³y + xy³, in 18-decimal fixed point.
    function _stableK(uint256 x, uint256 y) internal pure returns (uint256) {
        uint256 product = (x * y) / 1e18;
        uint256 squares = (x * x) / 1e18 + (y * y) / 1e18;
        return (product * squares) / 1e18;
    }

    /// d(x³y + xy³)/dy = x³ + 3xy², in 18-decimal fixed point.
    function _stableSlope(uint256 x, uint256 y) internal pure returns (uint256) {
        return (((x * x) / 1e18) * x) / 1e18 + (3 * x * ((y * y) / 1e18)) / 1e18;
    }

    /// The least y with _stableK(x, y) >= k, by Newton's method from `y` (the current reserve, above
    /// the answer when x grew). The curve is convex in y, so steps from above never overshoot it.
    function _stableY(uint256 x, uint256 k, uint256 y) internal pure returns (uint256) {
        for (uint256 i = 0; i < 255; i++) {
            uint256 current = _stableK(x, y);
            uint256 slope = _stableSlope(x, y);
            if (current >= k) {
                uint256 down = ((current - k) * 1e18) / slope;
                if (down == 0) break;
                y = down >= y ? 0 : y - down;
            } else {
                y += ((k - current) * 1e18) / slope + 1;
            }
        }
        while (y > 0 && _stableK(x, y - 1) >= k) y--;
        while (_stableK(x, y) < k) y++;
        return y;
    }

    function _amountOut(uint256 amountIn, address tokenIn, uint256 r0, uint256 r1) internal view returns (uint256) {
        bool zeroIn = tokenIn == token0;
        (uint256 reserveIn, uint256 reserveOut) = zeroIn ? (r0, r1) : (r1, r0);
        if (!stable) return (amountIn * reserveOut) / (reserveIn + amountIn);
        (uint256 unitIn, uint256 unitOut) = zeroIn ? (decimals0, decimals1) : (decimals1, decimals0);
        uint256 k = _k(r0, r1);
        uint256 x = ((reserveIn + amountIn) * 1e18) / unitIn;
        uint256 y = _stableY(x, k, (reserveOut * 1e18) / unitOut);
        // Rounded up into the output token's units, so the pool's own k check always passes.
        uint256 reserveOutAfter = Math.mulDiv(y, unitOut, 1e18, Math.Rounding.Ceil);
        return reserveOutAfter >= reserveOut ? 0 : reserveOut - reserveOutAfter;
    }
}
