// 29. Real published token contracts, deployed as their publishers ship them, launched, traded and
// some of their powers used; played after every other scenario so nothing built before moves. The
// details: playRealTokens below.
import { encodeAbiParameters, encodeFunctionData, getAddress, keccak256, pad, parseAbiParameters, toFunctionSelector, toHex, zeroAddress, type Address, type Hex } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { ref, type Sent, type TxRef } from "../player";
import { REAL_TOKEN_BUILDS, UNI_ARTIFACT, type RealTokenBuildKey } from "../real-tokens/catalog";
import { compiledRealTokens, linkedBytecode, type RealTokenArtifact, type RealTokenArtifacts } from "../real-tokens/compile";
import { deriveRoleWallets } from "../venues/wallets";
import { MINUTE, native, startScenario, tokenSummary, wholeTokens, type ScenarioContext, type ScenarioToken } from "./common";
import type { PoolLaunch, PoolState, Trade } from "../market";

/** What a power does to the token, in the vocabulary intel/risk reports powers with. */
export type RealTokenPowerKind =
  | "mint"
  | "pause"
  | "blacklist"
  | "balance_edit"
  | "fees"
  | "limits"
  | "trading_switch"
  | "exemptions"
  /** Replaces the code the token runs (a proxy's implementation or master copy). */
  | "upgrade"
  /** Hands a power (or the token's control) to another address. */
  | "role_admin";

export type RealTokenPower = {
  kind: RealTokenPowerKind;
  /** The function as the contract declares it, e.g. "blacklist(address)". */
  signature: string;
  selector: Hex;
  /** The address the code checks msg.sender against, at the end of the build. */
  holder: Address;
  /** The contract's own name for that address (its getter, or the variable when there is no getter). */
  role: string;
  /** The getter that reads the holder, or null when the code keeps it in storage no getter exposes. */
  holderGetter: string | null;
  /** The storage slot holding the holder when no getter reads it (for anyone: a proxy's admin getter answers only its admin); null otherwise. */
  holderSlot: Hex | null;
  /** The role id `hasRole(bytes32,address)` is asked with when the holder is a member of an AccessControl role; null otherwise. */
  holderRoleId: Hex | null;
  /** The holder's wallet role in `realTokens.wallets`, or null when a contract holds the power. */
  holderWallet: string | null;
  /** The contract holding the power (its name in the scenario's `contracts`: a timelock, a proxy admin), or null when a wallet does. */
  holderContract: string | null;
  /** Where the history shows the power used; null when it was left for a simulation to find. */
  exercisedTx: TxRef | null;
};

export type RealTokenSourceRecord = {
  folder: string;
  package: string;
  version: string;
  repository: string;
  license: string;
  compiler: string;
};

export type RealTokenScenario = {
  title: string;
  proves: string;
  token: ScenarioToken;
  /** Deployed contracts by name (a proxy's implementation and libraries included). */
  contracts: Record<string, Address>;
  deployer: Address;
  deployTx: TxRef;
  source: RealTokenSourceRecord;
  /** Every privileged function the code gives, with its holder; an empty list for a token with none. */
  powers: RealTokenPower[];
  /** What was played, in order, beside the launch and the trades. */
  history: { what: string; tx: TxRef }[];
  pool: PoolLaunch;
  trades: Trade[];
  finalPool: PoolState;
};

export type RealTokenScenarios = {
  circleFiatToken: RealTokenScenario;
  uniswapUni: RealTokenScenario;
  minime: RealTokenScenario;
  gnosisOwl: RealTokenScenario;
  tbtc: RealTokenScenario;
  across: RealTokenScenario;
  zrx: RealTokenScenario;
  aave: RealTokenScenario;
  optimismMintable: RealTokenScenario;
  chainlinkBurnMint: RealTokenScenario;
  sushi: RealTokenScenario;
  xSushi: RealTokenScenario;
  weth9: RealTokenScenario;
  openzeppelinPreset: RealTokenScenario;
  gnosisGno: RealTokenScenario;
  arbitrumStandard: RealTokenScenario;
  uniswapDeflating: RealTokenScenario;
  aaveV2AToken: RealTokenScenario;
};

export type RealTokenBook = {
  wallets: Record<string, Address>;
  scenarios: RealTokenScenarios;
};

/** Role → account index REAL_TOKEN_WALLET_FIRST_INDEX + position, clear of the siphon wallets (320 on). Append only. */
export const REAL_TOKEN_WALLET_ROLES = [
  "buyerA",
  "buyerB",
  "circleProxyAdmin",
  "circleOwner",
  "circleMasterMinter",
  "circleMinter",
  "circlePauser",
  "circleBlacklister",
  "circleTreasury",
  "uniDeployer",
  "uniTreasury",
  "uniMinter",
  "minimeController",
  "owlCreator",
  "owlMinter",
  "tbtcDeployer",
  "tbtcVendingMachine",
  "acrossOwner",
  "zrxDeployer",
  "aaveDeployer",
  "aaveProxyAdmin",
  "aaveTreasury",
  "zrxLiquidityProvider",
  "opBridge",
  "opDepositor",
  "chainlinkAdmin",
  "chainlinkMinter",
  "sushiDeployer",
  "sushiTimelockAdmin",
  "sushiTreasury",
  "xSushiStaker",
  "wethHolder",
  "presetAdmin",
  "presetMinter",
  "presetProxyAdminOwner",
  "gnoDeployer",
  "arbBeaconOwner",
  "arbGateway",
  "arbDepositor",
  "deflatingDeployer",
  "aaveV2Owner",
  "aaveV2Treasury",
  "aaveV2Depositor",
  "aaveV2FlashBorrower",
] as const;
export const REAL_TOKEN_WALLET_FIRST_INDEX = 400;
const REAL_TOKEN_WALLET_BALANCE = 1_000n * 10n ** 18n;

type Role = (typeof REAL_TOKEN_WALLET_ROLES)[number];
type Wallets = Record<Role, PrivateKeyAccount>;

type Played = { scenario: Omit<RealTokenScenario, "token" | "trades" | "finalPool">; token: Address };

type Step = { what: string; tx: Sent };

/** Where the holder is read: a getter, a storage slot, or membership of an AccessControl role. */
type HolderAt = string | { slot: Hex } | { roleId: Hex };

function power(
  kind: RealTokenPowerKind,
  signature: string,
  role: string,
  /** The getter that names the holder, or the slot it is kept in. */
  holderAt: HolderAt,
  wallets: Wallets,
  holderWallet: Role,
  exercised: Sent | null = null,
): RealTokenPower {
  return { ...powerHeldBy(kind, signature, role, holderAt, wallets[holderWallet].address, exercised), holderWallet };
}

/** A power a contract holds (a timelock, a proxy admin), named as the scenario's `contracts` names it. */
function contractPower(
  kind: RealTokenPowerKind,
  signature: string,
  role: string,
  holderAt: HolderAt,
  holderContract: { name: string; address: Address },
  exercised: Sent | null = null,
): RealTokenPower {
  return { ...powerHeldBy(kind, signature, role, holderAt, holderContract.address, exercised), holderContract: holderContract.name };
}

function powerHeldBy(kind: RealTokenPowerKind, signature: string, role: string, holderAt: HolderAt, holder: Address, exercised: Sent | null): RealTokenPower {
  return {
    kind,
    signature,
    selector: toFunctionSelector(`function ${signature}`),
    holder: getAddress(holder),
    role,
    holderGetter: typeof holderAt === "string" ? holderAt : "roleId" in holderAt ? "hasRole(bytes32,address)" : null,
    holderSlot: typeof holderAt === "object" && "slot" in holderAt ? holderAt.slot : null,
    holderRoleId: typeof holderAt === "object" && "roleId" in holderAt ? holderAt.roleId : null,
    holderWallet: null,
    holderContract: null,
    exercisedTx: exercised ? ref(exercised) : null,
  };
}

