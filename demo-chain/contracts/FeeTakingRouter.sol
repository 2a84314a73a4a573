// SPDX-License-Identifier: MIT
// Demo chain only: a router of our own shaped like the trading-bot and aggregator routers most
// retail trades go through. It speaks Uniswap V2 Router02's "supporting fee-on-transfer" calls
// (the shape those routers copy), swaps through the canonical V2 pair, and keeps a fee on each
// leg: on a buy, a part of the native coin sent before it is swapped; on a sell, a part of what the
// pool paid before the rest reaches the trader. The pool pays the router, never the trader, and a
// sell pays the trader in native coin (the wrapped native unwrapped here), so what reaches the
// trader is an internal transfer with no log.
pragma solidity ^0.8.24;

interface IFeeRouterToken {
    function transfer(address to, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    function balanceOf(address account) external view returns (uint256);
}

interface IFeeRouterWrappedNative is IFeeRouterToken {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
}

interface IFeeRouterFactory {
    function getPair(address tokenA, address tokenB) external view returns (address);
}

interface IFeeRouterPair {
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

contract FeeTakingRouter {
    address public immutable factory;
    address public immutable WETH;
    /// The fee kept on each leg, in basis points of the native side.
    uint256 public constant FEE_BPS = 100;

    error Expired();
    error UnsupportedPath();
    error NoPair();
    error InsufficientOutput(uint256 amountOut, uint256 amountOutMin);
    error TransferFailed();
    error NativeTransferFailed();

    event FeeTaken(address indexed trader, address indexed token, uint256 fee);

    constructor(address factory_, address wrappedNative) {
        factory = factory_;
        WETH = wrappedNative;
    }

    /// Only the wrapped native pays native coin in (when the router unwraps a sell's proceeds).
    receive() external payable {
        if (msg.sender != WETH) revert NativeTransferFailed();
    }

    /// Buy: `path` is [WETH, token]; the fee comes off the native coin sent, the rest is swapped.
    function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] calldata path, address to, uint256 deadline) external payable {
        if (block.timestamp > deadline) revert Expired();
        if (path.length != 2 || path[0] != WETH) revert UnsupportedPath();
        address token = path[1];
        address pair = _pairOf(token);
        uint256 fee = (msg.value * FEE_BPS) / 10_000;
        uint256 amountIn = msg.value - fee;
        IFeeRouterWrappedNative(WETH).deposit{value: amountIn}();
        _transfer(WETH, pair, amountIn);
        // The pool pays the router; a fee-on-transfer token may deliver less than the pool sent.
        uint256 before = IFeeRouterToken(token).balanceOf(address(this));
        _swap(pair, WETH, token, address(this));
        uint256 received = IFeeRouterToken(token).balanceOf(address(this)) - before;
        if (received < amountOutMin) revert InsufficientOutput(received, amountOutMin);
        _transfer(token, to, received);
        emit FeeTaken(msg.sender, token, fee);
    }

    /// Sell: `path` is [token, WETH]; the trader's tokens go straight into the pair, the pool pays
    /// the router in the wrapped native, and the trader gets the rest in native coin after the fee.
    function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline) external {
        if (block.timestamp > deadline) revert Expired();
        if (path.length != 2 || path[1] != WETH) revert UnsupportedPath();
        address token = path[0];
        address pair = _pairOf(token);
        if (!IFeeRouterToken(token).transferFrom(msg.sender, pair, amountIn)) revert TransferFailed();
        uint256 before = IFeeRouterToken(WETH).balanceOf(address(this));
        _swap(pair, token, WETH, address(this));
        uint256 proceeds = IFeeRouterToken(WETH).balanceOf(address(this)) - before;
        uint256 fee = (proceeds * FEE_BPS) / 10_000;
        uint256 paid = proceeds - fee;
        if (paid < amountOutMin) revert InsufficientOutput(paid, amountOutMin);
        IFeeRouterWrappedNative(WETH).withdraw(proceeds);
        (bool ok, ) = to.call{value: paid}("");
        if (!ok) revert NativeTransferFailed();
        emit FeeTaken(msg.sender, token, fee);
    }

    function _pairOf(address token) private view returns (address pair) {
        pair = IFeeRouterFactory(factory).getPair(token, WETH);
        if (pair == address(0)) revert NoPair();
    }

    /// One V2 swap of whatever the pair received of `input` beyond its reserve, paid to `to`.
    function _swap(address pair, address input, address output, address to) private {
        bool inputIsToken0 = input < output;
        (uint256 reserve0, uint256 reserve1, ) = IFeeRouterPair(pair).getReserves();
        (uint256 reserveIn, uint256 reserveOut) = inputIsToken0 ? (reserve0, reserve1) : (reserve1, reserve0);
        uint256 amountIn = IFeeRouterToken(input).balanceOf(pair) - reserveIn;
        // The pair's own 0.3 % fee, as Uniswap V2's getAmountOut computes it.
        uint256 amountInWithFee = amountIn * 997;
        uint256 amountOut = (amountInWithFee * reserveOut) / (reserveIn * 1000 + amountInWithFee);
        (uint256 amount0Out, uint256 amount1Out) = inputIsToken0 ? (uint256(0), amountOut) : (amountOut, uint256(0));
        IFeeRouterPair(pair).swap(amount0Out, amount1Out, to, new bytes(0));
    }

    function _transfer(address token, address to, uint256 amount) private {
        if (!IFeeRouterToken(token).transfer(to, amount)) revert TransferFailed();
    }
}
