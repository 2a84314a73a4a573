// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Demo-chain stand-in for Aerodrome Slipstream's NonfungiblePositionManager, written here from its
// public interface: each position is an ERC-721 (enumerable) token; positions(tokenId) returns
// Slipstream's twelve fields (tickSpacing where Uniswap V3 has fee); mint takes Slipstream's
// MintParams, whose sqrtPriceX96, when not zero, creates the pool first; decreaseLiquidity,
// collect, increaseLiquidity and burn work as in Uniswap V3. The manager owns the liquidity in
// the pool and keeps each token's share of the fees. Left out: permit, and token URIs.

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Enumerable} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Enumerable.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {SlipstreamMath} from "./SlipstreamMath.sol";
import {SlipstreamPeriphery} from "./SlipstreamPeriphery.sol";

interface ISlipstreamFactoryCreate {
    function createPool(address tokenA, address tokenB, int24 tickSpacing, uint160 sqrtPriceX96)
        external
        returns (address pool);
}

interface ISlipstreamPoolForManager {
    function slot0() external view returns (uint160, int24, uint16, uint16, uint16, bool);
    function positions(bytes32 key) external view returns (uint128, uint256, uint256, uint128, uint128);
    function mint(address recipient, int24 tickLower, int24 tickUpper, uint128 amount, bytes calldata data)
        external
        returns (uint256 amount0, uint256 amount1);
    function burn(int24 tickLower, int24 tickUpper, uint128 amount) external returns (uint256 amount0, uint256 amount1);
    function collect(address recipient, int24 tickLower, int24 tickUpper, uint128 amount0Requested, uint128 amount1Requested)
        external
        returns (uint128 amount0, uint128 amount1);
}