function sourceOf(key: RealTokenBuildKey): RealTokenSourceRecord {
  const build = REAL_TOKEN_BUILDS[key];
  return {
    folder: `contracts/real-tokens/${build.folder}`,
    package: build.source.package,
    version: build.source.version,
    repository: build.source.repository,
    license: build.source.license,
    compiler: `${build.compiler} (optimizer ${build.optimizer.enabled ? `${build.optimizer.runs} runs` : "off"})`,
  };
}

const history = (steps: Step[]) => steps.map((step) => ({ what: step.what, tx: ref(step.tx) }));

/**
 * Two ordinary buys, the same on every token, so each has holders and a market history. No more:
 * every block of the saved state carries the whole chain's state (about 2 MB a block here).
 */
async function trade(ctx: ScenarioContext, wallets: Wallets, token: Address): Promise<void> {
  ctx.player.clock.wait(MINUTE);
  await ctx.market.buy({ from: wallets.buyerA, token, nativeIn: native("1") });
  await ctx.market.buy({ from: wallets.buyerB, token, nativeIn: native("0.5") });
}

async function deploy(ctx: ScenarioContext, from: PrivateKeyAccount, artifact: RealTokenArtifact, args: readonly unknown[] = []) {
  return ctx.player.deploy(from, artifact, args);
}

// Circle's FiatToken (USDC's code, v2.2) behind its own proxy: owner, master minter, minter,
// pauser and blacklister are five wallets; the proxy's admin a sixth.
async function playCircle(ctx: ScenarioContext, wallets: Wallets, artifacts: RealTokenArtifacts): Promise<Played> {
  const { FiatTokenV2_2: impl, FiatTokenProxy: proxyArtifact, SignatureChecker } = artifacts.circleFiatToken;
  const deployer = wallets.circleProxyAdmin;
  const library = await deploy(ctx, deployer, SignatureChecker);
  const implementation = await ctx.player.deploy(deployer, { abi: impl.abi, bytecode: linkedBytecode(impl, { SignatureChecker: library.address }) });
  // The proxy's admin is its deployer and can never reach the token's functions through it.
  const proxy = await deploy(ctx, deployer, proxyArtifact, [implementation.address]);
  const token = proxy.address;
  const call = (from: PrivateKeyAccount, name: string, args: readonly unknown[]) => ctx.player.write(from, token, impl.abi, name, args);
  const owner = wallets.circleOwner;
  const steps: Step[] = [];
  steps.push({
    what: "initialize: name, symbol, currency, 6 decimals, master minter, pauser, blacklister, owner",
    tx: await call(owner, "initialize", [
      "Demo FiatToken",
      "DFIAT",
      "USD",
      6,
      wallets.circleMasterMinter.address,
      wallets.circlePauser.address,
      wallets.circleBlacklister.address,
      owner.address,
    ]),
  });
  steps.push({ what: "initializeV2", tx: await call(owner, "initializeV2", ["Demo FiatToken"]) });
  steps.push({ what: "initializeV2_1 (lost and found: the owner)", tx: await call(owner, "initializeV2_1", [owner.address]) });
  steps.push({ what: "initializeV2_2 (nobody blacklisted)", tx: await call(owner, "initializeV2_2", [[], "DFIAT"]) });
  const configure = await call(wallets.circleMasterMinter, "configureMinter", [wallets.circleMinter.address, 10_000_000n * 10n ** 6n]);
  steps.push({ what: "the master minter makes circleMinter a minter with an allowance of 10,000,000", tx: configure });
  const mint = await call(wallets.circleMinter, "mint", [wallets.circleTreasury.address, 2_000_000n * 10n ** 6n]);
  steps.push({ what: "the minter mints 2,000,000 to circleTreasury", tx: mint });
  const pool = await ctx.market.launch({ from: wallets.circleTreasury, token, tokenAmount: 100_000n * 10n ** 6n, nativeAmount: native("40") });
  await trade(ctx, wallets, token);
  ctx.player.clock.wait(MINUTE);
  const blacklist = await call(wallets.circleBlacklister, "blacklist", [wallets.buyerB.address]);
  steps.push({ what: "the blacklister blacklists buyerB, who holds the token", tx: blacklist });
  const powers = [
    power("mint", "mint(address,uint256)", "minter (isMinter, minterAllowance)", "isMinter(address)", wallets, "circleMinter", mint),
    power("mint", "configureMinter(address,uint256)", "masterMinter", "masterMinter()", wallets, "circleMasterMinter", configure),
    power("blacklist", "blacklist(address)", "blacklister", "blacklister()", wallets, "circleBlacklister", blacklist),
    power("pause", "pause()", "pauser", "pauser()", wallets, "circlePauser"),
    power("upgrade", "upgradeTo(address)", "admin (the proxy's)", "admin()", wallets, "circleProxyAdmin"),
    power("role_admin", "updateBlacklister(address)", "owner", "owner()", wallets, "circleOwner"),
  ];
  return {
    token,
    scenario: {
      title: "Circle's FiatToken v2.2 (USDC's code) behind FiatTokenProxy",
      proves:
        "A stablecoin whose powers are split over five holders none of which is owner(): a minter under an allowance a master minter sets, a blacklister (used on a holder), a pauser, the owner who appoints them, and the proxy's admin who can replace the code.",
      contracts: { FiatTokenProxy: token, FiatTokenV2_2: implementation.address, SignatureChecker: library.address },
      deployer: deployer.address,
      deployTx: ref(proxy.tx),
      source: sourceOf("circleFiatToken"),
      powers,
      history: history(steps),
      pool,
    },
  };
}

// Uniswap's UNI: no owner; the only privileged account is the minter, which may mint at most 2 %
// of the supply once a year, after a date set at deployment.
async function playUni(ctx: ScenarioContext, wallets: Wallets, artifacts: RealTokenArtifacts): Promise<Played> {
  const uni = artifacts.uni.Uni;
  const mintingAllowedAfter = BigInt(ctx.player.clock.peekNext() + 10 * MINUTE);
  const deployed = await deploy(ctx, wallets.uniDeployer, uni, [wallets.uniTreasury.address, wallets.uniMinter.address, mintingAllowedAfter]);
  const token = deployed.address;
  const pool = await ctx.market.launch({ from: wallets.uniTreasury, token, tokenAmount: wholeTokens(10_000_000n), nativeAmount: native("20") });
  await trade(ctx, wallets, token);
  ctx.player.clock.wait(10 * MINUTE);
  const mint = await ctx.player.write(wallets.uniMinter, token, uni.abi, "mint", [wallets.uniMinter.address, wholeTokens(20_000_000n)]);
  return {
    token,
    scenario: {
      title: "Uniswap's UNI (Uni.sol as Uniswap publishes its build)",
      proves:
        "A governance token with no owner() whose only privileged account is its minter: the minter minted the yearly 2 % cap to itself; the next mint is allowed a year later, and setMinter can hand the power on.",
      contracts: { Uni: token },
      deployer: wallets.uniDeployer.address,
      deployTx: ref(deployed.tx),
      source: {
        folder: "(none: the published build in @uniswap/governance)",
        package: UNI_ARTIFACT.package,
        version: "1.0.2",
        repository: UNI_ARTIFACT.repository,
        license: UNI_ARTIFACT.license,
        compiler: UNI_ARTIFACT.compiler,
      },
      powers: [
        power("mint", "mint(address,uint256)", "minter", "minter()", wallets, "uniMinter", mint),
        power("role_admin", "setMinter(address)", "minter", "minter()", wallets, "uniMinter"),
      ],
      history: history([
        { what: `deployed with mintingAllowedAfter ${mintingAllowedAfter}`, tx: deployed.tx },
        { what: "the minter mints 20,000,000 (2 % of the supply) to itself", tx: mint },
      ]),
      pool,
    },
  };
}

