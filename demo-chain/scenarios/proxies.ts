// 7 and 8. Upgradeable tokens: one behind OpenZeppelin's TransparentUpgradeableProxy (its
// ProxyAdmin, created by the proxy, is owned by a known wallet) and one behind a plain
// ERC1967Proxy with the upgrade logic in the implementation (UUPS). Both are upgraded after launch.
import { encodeFunctionData, getAddress, parseEventLogs, type Address } from "viem";
import { ref, type TxRef } from "../player";
import {
  artifact,
  buyersBuy,
  DAY,
  deployContract,
  HOUR,
  native,
  STANDARD_SUPPLY,
  startScenario,
  wholeTokens,
  type PlayedTokenScenario,
  type ScenarioContext,
} from "./common";

export type TransparentProxyFacts = {
  proxyKind: "transparent";
  proxy: Address;
  implementationV1: Address;
  /** The implementation after the upgrade (EIP-1967 implementation slot). */
  implementation: Address;
  /** The ProxyAdmin the proxy created (EIP-1967 admin slot). */
  proxyAdmin: Address;
  proxyAdminOwner: Address;
  upgradeTx: TxRef;
  versionAfterUpgrade: number;
};

export type UupsProxyFacts = {
  proxyKind: "uups";
  proxy: Address;
  implementationV1: Address;
  implementation: Address;
  /** UUPS proxies have no admin: the EIP-1967 admin slot is empty. */
  proxyAdmin: null;
  /** The token's owner authorises upgrades. */
  upgradeAuthority: Address;
  upgradeTx: TxRef;
  versionAfterUpgrade: number;
};

const versionAbi = [
  { type: "function", name: "version", stateMutability: "pure", inputs: [], outputs: [{ type: "uint256" }] },
] as const;

export async function playTransparentProxy(
  ctx: ScenarioContext,
): Promise<{ token: Address; played: PlayedTokenScenario<TransparentProxyFacts> }> {
  startScenario(ctx);
  const deployer = ctx.wallets.transparentDeployer;
  const adminOwner = ctx.wallets.proxyAdminOwner;
  const v1 = artifact(ctx, "TransparentProxyTokenV1");
  const { address: implementationV1 } = await deployContract(ctx, deployer, "TransparentProxyTokenV1");
  const init = encodeFunctionData({ abi: v1.abi, functionName: "initialize", args: [deployer.address, STANDARD_SUPPLY] });
  const { address: token, tx: deployTx } = await deployContract(ctx, deployer, "TransparentUpgradeableProxy", [
    implementationV1,
    adminOwner.address,
    init,
  ]);
  const adminChanged = parseEventLogs({
    abi: artifact(ctx, "TransparentUpgradeableProxy").abi,
    logs: deployTx.receipt.logs,
    eventName: "AdminChanged",
  }) as unknown as { args: { newAdmin: Address } }[];
  const proxyAdmin = getAddress(adminChanged[0]!.args.newAdmin);

  const pool = await ctx.market.launch({
    from: deployer,
    token,
    tokenAmount: wholeTokens(500_000_000n),
    nativeAmount: native("10"),
  });
  await buyersBuy(ctx, token, [["buyer8", "1"]], { gapSeconds: HOUR });

  ctx.player.clock.wait(DAY);
  const { address: implementation } = await deployContract(ctx, deployer, "TransparentProxyTokenV2");
  const upgradeTx = await ctx.player.write(adminOwner, proxyAdmin, artifact(ctx, "ProxyAdmin").abi, "upgradeAndCall", [
    token,
    implementation,
    "0x",
  ]);
  await buyersBuy(ctx, token, [["buyer1", "0.5"]], { gapSeconds: HOUR });

  return {
    token,
    played: {
      title: "Transparent upgradeable proxy",
      proves: "Token logic can be replaced by the ProxyAdmin's owner, and was: V1 upgraded to V2 (adds mint).",
      deployer: deployer.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: {
        proxyKind: "transparent",
        proxy: token,
        implementationV1,
        implementation,
        proxyAdmin,
        proxyAdminOwner: adminOwner.address,
        upgradeTx: ref(upgradeTx),
        versionAfterUpgrade: Number(await ctx.player.read<bigint>(token, versionAbi, "version")),
      },
    },
  };
}

export async function playUupsProxy(
  ctx: ScenarioContext,
): Promise<{ token: Address; played: PlayedTokenScenario<UupsProxyFacts> }> {
  startScenario(ctx);
  const owner = ctx.wallets.uupsOwner;
  const v1 = artifact(ctx, "UupsProxyTokenV1");
  const { address: implementationV1 } = await deployContract(ctx, owner, "UupsProxyTokenV1");
  const init = encodeFunctionData({ abi: v1.abi, functionName: "initialize", args: [owner.address, STANDARD_SUPPLY] });
  const { address: token, tx: deployTx } = await deployContract(ctx, owner, "ERC1967Proxy", [implementationV1, init]);

  const pool = await ctx.market.launch({
    from: owner,
    token,
    tokenAmount: wholeTokens(500_000_000n),
    nativeAmount: native("10"),
  });
  await buyersBuy(ctx, token, [["buyer2", "1"]], { gapSeconds: HOUR });

  ctx.player.clock.wait(DAY);
  const { address: implementation } = await deployContract(ctx, owner, "UupsProxyTokenV2");
  const upgradeTx = await ctx.player.write(owner, token, v1.abi, "upgradeToAndCall", [implementation, "0x"]);

  return {
    token,
    played: {
      title: "UUPS upgradeable proxy",
      proves: "Token logic can be replaced by the token's owner through the implementation, and was.",
      deployer: owner.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: {
        proxyKind: "uups",
        proxy: token,
        implementationV1,
        implementation,
        proxyAdmin: null,
        upgradeAuthority: owner.address,
        upgradeTx: ref(upgradeTx),
        versionAfterUpgrade: Number(await ctx.player.read<bigint>(token, versionAbi, "version")),
      },
    },
  };
}
