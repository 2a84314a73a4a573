// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Demo-chain stand-in for Aerodrome's classic Router, written here from the public IRouter
// interface: the Route { from, to, stable, factory } struct, liquidity in and out (with native
// ETH through WETH), exact-input swaps along routes, their fee-on-transfer variants, and the
// quotes. Pool addresses are derived from the factory's clone implementation, as on Base.
// Differences: only the default factory is accepted (Base asks a FactoryRegistry which factories
// are approved), and there is no zapIn/zapOut, UNSAFE_swapExactTokensForTokens or forwarder.

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Clones} from "@openzeppelin/contracts/proxy/Clones.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";

interface IAerodromeRouterFactory {
    function implementation() external view returns (address);
    function getPool(address tokenA, address tokenB, bool stable) external view returns (address);
    function createPool(address tokenA, address tokenB, bool stable) external returns (address);
    function isPool(address pool) external view returns (bool);
}

interface IAerodromeRouterPool {
    function getReserves() external view returns (uint256, uint256, uint256);
    function getAmountOut(uint256 amountIn, address tokenIn) external view returns (uint256);
    function mint(address to) external returns (uint256 liquidity);
    function burn(address to) external returns (uint256 amount0, uint256 amount1);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
    function totalSupply() external view returns (uint256);
}

interface IAerodromeWETH {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
    function transfer(address to, uint256 amount) external returns (bool);
}