// Giveth's MiniMeToken: its controller creates and destroys anyone's tokens, moves them without an
// allowance, and turns every transfer off or on.
async function playMiniMe(ctx: ScenarioContext, wallets: Wallets, artifacts: RealTokenArtifacts): Promise<Played> {
  const { MiniMeToken } = artifacts.minime;
  const controller = wallets.minimeController;
  const zero = "0x0000000000000000000000000000000000000000";
  const deployed = await deploy(ctx, controller, MiniMeToken, [zero, zero, 0n, "Demo MiniMe Token", 18, "DMINI", true]);
  const token = deployed.address;
  const generate = await ctx.player.write(controller, token, MiniMeToken.abi, "generateTokens", [controller.address, wholeTokens(1_000_000_000n)]);
  const pool = await ctx.market.launch({ from: controller, token, tokenAmount: wholeTokens(500_000_000n), nativeAmount: native("10") });
  await trade(ctx, wallets, token);
  ctx.player.clock.wait(MINUTE);
  const held = await ctx.market.balanceOf(token, wallets.buyerB.address);
  const destroy = await ctx.player.write(controller, token, MiniMeToken.abi, "destroyTokens", [wallets.buyerB.address, held / 2n]);
  return {
    token,
    scenario: {
      title: "Giveth's MiniMeToken",
      proves:
        "A controller (not owner()) that mints, destroys a holder's tokens (half of buyerB's, with a Transfer to 0x0), may move anyone's tokens through transferFrom without an allowance, and can switch every transfer off.",
      contracts: { MiniMeToken: token },
      deployer: controller.address,
      deployTx: ref(deployed.tx),
      source: sourceOf("minime"),
      powers: [
        power("mint", "generateTokens(address,uint256)", "controller", "controller()", wallets, "minimeController", generate),
        power("balance_edit", "destroyTokens(address,uint256)", "controller", "controller()", wallets, "minimeController", destroy),
        power("balance_edit", "transferFrom(address,address,uint256)", "controller", "controller()", wallets, "minimeController"),
        power("trading_switch", "enableTransfers(bool)", "controller", "controller()", wallets, "minimeController"),
        power("role_admin", "changeController(address)", "controller", "controller()", wallets, "minimeController"),
      ],
      history: history([
        { what: "the controller generates 1,000,000,000 for itself", tx: generate },
        { what: "the controller destroys half of buyerB's tokens", tx: destroy },
      ]),
      pool,
    },
  };
}

// Gnosis's OWL behind its proxy: the creator appoints the minter and may swap the master copy
// (after a 30-day countdown); the minter mints.
async function playOwl(ctx: ScenarioContext, wallets: Wallets, artifacts: RealTokenArtifacts): Promise<Played> {
  const { TokenOWL, TokenOWLProxy } = artifacts.gnosisOwl;
  const creator = wallets.owlCreator;
  const masterCopy = await deploy(ctx, creator, TokenOWL);
  const proxy = await deploy(ctx, creator, TokenOWLProxy, [masterCopy.address]);
  const token = proxy.address;
  const setMinter = await ctx.player.write(creator, token, TokenOWL.abi, "setMinter", [wallets.owlMinter.address]);
  const mint = await ctx.player.write(wallets.owlMinter, token, TokenOWL.abi, "mintOWL", [wallets.owlMinter.address, wholeTokens(1_000_000_000n)]);
  const pool = await ctx.market.launch({ from: wallets.owlMinter, token, tokenAmount: wholeTokens(500_000_000n), nativeAmount: native("10") });
  await trade(ctx, wallets, token);
  return {
    token,
    scenario: {
      title: "Gnosis's OWL (TokenOWL behind TokenOWLProxy)",
      proves:
        "A proxied token with no owner(): its creator appointed a minter, which minted; the creator can appoint another and, after a 30-day countdown, replace the code.",
      contracts: { TokenOWLProxy: token, TokenOWL: masterCopy.address },
      deployer: creator.address,
      deployTx: ref(proxy.tx),
      source: sourceOf("gnosisOwl"),
      powers: [
        power("mint", "mintOWL(address,uint256)", "minter", "minter()", wallets, "owlMinter", mint),
        power("role_admin", "setMinter(address)", "creator", "creator()", wallets, "owlCreator", setMinter),
        power("upgrade", "startMasterCopyCountdown(address)", "creator", "creator()", wallets, "owlCreator"),
        power("role_admin", "setNewOwner(address)", "creator", "creator()", wallets, "owlCreator"),
      ],
      history: history([
        { what: "the creator appoints owlMinter", tx: setMinter },
        { what: "the minter mints 1,000,000,000 to itself", tx: mint },
      ]),
      pool,
    },
  };
}

// Keep's TBTC (v1): only the vending machine may mint, and the code keeps its address in storage
// that no getter reads: slot 6, after ERC20Detailed's three variables and ERC20's three.
const VENDING_MACHINE_SLOT = { slot: toHex(6, { size: 32 }) };
async function playTbtc(ctx: ScenarioContext, wallets: Wallets, artifacts: RealTokenArtifacts): Promise<Played> {
  const { TBTCToken } = artifacts.tbtc;
  const machine = wallets.tbtcVendingMachine;
  const deployed = await deploy(ctx, wallets.tbtcDeployer, TBTCToken, [machine.address]);
  const token = deployed.address;
  const mint = await ctx.player.write(machine, token, TBTCToken.abi, "mint", [machine.address, wholeTokens(1_000n)]);
  const pool = await ctx.market.launch({ from: machine, token, tokenAmount: wholeTokens(500n), nativeAmount: native("10") });
  await trade(ctx, wallets, token);
  return {
    token,
    scenario: {
      title: "Keep's TBTC v1 (TBTCToken)",
      proves: "A mint power whose holder has no getter at all: the vending machine's address sits in a storage slot the code compares msg.sender with.",
      contracts: { TBTCToken: token },
      deployer: wallets.tbtcDeployer.address,
      deployTx: ref(deployed.tx),
      source: sourceOf("tbtc"),
      powers: [power("mint", "mint(address,uint256)", "VendingMachine (internal)", VENDING_MACHINE_SLOT, wallets, "tbtcVendingMachine", mint)],
      history: history([{ what: "the vending machine mints 1,000 to itself", tx: mint }]),
      pool,
    },
  };
}

// Across's ACX: an Ownable token whose owner mints and burns anyone's tokens.
async function playAcross(ctx: ScenarioContext, wallets: Wallets, artifacts: RealTokenArtifacts): Promise<Played> {
  const { AcrossToken } = artifacts.across;
  const owner = wallets.acrossOwner;
  const deployed = await deploy(ctx, owner, AcrossToken);
  const token = deployed.address;
  const mint = await ctx.player.write(owner, token, AcrossToken.abi, "mint", [owner.address, wholeTokens(1_000_000_000n)]);
  const pool = await ctx.market.launch({ from: owner, token, tokenAmount: wholeTokens(500_000_000n), nativeAmount: native("10") });
  await trade(ctx, wallets, token);
  ctx.player.clock.wait(MINUTE);
  const held = await ctx.market.balanceOf(token, wallets.buyerB.address);
  const burn = await ctx.player.write(owner, token, AcrossToken.abi, "burn", [wallets.buyerB.address, held / 3n]);
  return {
    token,
    scenario: {
      title: "Across Protocol's ACX (AcrossToken)",
      proves: "An owner that mints and burns any holder's tokens: a third of buyerB's were burned by the owner, with a Transfer to 0x0 buyerB never sent.",
      contracts: { AcrossToken: token },
      deployer: owner.address,
      deployTx: ref(deployed.tx),
      source: sourceOf("across"),
      powers: [
        power("mint", "mint(address,uint256)", "owner", "owner()", wallets, "acrossOwner", mint),
        power("balance_edit", "burn(address,uint256)", "owner", "owner()", wallets, "acrossOwner", burn),
        power("role_admin", "transferOwnership(address)", "owner", "owner()", wallets, "acrossOwner"),
      ],
      history: history([
        { what: "the owner mints 1,000,000,000 to itself", tx: mint },
        { what: "the owner burns a third of buyerB's tokens", tx: burn },
      ]),
      pool,
    },
  };
}

