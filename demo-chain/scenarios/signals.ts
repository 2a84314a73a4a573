// 20–23. The signals users compare us on: proxies the EIP-1967 slots do not show (ZeppelinOS,
// beacon, diamond) and a honeypot that lets simulations through. The details: playSignals below.
import { encodeFunctionData, erc20Abi, getAddress, maxUint160, maxUint256, toFunctionSelector, zeroAddress, type AbiFunction, type Address } from "viem";
import { ref, type TxRef } from "../player";
import { PERMIT2_EXPIRATION, permit2Abi, type VenueContext } from "../venues/common";
import { DEMO_LOCKERS, DEMO_STANDARD_BRIDGE } from "../networks";
import { artifact, DAY, deployContract, finalizeTokenScenario, HOUR, native, STANDARD_SUPPLY, startScenario, wholeTokens, type TokenScenario } from "./common";
import type { SiphonFacts } from "./siphon";
import type { ElasticSupplyFacts, HiddenBalanceFacts } from "./supply-tricks";

export type ZeppelinosProxyFacts = {
  proxyKind: "zeppelinos";
  proxy: Address;
  /** keccak256("org.zeppelinos.proxy.implementation"). */
  implementation: Address;
  /** keccak256("org.zeppelinos.proxy.admin"): who can upgrade. */
  proxyAdmin: Address;
  /** The powers the implementation's code holds. */
  powers: readonly ["mint", "pause", "blacklist"];
};

export type BeaconProxyFacts = {
  proxyKind: "beacon";
  proxy: Address;
  beacon: Address;
  /** What the beacon's implementation() names. */
  implementation: Address;
  beaconOwner: Address;
  powers: readonly ["mint"];
};

export type DiamondFacts = {
  proxyKind: "eip2535_diamond";
  proxy: Address;
  /** What facetAddresses() lists. */
  facets: Address[];
  owner: Address;
  cutTx: TxRef;
  powers: readonly ["mint"];
};

export type SimulationDodgerFacts = {
  /** Addresses its sells are let through for besides the owner: the simulator address answers used to publish. */
  whitelisted: Address[];
  setMarketPairTx: TxRef;
  /** A holder's sell that reverted. */
  failedSellTx: TxRef;
};

export type NoReturnTokenFacts = { returnsNothing: readonly ["approve", "transfer", "transferFrom"] };

export type WalletTransferTaxFacts = {
  /** What a transfer between two ordinary wallets loses, in basis points. */
  walletTaxBps: number;
  setMarketPairTx: TxRef;
};

export type UncxLocksFacts = {
  /** The UNCX V1.0 locker's registry address, where the demo placed the same interface. */
  locker: Address;
  lockerKey: string;
  /** Running until 2030-01-01. */
  locked: { amount: string; unlockTime: number; tx: TxRef };
  /** Unlocked two days before the read: withdrawable. */
  expired: { amount: string; unlockTime: number; tx: TxRef };
  keptByDeployer: string;
};

export type TradeLimitsFacts = {
  /** _maxTxAmount(), in base units. */
  maxTransaction: string;
  /** _maxWalletSize(), in base units. */
  maxWallet: string;
  setMarketPairTx: TxRef;
};

export type Permit2GrantsScenario = {
  title: string;
  proves: string;
  wallet: Address;
  token: Address;
  permit2: Address;
  /** The wallet's unlimited ERC-20 approval of the token to Permit2. */
  erc20ApproveTx: TxRef;
  /** Unlimited (uint160 max) to the Universal Router until 2100: live at the read. */
  live: { spender: Address; amount: string; expiration: number; tx: TxRef };
  /** Expired two days before the read. */
  expired: { spender: Address; expiration: number; tx: TxRef };
  /** Zeroed by a Lockdown. */
  revoked: { spender: Address; tx: TxRef; lockdownTx: TxRef };
  /** The wallet's operators over a demo ERC-721 collection: one standing, one set back to false. */
  nft: { collection: Address; operator: Address; operatorTx: TxRef; revokedOperator: Address; operatorRevokedTx: TxRef };
};

export type ReclaimableOwnerFacts = {
  /** Who locked ownership away and can take it back. */
  previousOwner: Address;
  lockTx: TxRef;
  /** Unix seconds: when unlock() becomes possible (geUnlockTime()). */
  unlockTime: number;
};

