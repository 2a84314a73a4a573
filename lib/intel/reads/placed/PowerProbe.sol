// SPDX-License-Identifier: MIT
// Placed by eth_call state override (never deployed): calls a token's privileged functions AS the
// addresses its code lets through, and measures what each call changed. The same code sits at
// every address the read needs: the coordinator (the call's target), each privileged holder (its
// real address, so msg.sender is the holder and the token's own check passes), a real holder that
// funds two fresh probe wallets, and those two wallets (a target, named in the calls' address
// arguments, and a bystander). Anyone may ask an instance to send tokens: nothing here is ever
// sent on chain.
//
// Every attempt runs in a sub-call that reverts with its measurements, so each starts from the
// same state (funded wallets, nothing else changed) and none sees another's effect. The argument
// shapes are the common ones, and for a function whose code reads other argument words (four, say,
// of a bool, an address and two numbers) three more built from those words: the probe wallet or
// true or a rate in each, the same with amounts, and every word zero. A function whose dispatcher
// wants another shape reverts while decoding, cheaply. For a shape with number arguments that
// changed a tax, a ladder of values finds the highest the setter accepts and the tax it then takes.
// For a shape with an amount that minted, a ladder of shares of the supply finds the largest one
// call mints, and whether that largest goes through twice in a row (a cap that holds only per call
// is no cap).
pragma solidity ^0.8.24;

interface IProbedToken {
    function balanceOf(address account) external view returns (uint256);
    function totalSupply() external view returns (uint256);
}