// 0x's ZRX: a fixed supply and no privileged account at all, the control case.
async function playZrx(ctx: ScenarioContext, wallets: Wallets, artifacts: RealTokenArtifacts): Promise<Played> {
  const { ZRXToken } = artifacts.zrx;
  const deployed = await deploy(ctx, wallets.zrxDeployer, ZRXToken);
  const token = deployed.address;
  // As on mainnet, the pool is a market's, not the deployer's: a liquidity provider with no
  // deployment, ownership or control relation to ZRX is given the tokens and seeds it.
  await ctx.player.write(wallets.zrxDeployer, token, ZRXToken.abi, "transfer", [wallets.zrxLiquidityProvider.address, wholeTokens(500_000_000n)]);
  const pool = await ctx.market.launch({ from: wallets.zrxLiquidityProvider, token, tokenAmount: wholeTokens(500_000_000n), nativeAmount: native("10") });
  await trade(ctx, wallets, token);
  return {
    token,
    scenario: {
      title: "0x's ZRX (ZRXToken)",
      proves: "A token with no privileged function and no owner, its pool seeded by a provider with no relation to it: nothing to find, and only its unlocked liquidity as a low flag.",
      contracts: { ZRXToken: token },
      deployer: wallets.zrxDeployer.address,
      deployTx: ref(deployed.tx),
      source: sourceOf("zrx"),
      powers: [],
      history: [],
      pool,
    },
  };
}

/** EIP-1967's admin slot, where Aave's proxy keeps its admin (whose getter answers only the admin). */
const EIP1967_ADMIN_SLOT = { slot: "0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103" as Hex };

// Aave's AAVE behind its InitializableAdminUpgradeabilityProxy: launched as AaveToken (v1), which
// minted the supply, then upgraded by the proxy's admin to AaveTokenV2, as on mainnet. No owner:
// the one privileged account is the proxy's admin.
async function playAave(ctx: ScenarioContext, wallets: Wallets, artifacts: RealTokenArtifacts): Promise<Played> {
  const { AaveToken, AaveTokenV2, InitializableAdminUpgradeabilityProxy: proxyArtifact } = artifacts.aave;
  const deployer = wallets.aaveDeployer;
  const v1 = await deploy(ctx, deployer, AaveToken);
  const v2 = await deploy(ctx, deployer, AaveTokenV2);
  const proxy = await deploy(ctx, deployer, proxyArtifact);
  const token = proxy.address;
  // No transfer hook: v1 and v2 call the governance address on every transfer when one is set.
  const initializeV1 = encodeFunctionData({ abi: AaveToken.abi, functionName: "initialize", args: [wallets.aaveTreasury.address, wallets.aaveTreasury.address, zeroAddress] });
  const initialize = await ctx.player.write(deployer, token, proxyArtifact.abi, "initialize", [v1.address, wallets.aaveProxyAdmin.address, initializeV1]);
  const upgrade = await ctx.player.write(wallets.aaveProxyAdmin, token, proxyArtifact.abi, "upgradeToAndCall", [
    v2.address,
    encodeFunctionData({ abi: AaveTokenV2.abi, functionName: "initialize" }),
  ]);
  const pool = await ctx.market.launch({ from: wallets.aaveTreasury, token, tokenAmount: wholeTokens(1_000_000n), nativeAmount: native("20") });
  await trade(ctx, wallets, token);
  return {
    token,
    scenario: {
      title: "Aave's AAVE (AaveToken, upgraded to AaveTokenV2, behind InitializableAdminUpgradeabilityProxy)",
      proves:
        "An established governance token with no owner and no mint: its only privileged account is the proxy's admin, whose getter answers nobody else, found in the EIP-1967 admin slot; it upgraded the code once and can again.",
      contracts: { InitializableAdminUpgradeabilityProxy: token, AaveToken: v1.address, AaveTokenV2: v2.address },
      deployer: deployer.address,
      deployTx: ref(proxy.tx),
      source: sourceOf("aave"),
      powers: [
        power("upgrade", "upgradeToAndCall(address,bytes)", "admin (the proxy's)", EIP1967_ADMIN_SLOT, wallets, "aaveProxyAdmin", upgrade),
        power("upgrade", "upgradeTo(address)", "admin (the proxy's)", EIP1967_ADMIN_SLOT, wallets, "aaveProxyAdmin"),
        power("role_admin", "changeAdmin(address)", "admin (the proxy's)", EIP1967_ADMIN_SLOT, wallets, "aaveProxyAdmin"),
      ],
      history: history([
        { what: "the proxy is initialized with AaveToken (v1), which mints 16,000,000 to aaveTreasury", tx: initialize },
        { what: "the proxy's admin upgrades to AaveTokenV2", tx: upgrade },
      ]),
      pool,
    },
  };
}

// Optimism's OptimismMintableERC20 (Base's bridged tokens run this code): the bridge is an
// immutable baked into the runtime code, not storage; only it mints and burns, and it burns from
// any holder without an allowance (a withdrawal burns the withdrawer's tokens).
async function playOptimismMintable(ctx: ScenarioContext, wallets: Wallets, artifacts: RealTokenArtifacts): Promise<Played> {
  const { OptimismMintableERC20 } = artifacts.optimismMintable;
  const bridge = wallets.opBridge;
  // The remote (L1) token: an address with no code here, as the L1 token is on L2.
  const remoteToken = getAddress("0x00000000000000000000000000000000000d3a01");
  const deployed = await deploy(ctx, wallets.opDepositor, OptimismMintableERC20, [bridge.address, remoteToken, "Demo Bridged Token", "DBRIDGED", 18]);
  const token = deployed.address;
  const call = (from: PrivateKeyAccount, name: string, args: readonly unknown[]) => ctx.player.write(from, token, OptimismMintableERC20.abi, name, args);
  const mint = await call(bridge, "mint", [wallets.opDepositor.address, wholeTokens(1_000_000n)]);
  const pool = await ctx.market.launch({ from: wallets.opDepositor, token, tokenAmount: wholeTokens(500_000n), nativeAmount: native("10") });
  await trade(ctx, wallets, token);
  ctx.player.clock.wait(MINUTE);
  const burn = await call(bridge, "burn", [wallets.opDepositor.address, wholeTokens(100_000n)]);
  return {
    token,
    scenario: {
      title: "Optimism's OptimismMintableERC20 (the code of Base's bridged tokens)",
      proves:
        "A bridged token whose only privileged account is its bridge, an immutable in the runtime code (no storage, no owner): the bridge minted a deposit and burned a withdrawal from the depositor's balance, and may burn any holder's tokens without an allowance.",
      contracts: { OptimismMintableERC20: token },
      deployer: wallets.opDepositor.address,
      deployTx: ref(deployed.tx),
      source: sourceOf("optimismMintable"),
      powers: [
        power("mint", "mint(address,uint256)", "BRIDGE (immutable)", "BRIDGE()", wallets, "opBridge", mint),
        power("balance_edit", "burn(address,uint256)", "BRIDGE (immutable)", "BRIDGE()", wallets, "opBridge", burn),
      ],
      history: history([
        { what: "the bridge mints a 1,000,000 deposit to opDepositor", tx: mint },
        { what: "the bridge burns 100,000 of opDepositor's tokens (a withdrawal)", tx: burn },
      ]),
      pool,
    },
  };
}