export type BridgedTokenFacts = {
  /** The chain's L2StandardBridge predeploy, where the demo placed a stand-in. */
  bridge: Address;
  /** What REMOTE_TOKEN() names. */
  remoteToken: Address;
  /** The deposits the bridge minted. */
  deposits: TxRef[];
  bridgers: Address[];
};

export type SameBlockGuardFacts = {
  /** The pool marked as the market pair: a transfer out of it marks its receiver for the block. */
  setMarketPairTx: TxRef;
};

export type HiddenOwnerFacts = {
  /** The address the code lets past its own msg.sender checks, and the storage slot that keeps it. */
  dev: Address;
  devSlot: number;
  /** What the dev set as the delegatecall helper, and its slot. */
  helper: Address;
  helperSlot: number;
  renounceTx: TxRef;
  setHelperTx: TxRef;
};

export type SignalScenarios = {
  zeppelinosProxy: TokenScenario<ZeppelinosProxyFacts>;
  beaconProxy: TokenScenario<BeaconProxyFacts>;
  diamond: TokenScenario<DiamondFacts>;
  simulationDodger: TokenScenario<SimulationDodgerFacts>;
  noReturnToken: TokenScenario<NoReturnTokenFacts>;
  walletTransferTax: TokenScenario<WalletTransferTaxFacts>;
  /** Null on Base, which has no UNCX V1.0 locker. */
  uncxLocks: TokenScenario<UncxLocksFacts> | null;
  tradeLimits: TokenScenario<TradeLimitsFacts>;
  permit2Grants: Permit2GrantsScenario;
  reclaimableOwner: TokenScenario<ReclaimableOwnerFacts>;
  /** Base only. */
  bridgedToken: TokenScenario<BridgedTokenFacts> | null;
  sameBlockGuard: TokenScenario<SameBlockGuardFacts>;
  hiddenOwner: TokenScenario<HiddenOwnerFacts>;
  /** Played after the locker scenarios (scenarios/siphon.ts). */
  siphonedBalances: TokenScenario<SiphonFacts>;
  /** Played after the siphon scenario (scenarios/supply-tricks.ts). */
  elasticSupply: TokenScenario<ElasticSupplyFacts>;
  /** Played after the siphon scenario (scenarios/supply-tricks.ts). */
  hiddenBalance: TokenScenario<HiddenBalanceFacts>;
};

/** The simulator address every risk answer published before simulations ran from a fresh address per read. */
export const formerSimulatorAddress: Address = "0x7261646553696d756c61746f72000000000000aa";

/**
 * 20–23. The signals users compare us on, played after the venue scenarios so nothing built before
 * them moves. Proxies the EIP-1967 slots do not show: a stablecoin-style token behind ZeppelinOS's
 * older unstructured-storage proxy (USDC's kind: minters, a blacklister, a pauser), a token behind a
 * beacon (its logic wherever the beacon points; the logic mints), and an EIP-2535 diamond whose token
 * facet mints for its owner. And a honeypot that lets simulations through: sells revert for its
 * holders, but not for the simulator address answers used to publish, nor for a call whose tx.origin
 * is the zero address.
 */
export async function playSignals(ctx: VenueContext): Promise<Omit<SignalScenarios, "siphonedBalances" | "elasticSupply" | "hiddenBalance">> {
  const beaconProxy = await playBeaconProxy(ctx);
  return {
    zeppelinosProxy: await playZeppelinosProxy(ctx),
    beaconProxy,
    diamond: await playDiamond(ctx),
    simulationDodger: await playSimulationDodger(ctx),
    noReturnToken: await playNoReturnToken(ctx),
    walletTransferTax: await playWalletTransferTax(ctx),
    uncxLocks: await playUncxLocks(ctx),
    tradeLimits: await playTradeLimits(ctx),
    permit2Grants: await playPermit2Grants(ctx, beaconProxy.token.address),
    reclaimableOwner: await playReclaimableOwner(ctx),
    bridgedToken: await playBridgedToken(ctx),
    sameBlockGuard: await playSameBlockGuard(ctx),
    hiddenOwner: await playHiddenOwner(ctx),
  };
}

/**
 * Base only: a standard bridge token (OptimismMintableERC20's shape) whose bridge is the chain's
 * L2StandardBridge predeploy, where the demo places a stand-in; two deposits mint it to two
 * bridgers, who trade it.
 */
