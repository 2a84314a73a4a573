// 16. V4 hooked: a native/token Uniswap V4 pool whose hook (contracts/DynamicFeeHook.sol) lets its
// owner set the LP fee and stop swaps. The owner deploys the hook through the CREATE2 deployer
// with a salt mined so the address carries exactly the hook's permission bits; the token's
// deployer opens the pool with the dynamic-fee flag; a trader buys at the starting 0.30% fee; the
// owner raises the fee to 10% and the trader sells at it; the owner then blocks swaps and the
// trader's next sell is mined and reverts. Swaps stay blocked at the end of the build.
import { bytesToHex, concat, encodeDeployData, getAddress, hexToBytes, keccak256, numberToHex, type Address, type Hex } from "viem";
import { ref, type TxRef } from "../player";
import { approveThroughPermit2, type VenueContext, type Permit2Approvals, type VenueScenarioBase, type VenueTrade } from "../venues/common";
import { tokenSummary, artifact, deployContract, HOUR, MINUTE, native, STANDARD_SUPPLY, startScenario, wholeTokens } from "./common";
import {
  buyV4,
  DYNAMIC_FEE_FLAG,
  failedSellV4,
  mintV4FullRange,
  nativePoolKey,
  sellV4,
  v4PoolState,
} from "../venues/uniswap-v4";
import type { V4PoolKey, V4PoolState, V4Position } from "../venues/uniswap-v4";

export type V4HookedScenario = VenueScenarioBase & {
  poolId: Hex;
  poolKey: V4PoolKey;
  initialSqrtPriceX96: string;
  hook: {
    address: Address;
    contract: "DynamicFeeHook";
    owner: Address;
    deployTx: TxRef;
    /** Through the CREATE2 deployer at 0x4e59…956C, with a salt mined for the flag bits. */
    create2Deployer: Address;
    salt: Hex;
    /** address & 0x3fff: afterInitialize (1 << 12) | beforeSwap (1 << 7). */
    flags: number;
    permissions: ("afterInitialize" | "beforeSwap")[];
    initialFee: number;
  };
  position: V4Position;
  traderApprovals: Permit2Approvals;
  feeChanges: { fee: number; tx: TxRef }[];
  blockSwapsTx: TxRef;
  /** A sell after the owner blocked swaps: mined, reverted. */
  failedSwap: { wallet: Address; amount: string; tx: TxRef };
  swapsBlockedAtEnd: true;
  finalPool: V4PoolState;
};

/** The deterministic-deployment proxy every anvil chain (and most real networks) carries. */
export const CREATE2_DEPLOYER: Address = getAddress("0x4e59b44847b379578588920cA78FbF26c0B4956C");
const HOOK_FLAGS = (1 << 12) | (1 << 7); // afterInitialize | beforeSwap
const FLAG_MASK = (1 << 14) - 1;
const INITIAL_FEE = 3_000; // 0.30 %
const RAISED_FEE = 100_000; // 10 %

/** The first salt whose CREATE2 address ends in exactly the hook's flag bits (one in 16,384). */
export function mineHookSalt(initCodeHash: Hex, flags = HOOK_FLAGS): { salt: Hex; address: Address } {
  // 0xff ++ deployer ++ salt ++ init code hash, with the salt's last six bytes counted up in place.
  const preimage = hexToBytes(concat(["0xff", CREATE2_DEPLOYER, numberToHex(0, { size: 32 }), initCodeHash]));
  const saltEnd = 1 + 20 + 32;
  for (let index = 0; index < 1_000_000; index++) {
    for (let byte = 0, rest = index; byte < 6; byte++, rest = Math.floor(rest / 256)) preimage[saltEnd - 1 - byte] = rest % 256;
    const digest = keccak256(preimage, "bytes");
    const low = (digest[30]! << 8) | digest[31]!;
    if ((low & FLAG_MASK) === flags) {
      return { salt: numberToHex(index, { size: 32 }), address: getAddress(bytesToHex(digest.slice(12))) };
    }
  }
  throw new Error("no hook salt found");
}