const MINTER_ROLE = keccak256(toHex("MINTER_ROLE"));
const PAUSER_ROLE = keccak256(toHex("PAUSER_ROLE"));
const DEFAULT_ADMIN_ROLE = toHex(0, { size: 32 });

// Chainlink's BurnMintERC20 (the CCIP cross-chain token): minters and burners are AccessControl
// roles the admin grants, each grant announced by the token's own RoleGranted event; the supply is
// capped by an immutable maximum.
async function playChainlinkBurnMint(ctx: ScenarioContext, wallets: Wallets, artifacts: RealTokenArtifacts): Promise<Played> {
  const { BurnMintERC20 } = artifacts.chainlinkBurnMint;
  const admin = wallets.chainlinkAdmin;
  const deployed = await deploy(ctx, admin, BurnMintERC20, ["Demo CCIP Token", "DCCIP", 18, wholeTokens(1_000_000_000n), 0n]);
  const token = deployed.address;
  const call = (from: PrivateKeyAccount, name: string, args: readonly unknown[]) => ctx.player.write(from, token, BurnMintERC20.abi, name, args);
  const grant = await call(admin, "grantMintAndBurnRoles", [wallets.chainlinkMinter.address]);
  const mint = await call(wallets.chainlinkMinter, "mint", [wallets.chainlinkMinter.address, wholeTokens(100_000_000n)]);
  const pool = await ctx.market.launch({ from: wallets.chainlinkMinter, token, tokenAmount: wholeTokens(50_000_000n), nativeAmount: native("10") });
  await trade(ctx, wallets, token);
  return {
    token,
    scenario: {
      title: "Chainlink's BurnMintERC20 (the CCIP burn-and-mint token)",
      proves:
        "A token whose minters are an AccessControl role the admin grants: the admin made chainlinkMinter a minter and burner (RoleGranted, by the token itself), which minted, up to the immutable maximum supply; the admin can make more.",
      contracts: { BurnMintERC20: token },
      deployer: admin.address,
      deployTx: ref(deployed.tx),
      source: sourceOf("chainlinkBurnMint"),
      powers: [
        power("mint", "mint(address,uint256)", "MINTER_ROLE", { roleId: MINTER_ROLE }, wallets, "chainlinkMinter", mint),
        power("role_admin", "grantMintAndBurnRoles(address)", "DEFAULT_ADMIN_ROLE", { roleId: DEFAULT_ADMIN_ROLE }, wallets, "chainlinkAdmin", grant),
        power("role_admin", "grantRole(bytes32,address)", "DEFAULT_ADMIN_ROLE", { roleId: DEFAULT_ADMIN_ROLE }, wallets, "chainlinkAdmin"),
        power("role_admin", "setCCIPAdmin(address)", "DEFAULT_ADMIN_ROLE", { roleId: DEFAULT_ADMIN_ROLE }, wallets, "chainlinkAdmin"),
      ],
      history: history([
        { what: "the admin grants chainlinkMinter the mint and burn roles", tx: grant },
        { what: "the minter mints 100,000,000 to itself", tx: mint },
      ]),
      pool,
    },
  };
}

/** Compound's Timelock as SushiSwap ships it refuses a delay under two days. */
const SUSHI_TIMELOCK_DELAY = 2 * 24 * 60 * MINUTE;

// SushiSwap's SUSHI and xSUSHI. SUSHI's owner, the only account that mints, is SushiSwap's
// Timelock (Compound's, two days at least): its admin queued a mint the two days have not passed
// for. xSUSHI (SushiBar) is a share of the SUSHI staked in it, with no privileged account at all.
async function playSushi(ctx: ScenarioContext, wallets: Wallets, artifacts: RealTokenArtifacts): Promise<{ sushi: Played; xSushi: Played }> {
  const { SushiToken, SushiBar, Timelock } = artifacts.sushiswap;
  const deployer = wallets.sushiDeployer;
  const deployedToken = await deploy(ctx, deployer, SushiToken);
  const sushi = deployedToken.address;
  const initialMint = await ctx.player.write(deployer, sushi, SushiToken.abi, "mint", [wallets.sushiTreasury.address, wholeTokens(10_000_000n)]);
  const timelock = await deploy(ctx, deployer, Timelock, [wallets.sushiTimelockAdmin.address, BigInt(SUSHI_TIMELOCK_DELAY)]);
  const handOver = await ctx.player.write(deployer, sushi, SushiToken.abi, "transferOwnership", [timelock.address]);
  const eta = BigInt(ctx.player.clock.peekNext() + SUSHI_TIMELOCK_DELAY + MINUTE);
  const queuedMint = encodeAbiParameters(parseAbiParameters("address, uint256"), [wallets.sushiTimelockAdmin.address, wholeTokens(1_000_000n)]);
  const queue = await ctx.player.write(wallets.sushiTimelockAdmin, timelock.address, Timelock.abi, "queueTransaction", [sushi, 0n, "mint(address,uint256)", queuedMint, eta]);
  const sushiPool = await ctx.market.launch({ from: wallets.sushiTreasury, token: sushi, tokenAmount: wholeTokens(1_000_000n), nativeAmount: native("10") });
  await trade(ctx, wallets, sushi);

  const bar = await deploy(ctx, deployer, SushiBar, [sushi]);
  const xSushi = bar.address;
  await ctx.player.write(wallets.sushiTreasury, sushi, SushiToken.abi, "transfer", [wallets.xSushiStaker.address, wholeTokens(2_000_000n)]);
  await ctx.player.write(wallets.xSushiStaker, sushi, SushiToken.abi, "approve", [xSushi, wholeTokens(2_000_000n)]);
  const enter = await ctx.player.write(wallets.xSushiStaker, xSushi, SushiBar.abi, "enter", [wholeTokens(2_000_000n)]);
  const xSushiPool = await ctx.market.launch({ from: wallets.xSushiStaker, token: xSushi, tokenAmount: wholeTokens(1_000_000n), nativeAmount: native("10") });
  await trade(ctx, wallets, xSushi);
  return {
    sushi: {
      token: sushi,
      scenario: {
        title: "SushiSwap's SUSHI (SushiToken), owned by SushiSwap's Timelock",
        proves:
          "A token whose owner, the only account that mints, is a timelock contract (Compound's, as SushiSwap ships it, two days' delay): its admin queued a mint that may run two days later; run as the timelock, the mint raises the supply.",
        contracts: { SushiToken: sushi, Timelock: timelock.address },
        deployer: deployer.address,
        deployTx: ref(deployedToken.tx),
        source: sourceOf("sushiswap"),
        powers: [
          contractPower("mint", "mint(address,uint256)", "owner (the Timelock)", "owner()", { name: "Timelock", address: timelock.address }),
          contractPower("role_admin", "transferOwnership(address)", "owner (the Timelock)", "owner()", { name: "Timelock", address: timelock.address }),
        ],
        history: history([
          { what: "the deployer, then the owner, mints 10,000,000 to sushiTreasury", tx: initialMint },
          { what: "the deployer hands ownership to the Timelock (two days' delay, sushiTimelockAdmin its admin)", tx: handOver },
          { what: `the Timelock's admin queues mint(sushiTimelockAdmin, 1,000,000), executable from ${eta}`, tx: queue },
        ]),
        pool: sushiPool,
      },
    },
    xSushi: {
      token: xSushi,
      scenario: {
        title: "SushiSwap's xSUSHI (SushiBar), a share of the SUSHI staked in it",
        proves: "A share token: minted only against SUSHI paid in (enter), burned when it is taken out (leave); no owner and no privileged function.",
        contracts: { SushiBar: xSushi },
        deployer: deployer.address,
        deployTx: ref(bar.tx),
        source: sourceOf("sushiswap"),
        powers: [],
        history: history([{ what: "xSushiStaker stakes 2,000,000 SUSHI and receives 2,000,000 xSUSHI", tx: enter }]),
        pool: xSushiPool,
      },
    },
  };
}