async function playBridgedToken(ctx: VenueContext) {
  const bridge = DEMO_STANDARD_BRIDGE[ctx.network.chain];
  if (!bridge) return null;
  const standard = { address: bridge };
  startScenario(ctx);
  const deployer = ctx.venueWallets.bridgedDeployer;
  const { address: template } = await deployContract(ctx, deployer, "DemoStandardBridge");
  await ctx.player.rpc("anvil_setCode", [standard.address, await ctx.player.client.getCode({ address: template })]);
  const remoteToken = getAddress("0x00000000000000000000000000000000b41d9e00");
  const { address: token, tx: deployTx } = await deployContract(ctx, deployer, "BridgedDemoToken", [standard.address, remoteToken]);
  const bridgeAbi = artifact(ctx, "DemoStandardBridge").abi;
  const liquidityDeposit = await ctx.player.write(deployer, standard.address, bridgeAbi, "finalizeDeposit", [token, deployer.address, wholeTokens(500_000_000n)]);
  const bridger = ctx.venueWallets.bridger;
  const bridgerDeposit = await ctx.player.write(bridger, standard.address, bridgeAbi, "finalizeDeposit", [token, bridger.address, wholeTokens(1_000_000n)]);
  const { pool } = await launchAndBuy(ctx, deployer, token, { buy: "0.1" });
  return finalizeTokenScenario(
    ctx,
    {
      title: "A standard bridge token on Base",
      proves: "A token minted by the chain's standard bridge is recognised as bridged: its mint power is the bridge's (context, not an owner power), and bridgers are not launch recipients.",
      deployer: deployer.address,
      deployTx: ref(deployTx),
      ownershipModel: "access-control",
      pool,
      facts: { bridge: standard.address, remoteToken, deposits: [ref(liquidityDeposit), ref(bridgerDeposit)], bridgers: [deployer.address, bridger.address] },
    },
    token,
  );
}

/** A token whose owner "renounced" through lock(time): owner() is zero, unlock() gives it back in 30 days. */
async function playReclaimableOwner(ctx: VenueContext) {
  startScenario(ctx);
  const owner = ctx.venueWallets.reclaimOwner;
  const abi = artifact(ctx, "ReclaimableOwnerToken").abi;
  const { address: token, tx: deployTx } = await deployContract(ctx, owner, "ReclaimableOwnerToken", [STANDARD_SUPPLY]);
  const pool = await ctx.market.launch({ from: owner, token, tokenAmount: wholeTokens(400_000_000n), nativeAmount: native("10") });
  const lockFor = 30 * DAY;
  const lockTx = await ctx.player.write(owner, token, abi, "lock", [BigInt(lockFor)]);
  ctx.player.clock.wait(HOUR);
  await ctx.market.buy({ from: ctx.venueWallets.proxyKindsBuyer, token, nativeIn: native("0.1") });
  return finalizeTokenScenario(
    ctx,
    {
      title: "Ownership that can be taken back (the lock/unlock pattern)",
      proves: "owner() is the zero address, but unlock() gives ownership back to the previous owner: the renounce is not final, and the mint power stays flagged.",
      deployer: owner.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: { previousOwner: owner.address, lockTx: ref(lockTx), unlockTime: lockTx.timestamp + lockFor },
    },
    token,
  );
}

/**
 * A wallet's Permit2 allowances on one token, after an unlimited ERC-20 approval to Permit2: an
 * unlimited one to the Universal Router that stands, one that expired two days before the read,
 * and one a Lockdown revoked.
 */