contract SlipstreamPositionManager is ERC721Enumerable, SlipstreamPeriphery {
    struct Position {
        uint96 nonce;
        address token0;
        address token1;
        int24 tickSpacing;
        int24 tickLower;
        int24 tickUpper;
        uint128 liquidity;
        uint256 feeGrowthInside0LastX128;
        uint256 feeGrowthInside1LastX128;
        uint128 tokensOwed0;
        uint128 tokensOwed1;
    }

    struct MintParams {
        address token0;
        address token1;
        int24 tickSpacing;
        int24 tickLower;
        int24 tickUpper;
        uint256 amount0Desired;
        uint256 amount1Desired;
        uint256 amount0Min;
        uint256 amount1Min;
        address recipient;
        uint256 deadline;
        uint160 sqrtPriceX96;
    }

    struct IncreaseLiquidityParams {
        uint256 tokenId;
        uint256 amount0Desired;
        uint256 amount1Desired;
        uint256 amount0Min;
        uint256 amount1Min;
        uint256 deadline;
    }

    struct DecreaseLiquidityParams {
        uint256 tokenId;
        uint128 liquidity;
        uint256 amount0Min;
        uint256 amount1Min;
        uint256 deadline;
    }

    struct CollectParams {
        uint256 tokenId;
        address recipient;
        uint128 amount0Max;
        uint128 amount1Max;
    }

    struct MintCallbackData {
        address token0;
        address token1;
        int24 tickSpacing;
        address payer;
    }

    /// Which pool, which range and how much: what adding liquidity needs.
    struct AddLiquidity {
        address token0;
        address token1;
        int24 tickSpacing;
        int24 tickLower;
        int24 tickUpper;
        uint256 amount0Desired;
        uint256 amount1Desired;
        uint256 amount0Min;
        uint256 amount1Min;
    }

    event IncreaseLiquidity(uint256 indexed tokenId, uint128 liquidity, uint256 amount0, uint256 amount1);
    event DecreaseLiquidity(uint256 indexed tokenId, uint128 liquidity, uint256 amount0, uint256 amount1);
    event Collect(uint256 indexed tokenId, address recipient, uint256 amount0, uint256 amount1);

    mapping(uint256 => Position) internal _positions;
    uint256 internal _nextId = 1;

    constructor(address _factory, address _WETH9, string memory name_, string memory symbol_)
        ERC721(name_, symbol_)
        SlipstreamPeriphery(_factory, _WETH9)
    {}

    modifier isAuthorizedForToken(uint256 tokenId) {
        _checkAuthorized(_ownerOf(tokenId), msg.sender, tokenId);
        _;
    }

    function positions(uint256 tokenId)
        external
        view
        returns (
            uint96 nonce,
            address operator,
            address token0,
            address token1,
            int24 tickSpacing,
            int24 tickLower,
            int24 tickUpper,
            uint128 liquidity,
            uint256 feeGrowthInside0LastX128,
            uint256 feeGrowthInside1LastX128,
            uint128 tokensOwed0,
            uint128 tokensOwed1
        )
    {
        Position storage position = _positions[tokenId];
        require(position.token0 != address(0), "Invalid token ID");
        return (
            position.nonce,
            _getApproved(tokenId),
            position.token0,
            position.token1,
            position.tickSpacing,
            position.tickLower,
            position.tickUpper,
            position.liquidity,
            position.feeGrowthInside0LastX128,
            position.feeGrowthInside1LastX128,
            position.tokensOwed0,
            position.tokensOwed1
        );
    }

    function _positionKey(int24 tickLower, int24 tickUpper) internal view returns (bytes32) {
        return keccak256(abi.encodePacked(address(this), tickLower, tickUpper));
    }

    function _addLiquidity(AddLiquidity memory params)
        internal
        returns (uint128 liquidity, uint256 amount0, uint256 amount1, address pool)
    {
        pool = _poolAddress(params.token0, params.token1, params.tickSpacing);
        (uint160 price,,,,,) = ISlipstreamPoolForManager(pool).slot0();
        liquidity = SlipstreamMath.liquidityForAmounts(
            price,
            SlipstreamMath.sqrtRatioAtTick(params.tickLower),
            SlipstreamMath.sqrtRatioAtTick(params.tickUpper),
            params.amount0Desired,
            params.amount1Desired
        );
        (amount0, amount1) = ISlipstreamPoolForManager(pool).mint(
            address(this),
            params.tickLower,
            params.tickUpper,
            liquidity,
            abi.encode(MintCallbackData(params.token0, params.token1, params.tickSpacing, msg.sender))
        );
        require(amount0 >= params.amount0Min && amount1 >= params.amount1Min, "Price slippage check");
    }

    function mint(MintParams calldata params)
        external
        payable
        checkDeadline(params.deadline)
        returns (uint256 tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)
    {
        require(params.token0 < params.token1, "token order");
        if (params.sqrtPriceX96 != 0) {
            ISlipstreamFactoryCreate(factory).createPool(params.token0, params.token1, params.tickSpacing, params.sqrtPriceX96);
        }
        address pool;
        (liquidity, amount0, amount1, pool) = _addLiquidity(
            AddLiquidity({
                token0: params.token0,
                token1: params.token1,
                tickSpacing: params.tickSpacing,
                tickLower: params.tickLower,
                tickUpper: params.tickUpper,
                amount0Desired: params.amount0Desired,
                amount1Desired: params.amount1Desired,
                amount0Min: params.amount0Min,
                amount1Min: params.amount1Min
            })
        );
        tokenId = _nextId++;
        _mint(params.recipient, tokenId);
        (, uint256 growth0, uint256 growth1,,) =
            ISlipstreamPoolForManager(pool).positions(_positionKey(params.tickLower, params.tickUpper));
        _positions[tokenId] = Position({
            nonce: 0,
            token0: params.token0,
            token1: params.token1,
            tickSpacing: params.tickSpacing,
            tickLower: params.tickLower,
            tickUpper: params.tickUpper,
            liquidity: liquidity,
            feeGrowthInside0LastX128: growth0,
            feeGrowthInside1LastX128: growth1,
            tokensOwed0: 0,
            tokensOwed1: 0
        });
        emit IncreaseLiquidity(tokenId, liquidity, amount0, amount1);
    }

    /// Adds the fees the token's liquidity earned since its last update to what it is owed.
    function _accrueFees(Position storage position, address pool) internal {
        (, uint256 growth0, uint256 growth1,,) =
            ISlipstreamPoolForManager(pool).positions(_positionKey(position.tickLower, position.tickUpper));
        unchecked {
            position.tokensOwed0 += uint128(Math.mulDiv(growth0 - position.feeGrowthInside0LastX128, position.liquidity, SlipstreamMath.Q128));
            position.tokensOwed1 += uint128(Math.mulDiv(growth1 - position.feeGrowthInside1LastX128, position.liquidity, SlipstreamMath.Q128));
        }
        position.feeGrowthInside0LastX128 = growth0;
        position.feeGrowthInside1LastX128 = growth1;
    }

    function increaseLiquidity(IncreaseLiquidityParams calldata params)
        external
        payable
        checkDeadline(params.deadline)
        returns (uint128 liquidity, uint256 amount0, uint256 amount1)
    {
        Position storage position = _positions[params.tokenId];
        require(position.token0 != address(0), "Invalid token ID");
        address pool;
        (liquidity, amount0, amount1, pool) = _addLiquidity(
            AddLiquidity({
                token0: position.token0,
                token1: position.token1,
                tickSpacing: position.tickSpacing,
                tickLower: position.tickLower,
                tickUpper: position.tickUpper,
                amount0Desired: params.amount0Desired,
                amount1Desired: params.amount1Desired,
                amount0Min: params.amount0Min,
                amount1Min: params.amount1Min
            })
        );
        _accrueFees(position, pool);
        position.liquidity += liquidity;
        emit IncreaseLiquidity(params.tokenId, liquidity, amount0, amount1);
    }

    function decreaseLiquidity(DecreaseLiquidityParams calldata params)
        external
        payable
        isAuthorizedForToken(params.tokenId)
        checkDeadline(params.deadline)
        returns (uint256 amount0, uint256 amount1)
    {
        require(params.liquidity > 0, "no liquidity");
        Position storage position = _positions[params.tokenId];
        require(position.liquidity >= params.liquidity, "not enough liquidity");
        address pool = _poolAddress(position.token0, position.token1, position.tickSpacing);
        (amount0, amount1) = ISlipstreamPoolForManager(pool).burn(position.tickLower, position.tickUpper, params.liquidity);
        require(amount0 >= params.amount0Min && amount1 >= params.amount1Min, "Price slippage check");
        // Fees first, on the liquidity the token had while they were earned.
        _accrueFees(position, pool);
        position.tokensOwed0 += SafeCast.toUint128(amount0);
        position.tokensOwed1 += SafeCast.toUint128(amount1);
        position.liquidity -= params.liquidity;
        emit DecreaseLiquidity(params.tokenId, params.liquidity, amount0, amount1);
    }

    /// Sends what the token is owed (removed liquidity and fees), up to the maxima. A zero
    /// recipient leaves the tokens here, for unwrapWETH9 or sweepToken in the same multicall.
    function collect(CollectParams calldata params)
        external
        payable
        isAuthorizedForToken(params.tokenId)
        returns (uint256 amount0, uint256 amount1)
    {
        require(params.amount0Max > 0 || params.amount1Max > 0, "nothing to collect");
        address recipient = params.recipient == address(0) ? address(this) : params.recipient;
        Position storage position = _positions[params.tokenId];
        address pool = _poolAddress(position.token0, position.token1, position.tickSpacing);
        if (position.liquidity > 0) {
            // A zero burn makes the pool bring the position's fees up to date.
            ISlipstreamPoolForManager(pool).burn(position.tickLower, position.tickUpper, 0);
            _accrueFees(position, pool);
        }
        uint128 take0 = params.amount0Max > position.tokensOwed0 ? position.tokensOwed0 : params.amount0Max;
        uint128 take1 = params.amount1Max > position.tokensOwed1 ? position.tokensOwed1 : params.amount1Max;
        (uint128 collected0, uint128 collected1) =
            ISlipstreamPoolForManager(pool).collect(recipient, position.tickLower, position.tickUpper, take0, take1);
        position.tokensOwed0 -= take0;
        position.tokensOwed1 -= take1;
        (amount0, amount1) = (collected0, collected1);
        emit Collect(params.tokenId, recipient, amount0, amount1);
    }

    function burn(uint256 tokenId) external payable isAuthorizedForToken(tokenId) {
        Position storage position = _positions[tokenId];
        require(position.liquidity == 0 && position.tokensOwed0 == 0 && position.tokensOwed1 == 0, "Not cleared");
        delete _positions[tokenId];
        _burn(tokenId);
    }

    /// The pool asks for the tokens of a mint here; only a pool of the factory, at its derived address, may.
    function uniswapV3MintCallback(uint256 amount0Owed, uint256 amount1Owed, bytes calldata data) external {
        MintCallbackData memory callback = abi.decode(data, (MintCallbackData));
        require(msg.sender == _poolAddress(callback.token0, callback.token1, callback.tickSpacing), "not the pool");
        if (amount0Owed > 0) _pay(callback.token0, callback.payer, msg.sender, amount0Owed);
        if (amount1Owed > 0) _pay(callback.token1, callback.payer, msg.sender, amount1Owed);
    }
}