// WETH9 as published in canonical-weth: a wrapped native coin, minted only by deposits of the
// native coin and burned by withdrawals, with no privileged account.
async function playWeth9(ctx: ScenarioContext, wallets: Wallets, artifacts: RealTokenArtifacts): Promise<Played> {
  const { WETH9 } = artifacts.weth9;
  const holder = wallets.wethHolder;
  const deployed = await deploy(ctx, holder, WETH9);
  const token = deployed.address;
  const deposit = await ctx.player.write(holder, token, WETH9.abi, "deposit", [], { value: native("30") });
  const pool = await ctx.market.launch({ from: holder, token, tokenAmount: native("20"), nativeAmount: native("20") });
  await trade(ctx, wallets, token);
  return {
    token,
    scenario: {
      title: "WETH9 (canonical-weth)",
      proves: "A wrapped native coin: every token is backed by a native coin deposited in the contract, which is no hidden balance; no owner and no privileged function.",
      contracts: { WETH9: token },
      deployer: holder.address,
      deployTx: ref(deployed.tx),
      source: sourceOf("weth9"),
      powers: [],
      history: history([{ what: "wethHolder deposits 30 of the native coin", tx: deposit }]),
      pool,
    },
  };
}

// OpenZeppelin's ERC20PresetMinterPauserUpgradeable behind its TransparentUpgradeableProxy, whose
// admin is a ProxyAdmin contract: minters and pausers are AccessControl roles; the ProxyAdmin (its
// owner a wallet) can replace the code.
async function playOpenZeppelinPreset(ctx: ScenarioContext, wallets: Wallets, artifacts: RealTokenArtifacts): Promise<Played> {
  const { ERC20PresetMinterPauserUpgradeable: impl, TransparentUpgradeableProxy, ProxyAdmin } = artifacts.openzeppelinPreset;
  const admin = wallets.presetAdmin;
  const implementation = await deploy(ctx, admin, impl);
  const proxyAdmin = await deploy(ctx, wallets.presetProxyAdminOwner, ProxyAdmin);
  // initialize runs as the proxy's deployer, who gets every role.
  const initialize = encodeFunctionData({ abi: impl.abi, functionName: "initialize", args: ["Demo Preset Token", "DPRESET"] });
  const proxy = await deploy(ctx, admin, TransparentUpgradeableProxy, [implementation.address, proxyAdmin.address, initialize]);
  const token = proxy.address;
  const call = (from: PrivateKeyAccount, name: string, args: readonly unknown[]) => ctx.player.write(from, token, impl.abi, name, args);
  const grant = await call(admin, "grantRole", [MINTER_ROLE, wallets.presetMinter.address]);
  const mint = await call(wallets.presetMinter, "mint", [wallets.presetMinter.address, wholeTokens(1_000_000n)]);
  const pool = await ctx.market.launch({ from: wallets.presetMinter, token, tokenAmount: wholeTokens(500_000n), nativeAmount: native("10") });
  await trade(ctx, wallets, token);
  const proxyAdminHolder = { name: "ProxyAdmin", address: proxyAdmin.address };
  return {
    token,
    scenario: {
      title: "OpenZeppelin's ERC20PresetMinterPauserUpgradeable behind TransparentUpgradeableProxy and ProxyAdmin",
      proves:
        "A role token behind a transparent proxy: the admin granted presetMinter the minter role (RoleGranted), which minted; the admin also pauses; a ProxyAdmin contract, owned by a wallet, can replace the code.",
      contracts: { TransparentUpgradeableProxy: token, ERC20PresetMinterPauserUpgradeable: implementation.address, ProxyAdmin: proxyAdmin.address },
      deployer: admin.address,
      deployTx: ref(proxy.tx),
      source: sourceOf("openzeppelinPreset"),
      powers: [
        power("mint", "mint(address,uint256)", "MINTER_ROLE", { roleId: MINTER_ROLE }, wallets, "presetMinter", mint),
        power("pause", "pause()", "PAUSER_ROLE", { roleId: PAUSER_ROLE }, wallets, "presetAdmin"),
        power("role_admin", "grantRole(bytes32,address)", "DEFAULT_ADMIN_ROLE", { roleId: DEFAULT_ADMIN_ROLE }, wallets, "presetAdmin", grant),
        contractPower("upgrade", "upgradeTo(address)", "admin (the proxy's: the ProxyAdmin)", EIP1967_ADMIN_SLOT, proxyAdminHolder),
      ],
      history: history([
        { what: "the proxy is deployed with initialize: presetAdmin holds the admin, minter and pauser roles", tx: proxy.tx },
        { what: "the admin grants presetMinter the minter role", tx: grant },
        { what: "the minter mints 1,000,000 to itself", tx: mint },
      ]),
      pool,
    },
  };
}

// Gnosis's GNO as the gno-token package ships it for Solidity 0.5: the whole supply minted to the
// deployer in the constructor, no privileged account.
async function playGno(ctx: ScenarioContext, wallets: Wallets, artifacts: RealTokenArtifacts): Promise<Played> {
  const { TokenGNO } = artifacts.gnosisGno;
  const deployed = await deploy(ctx, wallets.gnoDeployer, TokenGNO, [wholeTokens(10_000_000n)]);
  const token = deployed.address;
  const pool = await ctx.market.launch({ from: wallets.gnoDeployer, token, tokenAmount: wholeTokens(1_000_000n), nativeAmount: native("10") });
  await trade(ctx, wallets, token);
  return {
    token,
    scenario: {
      title: "Gnosis's GNO (TokenGNO)",
      proves: "A fixed supply minted once in the constructor, no owner and no privileged function, the deployer keeping nine tenths.",
      contracts: { TokenGNO: token },
      deployer: wallets.gnoDeployer.address,
      deployTx: ref(deployed.tx),
      source: sourceOf("gnosisGno"),
      powers: [],
      history: [],
      pool,
    },
  };
}

// Arbitrum's StandardArbERC20 (the L2 side of every token bridged through the standard gateway): a
// ClonableBeaconProxy the factory creates, running the code an UpgradeableBeacon names; the gateway
// is whoever called bridgeInit (kept in storage), and only it mints and burns.
async function playArbitrumStandard(ctx: ScenarioContext, wallets: Wallets, artifacts: RealTokenArtifacts): Promise<Played> {
  const { StandardArbERC20, UpgradeableBeacon, BeaconProxyFactory } = artifacts.arbitrumStandard;
  const gateway = wallets.arbGateway;
  const implementation = await deploy(ctx, wallets.arbBeaconOwner, StandardArbERC20);
  const beacon = await deploy(ctx, wallets.arbBeaconOwner, UpgradeableBeacon, [implementation.address]);
  const factory = await deploy(ctx, gateway, BeaconProxyFactory);
  await ctx.player.write(gateway, factory.address, BeaconProxyFactory.abi, "initialize", [beacon.address]);
  // The gateway's salt is the L1 token's address, as L2ERC20Gateway's is.
  const l1Token = getAddress("0x00000000000000000000000000000000000a4b01");
  const salt = pad(l1Token, { size: 32 });
  const create = await ctx.player.write(gateway, factory.address, BeaconProxyFactory.abi, "createProxy", [salt]);
  const token = getAddress(await ctx.player.read<Address>(factory.address, BeaconProxyFactory.abi, "calculateExpectedAddress", [gateway.address, salt]));
  // The L1 token's name, symbol and decimals, each ABI-encoded as the gateway passes them.
  const init = encodeAbiParameters(parseAbiParameters("bytes, bytes, bytes"), [
    encodeAbiParameters(parseAbiParameters("string"), ["Demo Arbitrum Token"]),
    encodeAbiParameters(parseAbiParameters("string"), ["DARB"]),
    encodeAbiParameters(parseAbiParameters("uint8"), [18]),
  ]);
  const bridgeInit = await ctx.player.write(gateway, token, StandardArbERC20.abi, "bridgeInit", [l1Token, init]);
  const mint = await ctx.player.write(gateway, token, StandardArbERC20.abi, "bridgeMint", [wallets.arbDepositor.address, wholeTokens(1_000_000n)]);
  const pool = await ctx.market.launch({ from: wallets.arbDepositor, token, tokenAmount: wholeTokens(500_000n), nativeAmount: native("10") });
  await trade(ctx, wallets, token);
  return {
    token,
    scenario: {
      title: "Arbitrum's StandardArbERC20 behind a ClonableBeaconProxy and its UpgradeableBeacon",
      proves:
        "A bridged token behind a beacon proxy: the gateway (set by bridgeInit, kept in storage) minted a deposit and may burn any holder's tokens; the beacon's owner can replace the code of every token the beacon serves.",
      contracts: {
        ClonableBeaconProxy: token,
        StandardArbERC20: implementation.address,
        UpgradeableBeacon: beacon.address,
        BeaconProxyFactory: factory.address,
      },
      deployer: gateway.address,
      deployTx: ref(create),
      source: sourceOf("arbitrumStandard"),
      powers: [
        power("mint", "bridgeMint(address,uint256)", "l2Gateway", "l2Gateway()", wallets, "arbGateway", mint),
        power("balance_edit", "bridgeBurn(address,uint256)", "l2Gateway", "l2Gateway()", wallets, "arbGateway"),
      ],
      history: history([
        { what: "the gateway creates the token's proxy through the factory", tx: create },
        { what: "the gateway initializes the token (becoming its l2Gateway)", tx: bridgeInit },
        { what: "the gateway mints a 1,000,000 deposit to arbDepositor", tx: mint },
      ]),
      pool,
    },
  };
}