async function playPermit2Grants(ctx: VenueContext, token: Address) {
  startScenario(ctx);
  const wallet = ctx.venueWallets.permit2Wallet;
  const permit2 = ctx.venues.permit2;
  const router = ctx.venues.uniswapV4.universalRouter;
  const expiredSpender = ctx.venueWallets.permit2ExpiredSpender.address;
  const revokedSpender = ctx.venueWallets.permit2RevokedSpender.address;
  const erc20ApproveTx = await ctx.player.write(wallet, token, erc20Abi, "approve", [permit2, maxUint256]);
  const liveTx = await ctx.player.write(wallet, permit2, permit2Abi, "approve", [token, router, maxUint160, PERMIT2_EXPIRATION]);
  const shortExpiration = ctx.player.clock.peekNext() + HOUR;
  const expiredTx = await ctx.player.write(wallet, permit2, permit2Abi, "approve", [token, expiredSpender, wholeTokens(1_000n), shortExpiration]);
  const revokedTx = await ctx.player.write(wallet, permit2, permit2Abi, "approve", [token, revokedSpender, wholeTokens(5_000n), PERMIT2_EXPIRATION]);
  const lockdownTx = await ctx.player.write(wallet, permit2, permit2Abi, "lockdown", [[{ token, spender: revokedSpender }]]);
  // The same wallet's NFT operators: one standing, one set and taken back.
  const collectionAbi = artifact(ctx, "DemoCollection").abi;
  const { address: collection } = await deployContract(ctx, wallet, "DemoCollection");
  await ctx.player.write(wallet, collection, collectionAbi, "mint", [wallet.address]);
  const operator = ctx.venueWallets.nftOperator.address;
  const revokedOperator = ctx.venueWallets.permit2RevokedSpender.address;
  const operatorTx = await ctx.player.write(wallet, collection, collectionAbi, "setApprovalForAll", [operator, true]);
  await ctx.player.write(wallet, collection, collectionAbi, "setApprovalForAll", [revokedOperator, true]);
  const operatorRevokedTx = await ctx.player.write(wallet, collection, collectionAbi, "setApprovalForAll", [revokedOperator, false]);
  // Two days on, a block: the short allowance has expired at the read.
  ctx.player.clock.wait(2 * DAY);
  await ctx.market.buy({ from: ctx.venueWallets.proxyKindsBuyer, token, nativeIn: native("0.01") });
  return {
    title: "Permit2 allowances (one live, one expired, one locked down) and NFT operators (one live, one revoked)",
    proves: "wallet/approvals reads Permit2's own allowances — the live unlimited one to the Universal Router is listed and usable, the expired and the revoked ones are not — and operators over whole NFT collections.",
    nft: { collection, operator, operatorTx: ref(operatorTx), revokedOperator, operatorRevokedTx: ref(operatorRevokedTx) },
    wallet: wallet.address,
    token,
    permit2,
    erc20ApproveTx: ref(erc20ApproveTx),
    live: { spender: router, amount: maxUint160.toString(), expiration: PERMIT2_EXPIRATION, tx: ref(liveTx) },
    expired: { spender: expiredSpender, expiration: shortExpiration, tx: ref(expiredTx) },
    revoked: { spender: revokedSpender, tx: ref(revokedTx), lockdownTx: ref(lockdownTx) },
  };
}

async function playTradeLimits(ctx: VenueContext) {
  startScenario(ctx);
  const owner = ctx.venueWallets.limitsOwner;
  const { address: token, tx: deployTx } = await deployContract(ctx, owner, "LimitsToken", [STANDARD_SUPPLY]);
  // The buy is about 0.2 % of the supply: under the transaction limit.
  const { pool, setMarketPairTx } = await launchAndBuy(ctx, owner, token, { marks: "LimitsToken", buy: "0.05" });
  return finalizeTokenScenario(
    ctx,
    {
      title: "Max-transaction and max-wallet limits",
      proves: "The limits are read with their values: a transfer at most 0.5 % of the supply, a wallet at most 2 %.",
      deployer: owner.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: { maxTransaction: (STANDARD_SUPPLY / 200n).toString(), maxWallet: (STANDARD_SUPPLY / 50n).toString(), setMarketPairTx: ref(setMarketPairTx!) },
    },
    token,
  );
}

/** Where the hidden owner's delegatecall helper points: an address of no consequence, read back from storage. */
export const hiddenOwnerHelper: Address = getAddress("0x00000000000000000000000000000000000be1a0");

/**
 * Ownership renounced, control kept: a "dev" address in the token's storage passes its own
 * msg.sender checks (set the tax, burn any holder's tokens, set and delegatecall a helper,
 * SELFDESTRUCT); owner() reads zero.
 */