export async function playV4Hooked(ctx: VenueContext): Promise<V4HookedScenario> {
  startScenario(ctx);
  const owner = ctx.venueWallets.hookOwner;
  const deployer = ctx.venueWallets.hookedDeployer;
  const trader = ctx.venueWallets.hookedTrader;
  const hookArtifact = artifact(ctx, "DynamicFeeHook");

  const initCode = encodeDeployData({
    abi: hookArtifact.abi,
    bytecode: hookArtifact.bytecode,
    args: [ctx.venues.uniswapV4.poolManager, owner.address, INITIAL_FEE],
  });
  const { salt, address: hook } = mineHookSalt(keccak256(initCode));
  const hookDeployTx = await ctx.player.send(owner, { to: CREATE2_DEPLOYER, data: concat([salt, initCode]) });
  const code = await ctx.player.client.getCode({ address: hook });
  if (!code || code === "0x") throw new Error(`hook not deployed at ${hook}`);

  ctx.player.clock.wait(30 * MINUTE);
  const { address: token, tx: deployTx } = await deployContract(ctx, deployer, "FixtureToken", [
    "Hooked Pool Demo Token",
    "HOOKD",
    STANDARD_SUPPLY,
  ]);
  const tokenAmount = wholeTokens(300_000_000n);
  const approvals = await approveThroughPermit2(ctx, deployer, token, [
    { spender: ctx.venues.uniswapV4.positionManager, amount: tokenAmount },
  ]);
  const key = nativePoolKey(token, DYNAMIC_FEE_FLAG, 60, hook);
  const minted = await mintV4FullRange(ctx, { from: deployer, key, tokenAmount, nativeAmount: native("15") });

  const trades: VenueTrade[] = [];
  ctx.player.clock.wait(20 * MINUTE);
  const buy = await buyV4(ctx, { from: trader, key, nativeIn: native("1.5") });
  trades.push(buy);

  ctx.player.clock.wait(HOUR);
  const raiseTx = await ctx.player.write(owner, hook, hookArtifact.abi, "setFee", [key, RAISED_FEE]);
  const bought = BigInt(buy.tokenAmount);
  const sold = (bought * 3n) / 10n;
  const refused = (bought * 3n) / 10n;
  ctx.player.clock.wait(30 * MINUTE);
  const traderApprovals = await approveThroughPermit2(ctx, trader, token, [
    { spender: ctx.venues.uniswapV4.universalRouter, amount: sold + refused },
  ]);
  trades.push(await sellV4(ctx, { from: trader, key, amount: sold }));

  ctx.player.clock.wait(HOUR);
  const blockSwapsTx = await ctx.player.write(owner, hook, hookArtifact.abi, "setSwapsBlocked", [true]);
  ctx.player.clock.wait(10 * MINUTE);
  const failed = await failedSellV4(ctx, { from: trader, key, amount: refused });

  return {
    title: "Token in a Uniswap V4 pool with an owner-controlled hook",
    proves:
      "Hook powers: the pool's hook owner can change the LP fee at will (0.30% to 10%) and stop every swap; a sell after the block reverts.",
    token: await tokenSummary(ctx, token),
    deployer: deployer.address,
    deployTx: ref(deployTx),
    poolId: minted.poolId,
    poolKey: key,
    initialSqrtPriceX96: minted.initialSqrtPriceX96.toString(),
    hook: {
      address: hook,
      contract: "DynamicFeeHook",
      owner: owner.address,
      deployTx: ref(hookDeployTx),
      create2Deployer: CREATE2_DEPLOYER,
      salt,
      flags: Number(BigInt(hook) & BigInt(FLAG_MASK)),
      permissions: ["afterInitialize", "beforeSwap"],
      initialFee: INITIAL_FEE,
    },
    position: { ...minted.position, approvals },
    trades,
    traderApprovals,
    feeChanges: [
      // afterInitialize set the starting fee inside the pool's creation.
      { fee: INITIAL_FEE, tx: minted.position.mintTx },
      { fee: RAISED_FEE, tx: ref(raiseTx) },
    ],
    blockSwapsTx: ref(blockSwapsTx),
    failedSwap: { wallet: trader.address, amount: refused.toString(), tx: ref(failed) },
    swapsBlockedAtEnd: true,
    finalPool: await v4PoolState(ctx, minted.poolId),
  };
}