// Uniswap's DeflatingERC20, the fee-on-transfer token Uniswap V2's periphery tests its
// supporting-fee swaps with: every transfer burns 1 % of the amount, the pool's included; no owner.
async function playDeflating(ctx: ScenarioContext, wallets: Wallets, artifacts: RealTokenArtifacts): Promise<Played> {
  const { DeflatingERC20 } = artifacts.uniswapDeflating;
  const deployer = wallets.deflatingDeployer;
  const deployed = await deploy(ctx, deployer, DeflatingERC20, [wholeTokens(1_000_000n)]);
  const token = deployed.address;
  const pool = await ctx.market.launch({ from: deployer, token, tokenAmount: wholeTokens(500_000n), nativeAmount: native("10") });
  ctx.player.clock.wait(MINUTE);
  // The router's fee-on-transfer swaps, as a wallet buying a taxed token uses them.
  await ctx.market.buy({ from: wallets.buyerA, token, nativeIn: native("1"), feeOnTransfer: true });
  await ctx.market.buy({ from: wallets.buyerB, token, nativeIn: native("0.5"), feeOnTransfer: true });
  return {
    token,
    scenario: {
      title: "Uniswap's DeflatingERC20 (the fee-on-transfer token of @uniswap/v2-periphery's tests)",
      proves: "A fee-on-transfer token with no owner and no privileged function: every transfer, a pool's buy and sell included, burns 1 % of the amount.",
      contracts: { DeflatingERC20: token },
      deployer: deployer.address,
      deployTx: ref(deployed.tx),
      source: sourceOf("uniswapDeflating"),
      powers: [],
      history: [],
      pool,
    },
  };
}

const RAY = 10n ** 27n;