async function playHiddenOwner(ctx: VenueContext) {
  startScenario(ctx);
  const deployer = ctx.venueWallets.hiddenOwnerDeployer;
  const dev = ctx.venueWallets.hiddenDev;
  const abi = artifact(ctx, "HiddenOwnerToken").abi;
  const { address: token, tx: deployTx } = await deployContract(ctx, deployer, "HiddenOwnerToken", [STANDARD_SUPPLY, dev.address]);
  const { pool } = await launchAndBuy(ctx, deployer, token, { buy: "0.1" });
  const renounceTx = await ctx.player.write(deployer, token, abi, "renounceOwnership", []);
  const setHelperTx = await ctx.player.write(dev, token, abi, "setHelper", [hiddenOwnerHelper]);
  return finalizeTokenScenario(
    ctx,
    {
      title: "A hidden owner behind a renounced one",
      proves: "owner() is zero, but the code compares msg.sender with another address it keeps in storage: that address is named (hidden_owner), the powers it holds stay flagged, and the helper it can delegatecall, SELFDESTRUCT and the burn of any holder's tokens are read from the code.",
      deployer: deployer.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: { dev: dev.address, devSlot: 6, helper: hiddenOwnerHelper, helperSlot: 7, renounceTx: ref(renounceTx), setHelperTx: ref(setHelperTx) },
    },
    token,
  );
}

/** A token whose buyers cannot send it on in the block of their buy: an anti-bot rule, not a honeypot. */
async function playSameBlockGuard(ctx: VenueContext) {
  startScenario(ctx);
  const owner = ctx.venueWallets.sameBlockOwner;
  const { address: token, tx: deployTx } = await deployContract(ctx, owner, "SameBlockGuardToken", [STANDARD_SUPPLY]);
  const { pool, setMarketPairTx } = await launchAndBuy(ctx, owner, token, { marks: "SameBlockGuardToken", buy: "0.1" });
  return finalizeTokenScenario(
    ctx,
    {
      title: "A same-block anti-bot rule",
      proves: "Sells are refused only in the block of the buy: simulated with the buy in one block and the sell in the next (eth_simulateV1), the token reads as sellable, not as a honeypot; where the node offers only eth_call, the answer says the sell was tried in the block of the buy.",
      deployer: owner.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: { setMarketPairTx: ref(setMarketPairTx!) },
    },
    token,
  );
}

/**
 * LP in the network's UNCX V1.0 Uniswap V2-style locker, at the locker's registry address: half of
 * the deployer's LP locked until 2030, three tenths in a lock that expired two days before the
 * read, the rest kept. Base has no V1.0 UNCX locker, so there is no such scenario on Base.
 */
async function playUncxLocks(ctx: VenueContext) {
  const locker = DEMO_LOCKERS[ctx.network.chain].find((entry) => entry.pattern === "uncx-token-locks" && entry.dex === ctx.canonical.dex.key);
  if (!locker) return null;
  startScenario(ctx);
  const owner = ctx.venueWallets.uncxLockOwner;
  // The locker's code at its registry address, as on mainnet; its storage starts empty.
  const { address: template } = await deployContract(ctx, owner, "UncxStyleLocker");
  await ctx.player.rpc("anvil_setCode", [locker.address, await ctx.player.client.getCode({ address: template })]);
  const { address: token, tx: deployTx } = await deployContract(ctx, owner, "MintableToken", ["UNCX Locked Demo Token", "ULOCK", STANDARD_SUPPLY]);
  const pool = await ctx.market.launch({ from: owner, token, tokenAmount: wholeTokens(400_000_000n), nativeAmount: native("10") });
  const lpMinted = BigInt(pool.lpMinted);
  const lockerAbi = artifact(ctx, "UncxStyleLocker").abi;
  const longLock = lpMinted / 2n;
  const shortLock = (lpMinted * 3n) / 10n;
  await ctx.player.write(owner, pool.pair, erc20Abi, "approve", [locker.address, longLock + shortLock]);
  const longUnlock = 1_893_456_000; // 2030-01-01T00:00:00Z
  const longLockTx = await ctx.player.write(owner, locker.address, lockerAbi, "lockLPToken", [pool.pair, longLock, BigInt(longUnlock), zeroAddress, true, owner.address]);
  const shortUnlock = ctx.player.clock.peekNext() + HOUR;
  const shortLockTx = await ctx.player.write(owner, locker.address, lockerAbi, "lockLPToken", [pool.pair, shortLock, BigInt(shortUnlock), zeroAddress, true, owner.address]);
  // Two days on, a buy: the head's time is past the short lock's unlock date.
  ctx.player.clock.wait(2 * DAY);
  await ctx.market.buy({ from: ctx.venueWallets.proxyKindsBuyer, token, nativeIn: native("0.2") });
  return finalizeTokenScenario(
    ctx,
    {
      title: "LP in UNCX's locker: one lock running, one expired",
      proves: "A lock whose date has passed is withdrawable, not locked: liquidity and risk read the locker's schedule, count the expired lock apart with since when, and do not call the pool secured.",
      deployer: owner.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: {
        locker: locker.address,
        lockerKey: locker.key,
        locked: { amount: longLock.toString(), unlockTime: longUnlock, tx: ref(longLockTx) },
        expired: { amount: shortLock.toString(), unlockTime: shortUnlock, tx: ref(shortLockTx) },
        keptByDeployer: (lpMinted - longLock - shortLock).toString(),
      },
    },
    token,
  );
}

