// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice What PancakeSwap V3 pools call back and what they are called with (IPancakeV3Pool's
/// public interface), nothing more.
interface IPancakeV3PoolActions {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function mint(address recipient, int24 tickLower, int24 tickUpper, uint128 amount, bytes calldata data)
        external
        returns (uint256 amount0, uint256 amount1);
    function swap(
        address recipient,
        bool zeroForOne,
        int256 amountSpecified,
        uint160 sqrtPriceLimitX96,
        bytes calldata data
    ) external returns (int256 amount0, int256 amount1);
}

interface IWrappedNativeCoin {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
    function transfer(address to, uint256 amount) external returns (bool);
}

interface IERC20Transfers {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}

/// @notice A small periphery for PancakeSwap V3 pools on the demo chain, where PancakeSwap's own
/// position manager and SmartRouter are not placed: it adds liquidity for a recipient (the position
/// is the recipient's, in the pool) and swaps an exact input, paying the pool in its callbacks from
/// the caller's approved tokens or from native coin sent along (wrapped on the way). Native coin
/// not used is sent back. Only the pool the current call talks to may call back.
contract DemoPancakeV3Router {
    uint160 internal constant MIN_SQRT_RATIO = 4295128739;
    uint160 internal constant MAX_SQRT_RATIO = 1461446703485210103287273052203988822378723970342;

    address public immutable wrappedNative;

    address private transient activePool;
    address private transient payer;

    error UnexpectedCallback();
    error TooLittleReceived(uint256 amountOut, uint256 amountOutMinimum);
    error NativeTransferFailed();
    error OnlyWrappedNative();
    error PaymentFailed();

    constructor(address wrappedNative_) {
        wrappedNative = wrappedNative_;
    }

    receive() external payable {
        // Unwrapping sends native coin here with 2,300 gas: nothing but the check may run.
        if (msg.sender != wrappedNative) revert OnlyWrappedNative();
    }

    /// @notice Adds `liquidity` between the two ticks for `recipient`, paid by the caller.
    function addLiquidity(address pool, int24 tickLower, int24 tickUpper, uint128 liquidity, address recipient)
        external
        payable
        returns (uint256 amount0, uint256 amount1)
    {
        _open(pool);
        (amount0, amount1) = IPancakeV3PoolActions(pool).mint(recipient, tickLower, tickUpper, liquidity, "");
        _close();
    }

    /// @notice Sells exactly `amountIn` of one side of the pool for the other. With `unwrapOutput`
    /// the wrapped native coin received is unwrapped and sent to the caller as native coin.
    function swapExactInput(
        address pool,
        bool zeroForOne,
        uint256 amountIn,
        uint256 amountOutMinimum,
        bool unwrapOutput
    ) external payable returns (uint256 amountOut) {
        _open(pool);
        (int256 amount0, int256 amount1) = IPancakeV3PoolActions(pool).swap(
            unwrapOutput ? address(this) : msg.sender,
            zeroForOne,
            int256(amountIn),
            zeroForOne ? MIN_SQRT_RATIO + 1 : MAX_SQRT_RATIO - 1,
            ""
        );
        amountOut = uint256(-(zeroForOne ? amount1 : amount0));
        if (amountOut < amountOutMinimum) revert TooLittleReceived(amountOut, amountOutMinimum);
        if (unwrapOutput) {
            IWrappedNativeCoin(wrappedNative).withdraw(amountOut);
            _sendNative(msg.sender, amountOut);
        }
        _close();
    }

    function pancakeV3MintCallback(uint256 amount0Owed, uint256 amount1Owed, bytes calldata) external {
        if (msg.sender != activePool) revert UnexpectedCallback();
        if (amount0Owed > 0) _pay(IPancakeV3PoolActions(msg.sender).token0(), amount0Owed);
        if (amount1Owed > 0) _pay(IPancakeV3PoolActions(msg.sender).token1(), amount1Owed);
    }

    function pancakeV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata) external {
        if (msg.sender != activePool) revert UnexpectedCallback();
        if (amount0Delta > 0) _pay(IPancakeV3PoolActions(msg.sender).token0(), uint256(amount0Delta));
        if (amount1Delta > 0) _pay(IPancakeV3PoolActions(msg.sender).token1(), uint256(amount1Delta));
    }

    function _open(address pool) private {
        activePool = pool;
        payer = msg.sender;
    }

    /// @dev Sends back whatever native coin the call did not use.
    function _close() private {
        activePool = address(0);
        address caller = payer;
        payer = address(0);
        uint256 left = address(this).balance;
        if (left > 0) _sendNative(caller, left);
    }

    function _pay(address token, uint256 amount) private {
        if (token == wrappedNative && address(this).balance >= amount) {
            IWrappedNativeCoin(wrappedNative).deposit{value: amount}();
            if (!IWrappedNativeCoin(wrappedNative).transfer(msg.sender, amount)) revert PaymentFailed();
        } else {
            if (!IERC20Transfers(token).transferFrom(payer, msg.sender, amount)) revert PaymentFailed();
        }
    }

    function _sendNative(address to, uint256 amount) private {
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert NativeTransferFailed();
    }
}