contract AerodromeRouter {
    using SafeERC20 for IERC20;

    struct Route {
        address from;
        address to;
        bool stable;
        address factory;
    }

    error ETHTransferFailed();
    error Expired();
    error InsufficientAmount();
    error InsufficientAmountA();
    error InsufficientAmountB();
    error InsufficientAmountADesired();
    error InsufficientAmountBDesired();
    error InsufficientLiquidity();
    error InsufficientOutputAmount();
    error InvalidPath();
    error OnlyWETH();
    error PoolDoesNotExist();
    error PoolFactoryDoesNotExist();
    error SameAddresses();
    error ZeroAddress();

    uint256 internal constant MINIMUM_LIQUIDITY = 10 ** 3;
    /// Stands for native ETH where a token address is expected.
    address public constant ETHER = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;

    address public immutable defaultFactory;
    IAerodromeWETH public immutable weth;

    constructor(address _factory, address _weth) {
        defaultFactory = _factory;
        weth = IAerodromeWETH(_weth);
    }

    receive() external payable {
        if (msg.sender != address(weth)) revert OnlyWETH();
    }

    modifier ensure(uint256 deadline) {
        if (deadline < block.timestamp) revert Expired();
        _;
    }

    // ---- reads ----

    function sortTokens(address tokenA, address tokenB) public pure returns (address token0, address token1) {
        if (tokenA == tokenB) revert SameAddresses();
        (token0, token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        if (token0 == address(0)) revert ZeroAddress();
    }

    /// The pool's address whether or not it exists yet: the factory's clone of its implementation.
    function poolFor(address tokenA, address tokenB, bool stable, address _factory) public view returns (address pool) {
        address factory = _factory == address(0) ? defaultFactory : _factory;
        if (factory != defaultFactory) revert PoolFactoryDoesNotExist();
        (address token0, address token1) = sortTokens(tokenA, tokenB);
        pool = Clones.predictDeterministicAddress(
            IAerodromeRouterFactory(factory).implementation(),
            keccak256(abi.encodePacked(token0, token1, stable)),
            factory
        );
    }

    function getReserves(address tokenA, address tokenB, bool stable, address _factory)
        public
        view
        returns (uint256 reserveA, uint256 reserveB)
    {
        (address token0,) = sortTokens(tokenA, tokenB);
        (uint256 reserve0, uint256 reserve1,) = IAerodromeRouterPool(poolFor(tokenA, tokenB, stable, _factory)).getReserves();
        (reserveA, reserveB) = tokenA == token0 ? (reserve0, reserve1) : (reserve1, reserve0);
    }

    function getAmountsOut(uint256 amountIn, Route[] memory routes) public view returns (uint256[] memory amounts) {
        if (routes.length < 1) revert InvalidPath();
        amounts = new uint256[](routes.length + 1);
        amounts[0] = amountIn;
        for (uint256 i = 0; i < routes.length; i++) {
            address factory = routes[i].factory == address(0) ? defaultFactory : routes[i].factory;
            address pool = poolFor(routes[i].from, routes[i].to, routes[i].stable, factory);
            if (IAerodromeRouterFactory(factory).isPool(pool)) {
                amounts[i + 1] = IAerodromeRouterPool(pool).getAmountOut(amounts[i], routes[i].from);
            }
        }
    }

    function quoteAddLiquidity(
        address tokenA,
        address tokenB,
        bool stable,
        address _factory,
        uint256 amountADesired,
        uint256 amountBDesired
    ) external view returns (uint256 amountA, uint256 amountB, uint256 liquidity) {
        address pool = IAerodromeRouterFactory(_factory).getPool(tokenA, tokenB, stable);
        (uint256 reserveA, uint256 reserveB) = (0, 0);
        uint256 supply = 0;
        if (pool != address(0)) {
            supply = IAerodromeRouterPool(pool).totalSupply();
            (reserveA, reserveB) = getReserves(tokenA, tokenB, stable, _factory);
        }
        if (reserveA == 0 && reserveB == 0) {
            (amountA, amountB) = (amountADesired, amountBDesired);
            liquidity = Math.sqrt(amountA * amountB) - MINIMUM_LIQUIDITY;
        } else {
            uint256 amountBOptimal = _quoteLiquidity(amountADesired, reserveA, reserveB);
            if (amountBOptimal <= amountBDesired) {
                (amountA, amountB) = (amountADesired, amountBOptimal);
            } else {
                (amountA, amountB) = (_quoteLiquidity(amountBDesired, reserveB, reserveA), amountBDesired);
            }
            liquidity = Math.min((amountA * supply) / reserveA, (amountB * supply) / reserveB);
        }
    }

    function quoteRemoveLiquidity(address tokenA, address tokenB, bool stable, address _factory, uint256 liquidity)
        external
        view
        returns (uint256 amountA, uint256 amountB)
    {
        address pool = IAerodromeRouterFactory(_factory).getPool(tokenA, tokenB, stable);
        if (pool == address(0)) return (0, 0);
        (uint256 reserveA, uint256 reserveB) = getReserves(tokenA, tokenB, stable, _factory);
        uint256 supply = IAerodromeRouterPool(pool).totalSupply();
        amountA = (liquidity * reserveA) / supply;
        amountB = (liquidity * reserveB) / supply;
    }

    function _quoteLiquidity(uint256 amountA, uint256 reserveA, uint256 reserveB) internal pure returns (uint256) {
        if (amountA == 0) revert InsufficientAmount();
        if (reserveA == 0 || reserveB == 0) revert InsufficientLiquidity();
        return (amountA * reserveB) / reserveA;
    }

    // ---- liquidity ----

    function _addLiquidity(
        address tokenA,
        address tokenB,
        bool stable,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin
    ) internal returns (uint256 amountA, uint256 amountB) {
        if (amountADesired < amountAMin) revert InsufficientAmountADesired();
        if (amountBDesired < amountBMin) revert InsufficientAmountBDesired();
        // The first deposit creates the pool.
        if (IAerodromeRouterFactory(defaultFactory).getPool(tokenA, tokenB, stable) == address(0)) {
            IAerodromeRouterFactory(defaultFactory).createPool(tokenA, tokenB, stable);
        }
        (uint256 reserveA, uint256 reserveB) = getReserves(tokenA, tokenB, stable, defaultFactory);
        if (reserveA == 0 && reserveB == 0) return (amountADesired, amountBDesired);
        uint256 amountBOptimal = _quoteLiquidity(amountADesired, reserveA, reserveB);
        if (amountBOptimal <= amountBDesired) {
            if (amountBOptimal < amountBMin) revert InsufficientAmountB();
            return (amountADesired, amountBOptimal);
        }
        uint256 amountAOptimal = _quoteLiquidity(amountBDesired, reserveB, reserveA);
        if (amountAOptimal < amountAMin) revert InsufficientAmountA();
        return (amountAOptimal, amountBDesired);
    }

    function addLiquidity(
        address tokenA,
        address tokenB,
        bool stable,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity) {
        (amountA, amountB) = _addLiquidity(tokenA, tokenB, stable, amountADesired, amountBDesired, amountAMin, amountBMin);
        liquidity = _deposit(tokenA, tokenB, stable, amountA, amountB, to);
    }

    function _deposit(address tokenA, address tokenB, bool stable, uint256 amountA, uint256 amountB, address to)
        internal
        returns (uint256 liquidity)
    {
        address pool = poolFor(tokenA, tokenB, stable, defaultFactory);
        IERC20(tokenA).safeTransferFrom(msg.sender, pool, amountA);
        IERC20(tokenB).safeTransferFrom(msg.sender, pool, amountB);
        liquidity = IAerodromeRouterPool(pool).mint(to);
    }

    function addLiquidityETH(
        address token,
        bool stable,
        uint256 amountTokenDesired,
        uint256 amountTokenMin,
        uint256 amountETHMin,
        address to,
        uint256 deadline
    ) external payable ensure(deadline) returns (uint256 amountToken, uint256 amountETH, uint256 liquidity) {
        (amountToken, amountETH) =
            _addLiquidity(token, address(weth), stable, amountTokenDesired, msg.value, amountTokenMin, amountETHMin);
        address pool = poolFor(token, address(weth), stable, defaultFactory);
        IERC20(token).safeTransferFrom(msg.sender, pool, amountToken);
        weth.deposit{value: amountETH}();
        require(weth.transfer(pool, amountETH), "WETH transfer failed");
        liquidity = IAerodromeRouterPool(pool).mint(to);
        if (msg.value > amountETH) _sendETH(msg.sender, msg.value - amountETH);
    }

    function removeLiquidity(
        address tokenA,
        address tokenB,
        bool stable,
        uint256 liquidity,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) public ensure(deadline) returns (uint256 amountA, uint256 amountB) {
        address pool = poolFor(tokenA, tokenB, stable, defaultFactory);
        IERC20(pool).safeTransferFrom(msg.sender, pool, liquidity);
        (uint256 amount0, uint256 amount1) = IAerodromeRouterPool(pool).burn(to);
        (address token0,) = sortTokens(tokenA, tokenB);
        (amountA, amountB) = tokenA == token0 ? (amount0, amount1) : (amount1, amount0);
        if (amountA < amountAMin) revert InsufficientAmountA();
        if (amountB < amountBMin) revert InsufficientAmountB();
    }

    function removeLiquidityETH(
        address token,
        bool stable,
        uint256 liquidity,
        uint256 amountTokenMin,
        uint256 amountETHMin,
        address to,
        uint256 deadline
    ) public ensure(deadline) returns (uint256 amountToken, uint256 amountETH) {
        (amountToken, amountETH) = removeLiquidity(
            token, address(weth), stable, liquidity, amountTokenMin, amountETHMin, address(this), deadline
        );
        IERC20(token).safeTransfer(to, amountToken);
        weth.withdraw(amountETH);
        _sendETH(to, amountETH);
    }

    function removeLiquidityETHSupportingFeeOnTransferTokens(
        address token,
        bool stable,
        uint256 liquidity,
        uint256 amountTokenMin,
        uint256 amountETHMin,
        address to,
        uint256 deadline
    ) public ensure(deadline) returns (uint256 amountETH) {
        (, amountETH) = removeLiquidity(
            token, address(weth), stable, liquidity, amountTokenMin, amountETHMin, address(this), deadline
        );
        IERC20(token).safeTransfer(to, IERC20(token).balanceOf(address(this)));
        weth.withdraw(amountETH);
        _sendETH(to, amountETH);
    }

    // ---- swaps ----

    function _poolOf(Route memory route) internal view returns (address) {
        return poolFor(route.from, route.to, route.stable, route.factory);
    }

    /// Where hop i sends its output: the next hop's pool, or `to` after the last hop.
    function _recipientOf(Route[] memory routes, uint256 i, address to) internal view returns (address) {
        return i < routes.length - 1 ? _poolOf(routes[i + 1]) : to;
    }

    function _outputs(Route memory route, uint256 amountOut) internal pure returns (uint256 amount0Out, uint256 amount1Out) {
        (address token0,) = sortTokens(route.from, route.to);
        return route.from == token0 ? (uint256(0), amountOut) : (amountOut, uint256(0));
    }

    /// Each hop's pool sends its output straight to the next hop's pool, the last one to `to`.
    function _swap(uint256[] memory amounts, Route[] memory routes, address to) internal {
        for (uint256 i = 0; i < routes.length; i++) {
            (uint256 amount0Out, uint256 amount1Out) = _outputs(routes[i], amounts[i + 1]);
            IAerodromeRouterPool(_poolOf(routes[i])).swap(amount0Out, amount1Out, _recipientOf(routes, i, to), new bytes(0));
        }
    }

    function _firstPool(Route[] memory routes) internal view returns (address) {
        return _poolOf(routes[0]);
    }

    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        Route[] calldata routes,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256[] memory amounts) {
        amounts = getAmountsOut(amountIn, routes);
        if (amounts[amounts.length - 1] < amountOutMin) revert InsufficientOutputAmount();
        IERC20(routes[0].from).safeTransferFrom(msg.sender, _firstPool(routes), amounts[0]);
        _swap(amounts, routes, to);
    }

    function swapExactETHForTokens(uint256 amountOutMin, Route[] calldata routes, address to, uint256 deadline)
        external
        payable
        ensure(deadline)
        returns (uint256[] memory amounts)
    {
        if (routes[0].from != address(weth)) revert InvalidPath();
        amounts = getAmountsOut(msg.value, routes);
        if (amounts[amounts.length - 1] < amountOutMin) revert InsufficientOutputAmount();
        weth.deposit{value: amounts[0]}();
        require(weth.transfer(_firstPool(routes), amounts[0]), "WETH transfer failed");
        _swap(amounts, routes, to);
    }

    function swapExactTokensForETH(
        uint256 amountIn,
        uint256 amountOutMin,
        Route[] calldata routes,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256[] memory amounts) {
        if (routes[routes.length - 1].to != address(weth)) revert InvalidPath();
        amounts = getAmountsOut(amountIn, routes);
        if (amounts[amounts.length - 1] < amountOutMin) revert InsufficientOutputAmount();
        IERC20(routes[0].from).safeTransferFrom(msg.sender, _firstPool(routes), amounts[0]);
        _swap(amounts, routes, address(this));
        weth.withdraw(amounts[amounts.length - 1]);
        _sendETH(to, amounts[amounts.length - 1]);
    }

    /// What a pool pays for the input it actually received (for tokens that take a fee on transfer).
    function _receivedOut(Route memory route, address pool) internal view returns (uint256) {
        (address token0,) = sortTokens(route.from, route.to);
        (uint256 reserve0, uint256 reserve1,) = IAerodromeRouterPool(pool).getReserves();
        uint256 received = IERC20(route.from).balanceOf(pool) - (route.from == token0 ? reserve0 : reserve1);
        return IAerodromeRouterPool(pool).getAmountOut(received, route.from);
    }

    /// Swaps with what each pool actually received, for tokens that take a fee on transfer.
    function _swapSupportingFeeOnTransferTokens(Route[] memory routes, address to) internal {
        for (uint256 i = 0; i < routes.length; i++) {
            address pool = _poolOf(routes[i]);
            (uint256 amount0Out, uint256 amount1Out) = _outputs(routes[i], _receivedOut(routes[i], pool));
            IAerodromeRouterPool(pool).swap(amount0Out, amount1Out, _recipientOf(routes, i, to), new bytes(0));
        }
    }

    function swapExactTokensForTokensSupportingFeeOnTransferTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        Route[] calldata routes,
        address to,
        uint256 deadline
    ) external ensure(deadline) {
        IERC20(routes[0].from).safeTransferFrom(msg.sender, _firstPool(routes), amountIn);
        address tokenOut = routes[routes.length - 1].to;
        uint256 before = IERC20(tokenOut).balanceOf(to);
        _swapSupportingFeeOnTransferTokens(routes, to);
        if (IERC20(tokenOut).balanceOf(to) - before < amountOutMin) revert InsufficientOutputAmount();
    }

    function swapExactETHForTokensSupportingFeeOnTransferTokens(
        uint256 amountOutMin,
        Route[] calldata routes,
        address to,
        uint256 deadline
    ) external payable ensure(deadline) {
        if (routes[0].from != address(weth)) revert InvalidPath();
        weth.deposit{value: msg.value}();
        require(weth.transfer(_firstPool(routes), msg.value), "WETH transfer failed");
        address tokenOut = routes[routes.length - 1].to;
        uint256 before = IERC20(tokenOut).balanceOf(to);
        _swapSupportingFeeOnTransferTokens(routes, to);
        if (IERC20(tokenOut).balanceOf(to) - before < amountOutMin) revert InsufficientOutputAmount();
    }

    function swapExactTokensForETHSupportingFeeOnTransferTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        Route[] calldata routes,
        address to,
        uint256 deadline
    ) external ensure(deadline) {
        if (routes[routes.length - 1].to != address(weth)) revert InvalidPath();
        IERC20(routes[0].from).safeTransferFrom(msg.sender, _firstPool(routes), amountIn);
        _swapSupportingFeeOnTransferTokens(routes, address(this));
        uint256 amountOut = IERC20(address(weth)).balanceOf(address(this));
        if (amountOut < amountOutMin) revert InsufficientOutputAmount();
        weth.withdraw(amountOut);
        _sendETH(to, amountOut);
    }

    function _sendETH(address to, uint256 amount) internal {
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert ETHTransferFailed();
    }
}