async function playNoReturnToken(ctx: VenueContext) {
  startScenario(ctx);
  const owner = ctx.venueWallets.noReturnOwner;
  const { address: token, tx: deployTx } = await deployContract(ctx, owner, "NoReturnToken", [STANDARD_SUPPLY]);
  const { pool } = await launchAndBuy(ctx, owner, token);
  return finalizeTokenScenario(
    ctx,
    {
      title: "USDT-style token: approve and transfer return nothing",
      proves: "A token whose approve and transfer answer nothing is simulated all the same: the buy, the wallet-to-wallet transfer and the sell go through.",
      deployer: owner.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: { returnsNothing: ["approve", "transfer", "transferFrom"] as const },
    },
    token,
  );
}

async function playWalletTransferTax(ctx: VenueContext) {
  startScenario(ctx);
  const owner = ctx.venueWallets.walletTaxOwner;
  const { address: token, tx: deployTx } = await deployContract(ctx, owner, "WalletTransferTaxToken", [STANDARD_SUPPLY]);
  const { pool, setMarketPairTx } = await launchAndBuy(ctx, owner, token, { marks: "WalletTransferTaxToken" });
  return finalizeTokenScenario(
    ctx,
    {
      title: "Token that taxes wallet-to-wallet transfers",
      proves: "Trades through the pool are untaxed, but a transfer between two wallets loses 20 %: the wallet-to-wallet test flags it.",
      deployer: owner.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: { walletTaxBps: 2_000, setMarketPairTx: ref(setMarketPairTx!) },
    },
    token,
  );
}

async function playSimulationDodger(ctx: VenueContext) {
  startScenario(ctx);
  const owner = ctx.venueWallets.dodgerOwner;
  const holder = ctx.venueWallets.proxyKindsBuyer;
  const abi = artifact(ctx, "SimulationDodger").abi;
  const { address: token, tx: deployTx } = await deployContract(ctx, owner, "SimulationDodger", ["Simulation Dodger Demo Token", "DODGE", STANDARD_SUPPLY, [formerSimulatorAddress]]);
  const pool = await ctx.market.launch({ from: owner, token, tokenAmount: wholeTokens(700_000_000n), nativeAmount: native("10") });
  const setMarketPairTx = await ctx.player.write(owner, token, abi, "setMarketPair", [pool.pair, true]);
  ctx.player.clock.wait(HOUR);
  const buy = await ctx.market.buy({ from: holder, token, nativeIn: native("1") });
  ctx.player.clock.wait(HOUR);
  const failedSell = await ctx.market.failedSell({ from: holder, token, amount: buy.tokensReceived / 2n });
  return finalizeTokenScenario(
    ctx,
    {
      title: "Honeypot that lets simulations through",
      proves: "A simulation from a fresh address and an ordinary sender is not dodged: sells revert for holders, and the answer says honeypot.",
      deployer: owner.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: { whitelisted: [formerSimulatorAddress], setMarketPairTx: ref(setMarketPairTx), failedSellTx: failedSell.tx },
    },
    token,
  );
}

/**
 * The usual opening: a V2 pool of 400M tokens against 10 native, the pool marked as the token's
 * market pair where the token has setMarketPair (`marks`: its artifact), an hour, then a buy.
 */