// Aave v2's aToken, a rebasing token: balances are scaled balances times the reserve's liquidity
// index, which grows with the interest and flash-loan premiums the pool takes, with no Transfer.
// The whole market is Aave's published code (addresses provider, LendingPool and its libraries,
// configurator, interest rate strategy, the aToken and debt tokens behind Aave's proxies); the
// underlying and the flash-loan receiver are the test token and receiver the same package ships
// for its own tests (anyone may mint the token; the receiver mints the premium it repays).
async function playAaveV2AToken(ctx: ScenarioContext, wallets: Wallets, artifacts: RealTokenArtifacts): Promise<Played> {
  const built = artifacts.aaveV2AToken;
  const owner = wallets.aaveV2Owner;
  const reserveLogic = await deploy(ctx, owner, built.ReserveLogic);
  const genericLogic = await deploy(ctx, owner, built.GenericLogic);
  const validationLogic = await ctx.player.deploy(owner, { abi: built.ValidationLogic.abi, bytecode: linkedBytecode(built.ValidationLogic, { GenericLogic: genericLogic.address }) });
  const provider = await deploy(ctx, owner, built.LendingPoolAddressesProvider, ["Demo Aave v2 market"]);
  const poolImplementation = await ctx.player.deploy(owner, {
    abi: built.LendingPool.abi,
    bytecode: linkedBytecode(built.LendingPool, { ReserveLogic: reserveLogic.address, ValidationLogic: validationLogic.address }),
  });
  const providerCall = (name: string, args: readonly unknown[]) => ctx.player.write(owner, provider.address, built.LendingPoolAddressesProvider.abi, name, args);
  await providerCall("setLendingPoolImpl", [poolImplementation.address]);
  const configuratorImplementation = await deploy(ctx, owner, built.LendingPoolConfigurator);
  await providerCall("setLendingPoolConfiguratorImpl", [configuratorImplementation.address]);
  await providerCall("setPoolAdmin", [owner.address]);
  // The stable-rate oracle every rate update asks (Aave's LendingRateOracle, no rate set: zero).
  const lendingRateOracle = await deploy(ctx, owner, built.LendingRateOracle);
  await providerCall("setLendingRateOracle", [lendingRateOracle.address]);
  const pool = getAddress(await ctx.player.read<Address>(provider.address, built.LendingPoolAddressesProvider.abi, "getLendingPool"));
  const configurator = getAddress(await ctx.player.read<Address>(provider.address, built.LendingPoolAddressesProvider.abi, "getLendingPoolConfigurator"));
  const underlying = await deploy(ctx, owner, built.MintableERC20, ["Demo Underlying", "DUND", 18]);
  // Aave's oracle, asked for every asset a holder uses as collateral whenever an aToken moves: the
  // market's one asset is its unit of account (the oracle's WETH, priced at one), so it needs no feed.
  const priceOracle = await deploy(ctx, owner, built.AaveOracle, [[], [], zeroAddress, underlying.address]);
  await providerCall("setPriceOracle", [priceOracle.address]);
  const aTokenImplementation = await deploy(ctx, owner, built.AToken, [pool, underlying.address, wallets.aaveV2Treasury.address, "Aave interest bearing DUND", "aDUND", zeroAddress]);
  const stableDebt = await deploy(ctx, owner, built.StableDebtToken, [pool, underlying.address, "Aave stable debt DUND", "stableDebtDUND", zeroAddress]);
  const variableDebt = await deploy(ctx, owner, built.VariableDebtToken, [pool, underlying.address, "Aave variable debt DUND", "variableDebtDUND", zeroAddress]);
  // Rates in ray: 80 % optimal use, 0 % base, 4 % and 75 % variable slopes, 2 % and 75 % stable slopes.
  const strategy = await deploy(ctx, owner, built.DefaultReserveInterestRateStrategy, [provider.address, (RAY * 8n) / 10n, 0n, (RAY * 4n) / 100n, (RAY * 75n) / 100n, (RAY * 2n) / 100n, (RAY * 75n) / 100n]);
  const initReserve = await ctx.player.write(owner, configurator, built.LendingPoolConfigurator.abi, "initReserve", [
    aTokenImplementation.address,
    stableDebt.address,
    variableDebt.address,
    18,
    strategy.address,
  ]);
  const reserve = await ctx.player.read<{ aTokenAddress: Address }>(pool, built.LendingPool.abi, "getReserveData", [underlying.address]);
  const token = getAddress(reserve.aTokenAddress);

  const depositor = wallets.aaveV2Depositor;
  const deposited = wholeTokens(1_000_000n);
  await ctx.player.write(depositor, underlying.address, built.MintableERC20.abi, "mint", [deposited]);
  await ctx.player.write(depositor, underlying.address, built.MintableERC20.abi, "approve", [pool, deposited]);
  const deposit = await ctx.player.write(depositor, pool, built.LendingPool.abi, "deposit", [underlying.address, deposited, depositor.address, 0]);
  const marketPool = await ctx.market.launch({ from: depositor, token, tokenAmount: wholeTokens(500_000n), nativeAmount: native("10") });
  await trade(ctx, wallets, token);
  // A flash loan of half the reserve: its 0.09 % premium raises the liquidity index, so every
  // holder's balance (the pool's too) grows with no Transfer.
  ctx.player.clock.wait(MINUTE);
  const receiver = await deploy(ctx, wallets.aaveV2FlashBorrower, built.MockFlashLoanReceiver, [provider.address]);
  const indexBefore = (await ctx.player.read<{ liquidityIndex: bigint }>(pool, built.LendingPool.abi, "getReserveData", [underlying.address])).liquidityIndex;
  const flashLoan = await ctx.player.write(wallets.aaveV2FlashBorrower, pool, built.LendingPool.abi, "flashLoan", [
    receiver.address,
    [underlying.address],
    [wholeTokens(500_000n)],
    [0n],
    wallets.aaveV2FlashBorrower.address,
    "0x",
    0,
  ]);
  const indexAfter = (await ctx.player.read<{ liquidityIndex: bigint }>(pool, built.LendingPool.abi, "getReserveData", [underlying.address])).liquidityIndex;
  const poolHolder = { name: "InitializableImmutableAdminUpgradeabilityProxy (LendingPool)", address: pool };
  return {
    token,
    scenario: {
      title: "Aave v2's aToken (AToken behind Aave's InitializableImmutableAdminUpgradeabilityProxy, in a market of Aave's own code)",
      proves: `A rebasing token: a flash loan's premium raised the liquidity index from ${indexBefore} to ` +
        `${indexAfter} (ray), and with it every holder's balance, with no Transfer; only the LendingPool ` +
        `(an immutable in the code) mints and burns, and the configurator (the proxy's immutable admin) ` +
        `can replace the code.`,
      contracts: {
        "InitializableImmutableAdminUpgradeabilityProxy (AToken)": token,
        AToken: aTokenImplementation.address,
        "InitializableImmutableAdminUpgradeabilityProxy (LendingPool)": pool,
        LendingPool: poolImplementation.address,
        "InitializableImmutableAdminUpgradeabilityProxy (LendingPoolConfigurator)": configurator,
        LendingPoolConfigurator: configuratorImplementation.address,
        LendingPoolAddressesProvider: provider.address,
        ReserveLogic: reserveLogic.address,
        GenericLogic: genericLogic.address,
        ValidationLogic: validationLogic.address,
        DefaultReserveInterestRateStrategy: strategy.address,
        StableDebtToken: stableDebt.address,
        VariableDebtToken: variableDebt.address,
        MintableERC20: underlying.address,
        MockFlashLoanReceiver: receiver.address,
        LendingRateOracle: lendingRateOracle.address,
        AaveOracle: priceOracle.address,
      },
      deployer: owner.address,
      deployTx: ref(initReserve),
      source: sourceOf("aaveV2AToken"),
      powers: [
        contractPower("mint", "mint(address,uint256,uint256)", "POOL (immutable): the LendingPool", "POOL()", poolHolder),
        contractPower("balance_edit", "burn(address,address,uint256,uint256)", "POOL (immutable): the LendingPool", "POOL()", poolHolder),
        contractPower("balance_edit", "transferOnLiquidation(address,address,uint256)", "POOL (immutable): the LendingPool", "POOL()", poolHolder),
        contractPower("mint", "mintToTreasury(uint256,uint256)", "POOL (immutable): the LendingPool", "POOL()", poolHolder),
      ],
      history: history([
        { what: "the pool admin initializes the reserve: the configurator creates the aToken's proxy", tx: initReserve },
        { what: "aaveV2Depositor deposits 1,000,000 of the underlying and receives as many aTokens", tx: deposit },
        { what: `a flash loan of 500,000 pays a 0.09 % premium: the liquidity index goes from ${indexBefore} to ${indexAfter}`, tx: flashLoan },
      ]),
      pool: marketPool,
    },
  };
}

/**
 * 29. Real published token contracts (contracts/real-tokens/, demo-chain/real-tokens/): each
 * deployed as its publisher ships it, its privileged roles given to named wallets, launched on the
 * canonical Uniswap V2 router against the wrapped native, traded a little, and some of its powers
 * used in the history; the rest are left for a simulation to find. Played after every other
 * scenario, by wallets from account 400 of the mnemonic (clear of the siphon, supply-trick and router wallets at 320, 360 and 380), so nothing built before moves.
 * Tokens added later play after those before them, with wallets appended to the roles, so nothing
 * an earlier token recorded moves either.
 *
 * Minutes between steps, not hours: PinkLock's vesting lock, played before, is read at the head and
 * keeps its two vested cycles only within the day (see lockers.ts).
 */
export async function playRealTokens(ctx: ScenarioContext): Promise<RealTokenBook> {
  const wallets = deriveRoleWallets(REAL_TOKEN_WALLET_ROLES, REAL_TOKEN_WALLET_FIRST_INDEX);
  for (const role of REAL_TOKEN_WALLET_ROLES) {
    await ctx.player.rpc("anvil_setBalance", [wallets[role].address, `0x${REAL_TOKEN_WALLET_BALANCE.toString(16)}`]);
  }
  const artifacts = await compiledRealTokens();
  startScenario(ctx, 10 * MINUTE);
  const played = {
    circleFiatToken: await playCircle(ctx, wallets, artifacts),
    uniswapUni: await playUni(ctx, wallets, artifacts),
    minime: await playMiniMe(ctx, wallets, artifacts),
    gnosisOwl: await playOwl(ctx, wallets, artifacts),
    tbtc: await playTbtc(ctx, wallets, artifacts),
    across: await playAcross(ctx, wallets, artifacts),
    zrx: await playZrx(ctx, wallets, artifacts),
    aave: await playAave(ctx, wallets, artifacts),
    optimismMintable: await playOptimismMintable(ctx, wallets, artifacts),
    chainlinkBurnMint: await playChainlinkBurnMint(ctx, wallets, artifacts),
    ...(await playSushi(ctx, wallets, artifacts)),
    weth9: await playWeth9(ctx, wallets, artifacts),
    openzeppelinPreset: await playOpenZeppelinPreset(ctx, wallets, artifacts),
    gnosisGno: await playGno(ctx, wallets, artifacts),
    arbitrumStandard: await playArbitrumStandard(ctx, wallets, artifacts),
    uniswapDeflating: await playDeflating(ctx, wallets, artifacts),
    aaveV2AToken: await playAaveV2AToken(ctx, wallets, artifacts),
  };
  // Final reads once every token has played, so each record shows the state at the head.
  const scenarios = {} as RealTokenScenarios;
  for (const [key, { scenario, token }] of Object.entries(played) as [keyof RealTokenScenarios, Played][]) {
    scenarios[key] = {
      ...scenario,
      token: await tokenSummary(ctx, token),
      trades: ctx.market.tradesOf(token),
      finalPool: await ctx.market.state(token),
    };
  }
  const addresses = Object.fromEntries(REAL_TOKEN_WALLET_ROLES.map((role) => [role, getAddress(wallets[role].address)]));
  return { wallets: addresses, scenarios };
}