interface IV2PairLike {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

interface IWrappedNativeLike {
    function deposit() external payable;
    function transfer(address to, uint256 amount) external returns (bool);
}

contract PowerProbe {
    /// A token may call back the account this code runs on: MiniMe asks its controller onTransfer(),
    /// ERC-223 and ERC-677 tokens a receiving contract. Placed on a holder that is really a wallet,
    /// the code answers as an accepting wallet's owner would have the token see it: true.
    fallback() external {
        assembly {
            mstore(0, 1)
            return(0, 32)
        }
    }

    /** What a holder of the token can do, measured after a call (or with none, as the baseline). */
    struct Reading {
        uint256 supply;
        uint256 targetBalance;
        uint256 holderBalance;
        bool othersSend;
        uint256 transferTaxBps;
        bool sellOk;
        uint256 sellTaxBps;
        bool bigOk;
        bool targetSends;
        uint256 targetTaxBps;
        bool targetSells;
        uint256 targetSellTaxBps;
        bool targetReceives;
        bool buyOk;
        uint256 buyTaxBps;
    }

    struct Outcome {
        uint8 shape;
        bool ok;
        bytes revertData;
        Reading reading;
    }

    struct Ladder {
        uint8 shape;
        uint256 highestAccepted;
        uint256 transferTaxBps;
        uint256 sellTaxBps;
        uint256 buyTaxBps;
    }

    /**
     * What one call of a mint can mint: the largest rung of MINT_RUNGS (basis points of the supply)
     * that went through, the first refused (NONE: none was), and whether the largest went through
     * twice in a row. `shape` is 255 where no mint was laddered.
     */
    struct MintCap {
        uint8 shape;
        uint256 acceptedBps;
        uint256 refusedBps;
        bool twice;
    }

    /**
     * `buyer`: the coordinator's address, which the read gives native coin to pay for buys with;
     * `wrappedNative`: what it pays in, where the pool is a Uniswap V2 style pair against it.
     */
    struct Config {
        address token;
        address pool;
        address target;
        address bystander;
        address wallet;
        address[] sources;
        address buyer;
        address wrappedNative;
    }

    /**
     * `words[i]` is the shapes read from selectors[i]'s code, or empty: its argument count, then
     * DERIVED rows of one code a word (see _word).
     */
    struct Group {
        address holder;
        bytes4[] selectors;
        bytes[] words;
        /** False for a caller that only asks whether a call goes through (a stranger to the mapping the code checks): nothing is measured. */
        bool measure;
    }

    uint256 private constant NONE = type(uint256).max;
    uint256 private constant MEASURED = 0x504f574552; // "POWER": the revert that carries a reading
    uint8 public constant SHAPES = 11;
    /**
     * Shapes built from the argument words a function's code reads, at most; the first takes the
     * ladder's rates. A function reading two addresses has a fourth: the probe wallet first and the
     * receiving wallet after (a holder's tokens moved to someone else).
     */
    uint8 public constant DERIVED = 4;
    uint256 private constant ATTEMPT_GAS = 2_000_000;
    uint256 private constant RESERVE_GAS = 3_000_000;

    /**
     * One privileged function as run on its holder: the selector, its shapes read from the code, the
     * probe's slice, and a call made first (`prelude`, as `preludeHolder`; none when that is zero).
     */
    struct Run {
        address holder;
        bytes4 selector;
        bytes words;
        uint256 amount;
        uint256 funded;
        address preludeHolder;
        bytes prelude;
        bool measure;
        /** The call made twice in a row: whether a mint's cap holds beyond one call. */
        bool twice;
    }

    /**
     * What the probe found. `sequels[i]` holds, for a function no shape of which went through
     * alone, its outcomes run after the call that blacklisted the probe wallet (function
     * `preludeIndex` in `preludeShape`), as a power that works only on a blacklisted holder
     * (Tether's destroyBlackFunds) needs; empty where it was not run so, and `preludeIndex` is
     * NONE when no call blacklisted the probe wallet.
     */
    struct Report {
        uint256 funded;
        Reading baseline;
        Outcome[][] outcomes;
        Ladder[] ladders;
        MintCap[] mintCaps;
        uint256 tried;
        Outcome[][] sequels;
        uint256 preludeIndex;
        uint8 preludeShape;
    }

    /**
     * Funds the target and the bystander from the first source that can pay both, reads the
     * baseline, then tries each group's selectors as its holder in every shape; then, where a call
     * blacklisted the probe wallet, each function that went through in no shape once more after
     * that call. `funded` is the slice each wallet got (0: none could be funded, so transfers were
     * not measured); `tried` counts the selectors reached before the gas ran short.
     */
    function probe(Config calldata c, Group[] calldata groups) external returns (Report memory report) {
        report.funded = _fund(c);
        uint256 amount = report.funded > 0 ? report.funded / 2 : IProbedToken(c.token).totalSupply() / 200;
        (, , report.baseline) = _attempt(c, Run(address(this), bytes4(0), "", amount, report.funded, address(0), "", true, false), 255, 0);
        uint256 total;
        for (uint256 g = 0; g < groups.length; g++) total += groups[g].selectors.length;
        report.outcomes = new Outcome[][](total);
        report.ladders = new Ladder[](total);
        report.mintCaps = new MintCap[](total);
        report.sequels = new Outcome[][](total);
        report.preludeIndex = NONE;
        Run[] memory runs = new Run[](total);
        for (uint256 g = 0; g < groups.length; g++) {
            for (uint256 s = 0; s < groups[g].selectors.length; s++) {
                if (gasleft() < RESERVE_GAS) return report;
                runs[report.tried] = Run(groups[g].holder, groups[g].selectors[s], groups[g].words[s], amount, report.funded, address(0), "", groups[g].measure, false);
                (report.outcomes[report.tried], report.ladders[report.tried], report.mintCaps[report.tried]) = _tryShapes(c, runs[report.tried]);
                report.tried++;
            }
        }
        _runSequels(c, runs, report);
    }

    /** The functions no shape of which went through, each run again after the first call that blacklisted the probe wallet. */
    function _runSequels(Config calldata c, Run[] memory runs, Report memory report) private {
        (report.preludeIndex, report.preludeShape) = _blacklisting(report);
        if (report.preludeIndex == NONE) return;
        Run memory blacklister = runs[report.preludeIndex];
        bytes memory prelude = report.preludeShape < SHAPES
            ? _calldata(blacklister.selector, report.preludeShape, c.target, 5, blacklister.amount)
            : _derived(blacklister.selector, blacklister.words, report.preludeShape - SHAPES, c, 5, blacklister.amount);
        for (uint256 i = 0; i < report.tried; i++) {
            if (i == report.preludeIndex || !runs[i].measure || _wentThrough(report.outcomes[i])) continue;
            if (gasleft() < RESERVE_GAS * 2) return;
            Run memory run = runs[i];
            run.preludeHolder = blacklister.holder;
            run.prelude = prelude;
            (report.sequels[i], , ) = _tryShapes(c, run);
        }
    }

    /** The first function and shape after which the probe wallet could no longer send while others still could. */
    function _blacklisting(Report memory report) private pure returns (uint256, uint8) {
        for (uint256 i = 0; i < report.tried; i++) {
            Outcome[] memory found = report.outcomes[i];
            if (!found[SHAPES + DERIVED].reading.targetSends) continue;
            for (uint8 shape = 0; shape < SHAPES + DERIVED; shape++) {
                Reading memory r = found[shape].reading;
                if (found[shape].ok && r.othersSend && !r.targetSends) return (i, shape);
            }
        }
        return (NONE, 0);
    }

    function _wentThrough(Outcome[] memory found) private pure returns (bool) {
        for (uint8 shape = 0; shape < SHAPES + DERIVED; shape++) if (found[shape].ok) return true;
        return false;
    }

    /** Every shape's outcome, then (last) the holder's own baseline: its balance is its own, so the effects are read against it. */
    function _tryShapes(Config calldata c, Run memory run) private returns (Outcome[] memory found, Ladder memory ladder, MintCap memory mintCap) {
        found = new Outcome[](SHAPES + DERIVED + 1);
        (, , Reading memory baseline) = _attempt(c, Run(run.holder, bytes4(0), "", run.amount, run.funded, run.preludeHolder, run.prelude, run.measure, false), 255, 0);
        found[SHAPES + DERIVED] = Outcome(255, true, "", baseline);
        ladder.shape = 255;
        mintCap.shape = 255;
        uint8 shapes = SHAPES + _rows(run.words);
        for (uint8 shape = 0; shape < shapes; shape++) {
            (bool ok, bytes memory revertData, Reading memory reading) = _attempt(c, run, shape, 5);
            found[shape] = Outcome(shape, ok, revertData, reading);
            bool numbers = shape == 4 || shape == 9 || shape == SHAPES;
            bool taxMoved = reading.othersSend && (reading.transferTaxBps != baseline.transferTaxBps || reading.sellTaxBps != baseline.sellTaxBps || reading.buyTaxBps != baseline.buyTaxBps);
            if (ok && numbers && taxMoved && ladder.shape == 255 && gasleft() > RESERVE_GAS * 4) ladder = _ladder(c, run, shape);
            bool amounts = numbers || shape == 3 || shape == 5 || shape == SHAPES + 1;
            bool minted = reading.supply != NONE && baseline.supply != NONE && reading.supply > baseline.supply;
            if (ok && amounts && minted && mintCap.shape == 255 && gasleft() > RESERVE_GAS * 4) mintCap = _mintCap(c, run, shape, baseline.supply);
        }
        for (uint8 shape = shapes; shape < SHAPES + DERIVED; shape++) found[shape].shape = shape;
    }

    /** The highest value in a rising ladder the setter accepts, and the taxes it then takes. */
    function _ladder(Config calldata c, Run memory run, uint8 shape) private returns (Ladder memory ladder) {
        uint16[20] memory values = [uint16(1), 2, 3, 5, 10, 15, 20, 25, 30, 40, 50, 75, 99, 100, 250, 500, 1000, 2500, 5000, 10000];
        ladder.shape = shape;
        ladder.transferTaxBps = NONE;
        ladder.sellTaxBps = NONE;
        ladder.buyTaxBps = NONE;
        for (uint256 i = 0; i < values.length; i++) {
            if (gasleft() < RESERVE_GAS * 2) break;
            (bool ok, , Reading memory reading) = _attempt(c, run, shape, values[i]);
            if (!ok) continue;
            ladder.highestAccepted = values[i];
            ladder.transferTaxBps = reading.othersSend ? reading.transferTaxBps : NONE;
            ladder.sellTaxBps = reading.sellOk ? reading.sellTaxBps : NONE;
            ladder.buyTaxBps = reading.buyOk ? reading.buyTaxBps : NONE;
        }
    }

    /**
     * The largest share of the supply one call of a mint mints, up to the whole supply, and whether
     * that share goes through twice in a row. Nothing is measured: the shape already showed the mint.
     */
    function _mintCap(Config calldata c, Run memory run, uint8 shape, uint256 supply) private returns (MintCap memory mintCap) {
        uint16[6] memory rungs = [uint16(100), 200, 500, 1000, 2500, 10000];
        mintCap.shape = shape;
        mintCap.refusedBps = NONE;
        Run memory rung = Run(run.holder, run.selector, run.words, 0, run.funded, run.preludeHolder, run.prelude, false, false);
        for (uint256 i = 0; i < rungs.length; i++) {
            if (gasleft() < RESERVE_GAS * 2) return mintCap;
            rung.amount = (supply * rungs[i]) / 10_000;
            // The rung in every number word, whether the shape took the amount or the rate: a mint
            // whose cap refused the probe's amount went through with the rate's few units.
            (bool ok, , ) = _attempt(c, rung, shape, rung.amount);
            if (!ok) {
                mintCap.refusedBps = rungs[i];
                break;
            }
            mintCap.acceptedBps = rungs[i];
        }
        if (mintCap.acceptedBps == 0 || mintCap.refusedBps == NONE || gasleft() < RESERVE_GAS * 2) return mintCap;
        rung.amount = (supply * mintCap.acceptedBps) / 10_000;
        rung.twice = true;
        (mintCap.twice, , ) = _attempt(c, rung, shape, rung.amount);
    }

    function _attempt(Config calldata c, Run memory run, uint8 shape, uint256 rate) private returns (bool ok, bytes memory revertData, Reading memory reading) {
        try PowerProbe(run.holder).attempt{gas: ATTEMPT_GAS}(c, run, shape, rate) {
            return (false, "", reading);
        } catch (bytes memory data) {
            if (data.length < 64) return (false, data, reading);
            uint256 magic;
            assembly {
                magic := mload(add(data, 32))
            }
            if (magic != MEASURED) return (false, data, reading);
            (, ok, revertData, reading) = abi.decode(data, (uint256, bool, bytes, Reading));
        }
    }

    /** Runs on the holder's account: the prelude if any, the call (none for shape 255), then the measurements, then a revert carrying them. */
    function attempt(Config calldata c, Run calldata run, uint8 shape, uint256 rate) external {
        bool ok = true;
        bytes memory returned;
        if (run.preludeHolder != address(0)) (ok, returned) = run.preludeHolder.call(abi.encodeCall(PowerProbe.relay, (c.token, run.prelude)));
        if (ok && shape != 255) {
            bytes memory call = shape < SHAPES ? _calldata(run.selector, shape, c.target, rate, run.amount) : _derived(run.selector, run.words, shape - SHAPES, c, rate, run.amount);
            (ok, returned) = c.token.call(call);
            if (ok && run.twice) (ok, returned) = c.token.call(call);
        }
        Reading memory reading;
        if (ok && run.measure) reading = _measure(c, run.funded);
        bytes memory report = abi.encode(MEASURED, ok, ok ? bytes("") : returned, reading);
        assembly {
            revert(add(report, 32), mload(report))
        }
    }

    function _calldata(bytes4 selector, uint8 shape, address target, uint256 rate, uint256 amount) private pure returns (bytes memory) {
        address[] memory targets = new address[](1);
        targets[0] = target;
        if (shape == 0) return abi.encodePacked(selector);
        if (shape == 1) return abi.encodeWithSelector(selector, target);
        if (shape == 2) return abi.encodeWithSelector(selector, target, true);
        if (shape == 3) return abi.encodeWithSelector(selector, target, amount);
        if (shape == 4) return abi.encodeWithSelector(selector, rate);
        if (shape == 5) return abi.encodeWithSelector(selector, amount);
        if (shape == 6) return abi.encodeWithSelector(selector, true);
        if (shape == 7) return abi.encodeWithSelector(selector, false);
        if (shape == 8) return abi.encodeWithSelector(selector, targets, true);
        if (shape == 9) return abi.encodeWithSelector(selector, rate, rate);
        return abi.encodeWithSelector(selector, targets);
    }

    /** The call in a shape read from the code: row `row` of `words`, one word a code. */
    function _derived(bytes4 selector, bytes memory words, uint256 row, Config calldata c, uint256 rate, uint256 amount) private pure returns (bytes memory data) {
        uint256 count = uint8(words[0]);
        data = abi.encodePacked(selector);
        for (uint256 i = 0; i < count; i++) data = abi.encodePacked(data, _word(uint8(words[1 + row * count + i]), c, rate, amount));
    }

    /** How many rows of derived shapes `words` holds: none for a function read no words of. */
    function _rows(bytes memory words) private pure returns (uint8) {
        return words.length == 0 ? 0 : uint8((words.length - 1) / uint8(words[0]));
    }

    /** 0: the target wallet, 1: one (true), 2: zero (false, the zero address), 3: the amount, 4: the rate, 5: the receiving wallet. */
    function _word(uint8 code, Config calldata c, uint256 rate, uint256 amount) private pure returns (uint256) {
        if (code == 0) return uint256(uint160(c.target));
        if (code == 1) return 1;
        if (code == 2) return 0;
        if (code == 5) return uint256(uint160(c.wallet));
        return code == 3 ? amount : rate;
    }

    function _measure(Config calldata c, uint256 funded) private returns (Reading memory r) {
        IProbedToken token = IProbedToken(c.token);
        r.supply = _read(c.token, abi.encodeCall(IProbedToken.totalSupply, ()));
        r.targetBalance = token.balanceOf(c.target);
        r.holderBalance = token.balanceOf(address(this));
        r.transferTaxBps = NONE;
        r.sellTaxBps = NONE;
        r.targetTaxBps = NONE;
        r.targetSellTaxBps = NONE;
        r.buyTaxBps = NONE;
        if (funded == 0) return r;
        uint256 small = funded / 100;
        if (small == 0) small = 1;
        (r.othersSend, r.transferTaxBps) = _move(c.token, c.bystander, c.wallet, small);
        if (c.pool != address(0)) (r.sellOk, r.sellTaxBps) = _move(c.token, c.bystander, c.pool, small);
        (r.targetSends, r.targetTaxBps) = _move(c.token, c.target, c.wallet, small);
        if (c.pool != address(0)) (r.targetSells, r.targetSellTaxBps) = _move(c.token, c.target, c.pool, small);
        (r.targetReceives, ) = _move(c.token, c.bystander, c.target, small);
        address fresh = address(uint160(uint256(keccak256(abi.encode(c.wallet)))));
        (r.bigOk, ) = _move(c.token, c.bystander, fresh, (token.balanceOf(c.bystander) * 9) / 10);
        if (c.pool != address(0) && c.wrappedNative != address(0)) (r.buyOk, r.buyTaxBps) = _buy(c, small);
    }

    /** A buy of `amount` from the pool into the wallet: whether it went through, and the share lost on the way in basis points. */
    function _buy(Config calldata c, uint256 amount) private returns (bool ok, uint256 taxBps) {
        taxBps = NONE;
        uint256 before = IProbedToken(c.token).balanceOf(c.wallet);
        try PowerProbe(c.buyer).buyFromPair(c.token, c.pool, c.wrappedNative, c.wallet, amount) returns (bool bought) {
            if (!bought) return (false, taxBps);
        } catch {
            return (false, taxBps);
        }
        uint256 arrived = IProbedToken(c.token).balanceOf(c.wallet) - before;
        taxBps = arrived >= amount ? 0 : ((amount - arrived) * 10_000) / amount;
        ok = true;
    }

    /**
     * Runs on the buyer: pays a Uniswap V2 style pair in the wrapped native coin for `amount` of the
     * token sent to `to`, as a router would. The price allows a 1 % pool fee (V2 forks take 0.2 to
     * 1 %): paying a little more than the pool asks is still a buy. False where the pool is no such
     * pair against the wrapped native coin, so no buy can be measured there.
     */
    function buyFromPair(address token, address pool, address wrappedNative, address to, uint256 amount) external returns (bool) {
        (bool tokenFirst, uint256 pay) = _price(token, pool, wrappedNative, amount);
        if (pay == 0 || pay > address(this).balance) return false;
        IWrappedNativeLike(wrappedNative).deposit{value: pay}();
        if (!IWrappedNativeLike(wrappedNative).transfer(pool, pay)) return false;
        IV2PairLike(pool).swap(tokenFirst ? amount : 0, tokenFirst ? 0 : amount, to, "");
        return true;
    }

    /** Whether the token is the pair's token0, and what `amount` of it costs in the wrapped native coin (0: no such pair, or not enough in it). */
    function _price(address token, address pool, address wrappedNative, uint256 amount) private view returns (bool tokenFirst, uint256 pay) {
        (bool ok, bytes memory out) = pool.staticcall(abi.encodeCall(IV2PairLike.getReserves, ()));
        if (!ok || out.length < 96) return (false, 0);
        (uint256 reserve0, uint256 reserve1, ) = abi.decode(out, (uint256, uint256, uint256));
        tokenFirst = IV2PairLike(pool).token0() == token;
        if ((tokenFirst ? IV2PairLike(pool).token1() : IV2PairLike(pool).token0()) != wrappedNative) return (tokenFirst, 0);
        (uint256 reserveIn, uint256 reserveOut) = tokenFirst ? (reserve1, reserve0) : (reserve0, reserve1);
        if (amount >= reserveOut) return (tokenFirst, 0);
        pay = (reserveIn * amount * 100) / ((reserveOut - amount) * 99) + 1;
    }

    /** totalSupply() where it answers; NONE where it does not (a token without it still has powers). */
    function _read(address token, bytes memory data) private view returns (uint256) {
        (bool ok, bytes memory out) = token.staticcall(data);
        return ok && out.length >= 32 ? abi.decode(out, (uint256)) : NONE;
    }

    /** From one probe wallet to an address: whether it went through, and the share lost on the way in basis points. */
    function _move(address token, address from, address to, uint256 amount) private returns (bool ok, uint256 taxBps) {
        taxBps = NONE;
        if (amount == 0) return (false, taxBps);
        uint256 before = IProbedToken(token).balanceOf(to);
        try PowerProbe(from).send(token, to, amount) returns (bool sent) {
            if (!sent) return (false, taxBps);
        } catch {
            return (false, taxBps);
        }
        uint256 arrived = IProbedToken(token).balanceOf(to) - before;
        taxBps = arrived >= amount ? 0 : ((amount - arrived) * 10_000) / amount;
        ok = true;
    }

    /** Calls the token from this account (a prelude made as its holder); reverts when the token does. */
    function relay(address token, bytes calldata data) external {
        (bool ok, bytes memory returned) = token.call(data);
        if (!ok) {
            assembly {
                revert(add(returned, 32), mload(returned))
            }
        }
    }

    /** Sends from this account; accepts tokens that answer transfer() with nothing (USDT). */
    function send(address token, address to, uint256 amount) external returns (bool) {
        (bool ok, bytes memory out) = token.call(abi.encodeWithSelector(0xa9059cbb, to, amount));
        return ok && (out.length == 0 || abi.decode(out, (bool)));
    }

    /** Funds the target and the bystander with the same slice, from the first source that holds enough and lets it go. */
    function _fund(Config calldata c) private returns (uint256) {
        for (uint256 i = 0; i < c.sources.length; i++) {
            uint256 balance = IProbedToken(c.token).balanceOf(c.sources[i]);
            uint256[3] memory slices = [balance / 4, balance / 100, balance / 10_000];
            for (uint256 j = 0; j < slices.length; j++) {
                if (slices[j] == 0) break;
                if (_give(c, c.sources[i], slices[j])) return slices[j];
            }
        }
        return 0;
    }

    function _give(Config calldata c, address source, uint256 slice) private returns (bool) {
        uint256 targetBefore = IProbedToken(c.token).balanceOf(c.target);
        try PowerProbe(source).send(c.token, c.target, slice) returns (bool sent) {
            if (!sent) return false;
        } catch {
            return false;
        }
        try PowerProbe(source).send(c.token, c.bystander, slice) returns (bool sent) {
            if (!sent) return false;
        } catch {
            return false;
        }
        return IProbedToken(c.token).balanceOf(c.target) > targetBefore;
    }
}