async function launchAndBuy(ctx: VenueContext, from: VenueContext["venueWallets"][keyof VenueContext["venueWallets"]], token: Address, options: { marks?: string; buy?: string } = {}) {
  const pool = await ctx.market.launch({ from, token, tokenAmount: wholeTokens(400_000_000n), nativeAmount: native("10") });
  const setMarketPairTx = options.marks ? await ctx.player.write(from, token, artifact(ctx, options.marks).abi, "setMarketPair", [pool.pair, true]) : null;
  ctx.player.clock.wait(HOUR);
  await ctx.market.buy({ from: ctx.venueWallets.proxyKindsBuyer, token, nativeIn: native(options.buy ?? "0.5") });
  return { pool, setMarketPairTx };
}

async function playZeppelinosProxy(ctx: VenueContext) {
  startScenario(ctx);
  const deployer = ctx.venueWallets.zeppelinosDeployer;
  const admin = ctx.venueWallets.zeppelinosAdmin;
  const { address: implementation } = await deployContract(ctx, deployer, "FiatStyleToken");
  const init = encodeFunctionData({ abi: artifact(ctx, "FiatStyleToken").abi, functionName: "initialize", args: [deployer.address, STANDARD_SUPPLY] });
  const { address: token, tx: deployTx } = await deployContract(ctx, deployer, "ZeppelinOsUpgradeabilityProxy", [implementation, admin.address, init]);
  const { pool } = await launchAndBuy(ctx, deployer, token);
  return finalizeTokenScenario(
    ctx,
    {
      title: "Stablecoin-style token behind ZeppelinOS's unstructured-storage proxy (USDC's kind)",
      proves: "The older proxy slots are read: the token is upgradeable by the proxy's admin, and its minter, blacklist and pause powers are read from the implementation.",
      deployer: deployer.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: { proxyKind: "zeppelinos" as const, proxy: token, implementation, proxyAdmin: admin.address, powers: ["mint", "pause", "blacklist"] as const },
    },
    token,
  );
}

async function playBeaconProxy(ctx: VenueContext) {
  startScenario(ctx);
  const owner = ctx.venueWallets.beaconOwner;
  const { address: implementation } = await deployContract(ctx, owner, "BeaconTokenLogic");
  const { address: beacon } = await deployContract(ctx, owner, "DemoUpgradeableBeacon", [implementation, owner.address]);
  const init = encodeFunctionData({ abi: artifact(ctx, "BeaconTokenLogic").abi, functionName: "initialize", args: [owner.address, STANDARD_SUPPLY] });
  const { address: token, tx: deployTx } = await deployContract(ctx, owner, "DemoBeaconProxy", [beacon, init]);
  const { pool } = await launchAndBuy(ctx, owner, token);
  return finalizeTokenScenario(
    ctx,
    {
      title: "Token behind a beacon proxy",
      proves: "A beacon's implementation is resolved in every endpoint, and the powers are read from the code that runs there (the logic mints).",
      deployer: owner.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: { proxyKind: "beacon" as const, proxy: token, beacon, implementation, beaconOwner: owner.address, powers: ["mint"] as const },
    },
    token,
  );
}

async function playDiamond(ctx: VenueContext) {
  startScenario(ctx);
  const owner = ctx.venueWallets.diamondOwner;
  const { address: diamond, tx: deployTx } = await deployContract(ctx, owner, "DemoDiamond", [owner.address]);
  const facetArtifact = artifact(ctx, "DiamondTokenFacet");
  const { address: facet } = await deployContract(ctx, owner, "DiamondTokenFacet");
  const selectors = facetArtifact.abi.filter((item): item is AbiFunction => item.type === "function").map((item) => toFunctionSelector(item));
  const cutTx = await ctx.player.write(owner, diamond, artifact(ctx, "DemoDiamond").abi, "diamondCut", [[{ facetAddress: facet, action: 0, functionSelectors: selectors }], "0x0000000000000000000000000000000000000000", "0x"]);
  await ctx.player.write(owner, diamond, facetArtifact.abi, "mint", [owner.address, STANDARD_SUPPLY]);
  const { pool } = await launchAndBuy(ctx, owner, diamond);
  return finalizeTokenScenario(
    ctx,
    {
      title: "EIP-2535 diamond token",
      proves: "A diamond is recognised through its loupe, its facets listed, and the powers read from the facets' code (the token facet mints for the diamond's owner).",
      deployer: owner.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: { proxyKind: "eip2535_diamond" as const, proxy: diamond, facets: [getAddress(facet)], owner: owner.address, cutTx: ref(cutTx), powers: ["mint"] as const },
    },
    diamond,
  );
}
