// 9. The role-governed token: no owner; an admin grants MINTER_ROLE to two wallets and
// PAUSER_ROLE to a third, the minter mints, the pauser pauses and unpauses, and one minter's role
// is revoked later.
import { keccak256, toHex, zeroHash, type Address, type Hex } from "viem";
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

export type RoleChange = { role: string; roleId: Hex; account: Address; tx: TxRef };

export type RolesFacts = {
  roleIds: { DEFAULT_ADMIN_ROLE: Hex; MINTER_ROLE: Hex; PAUSER_ROLE: Hex };
  /** Holders at the end of the build. */
  holders: { DEFAULT_ADMIN_ROLE: Address[]; MINTER_ROLE: Address[]; PAUSER_ROLE: Address[] };
  grants: RoleChange[];
  revocations: RoleChange[];
  mint: { tx: TxRef; minter: Address; to: Address; amount: string };
  pauseTx: TxRef;
  unpauseTx: TxRef;
  pausedAtEnd: false;
};

const ROLE_IDS = {
  DEFAULT_ADMIN_ROLE: zeroHash,
  MINTER_ROLE: keccak256(toHex("MINTER_ROLE")),
  PAUSER_ROLE: keccak256(toHex("PAUSER_ROLE")),
} as const satisfies Record<string, Hex>;

const MINTED = wholeTokens(50_000_000n);

export async function playRoles(ctx: ScenarioContext): Promise<{ token: Address; played: PlayedTokenScenario<RolesFacts> }> {
  startScenario(ctx);
  const admin = ctx.wallets.rolesAdmin;
  const minter = ctx.wallets.rolesMinter;
  const revokedMinter = ctx.wallets.rolesRevokedMinter;
  const pauser = ctx.wallets.rolesPauser;
  const abi = artifact(ctx, "RolesToken").abi;
  const { address: token, tx: deployTx } = await deployContract(ctx, admin, "RolesToken", [
    "Roles Demo Token",
    "ROLES",
    STANDARD_SUPPLY,
    admin.address,
  ]);

  const grants: RoleChange[] = [];
  for (const [role, account] of [
    ["MINTER_ROLE", minter.address],
    ["MINTER_ROLE", revokedMinter.address],
    ["PAUSER_ROLE", pauser.address],
  ] as const) {
    const tx = await ctx.player.write(admin, token, abi, "grantRole", [ROLE_IDS[role], account]);
    grants.push({ role, roleId: ROLE_IDS[role], account, tx: ref(tx) });
  }

  const pool = await ctx.market.launch({
    from: admin,
    token,
    tokenAmount: wholeTokens(500_000_000n),
    nativeAmount: native("10"),
  });
  await buyersBuy(ctx, token, [["buyer3", "1"]], { gapSeconds: HOUR });

  ctx.player.clock.wait(2 * HOUR);
  const mintTx = await ctx.player.write(minter, token, abi, "mint", [minter.address, MINTED]);
  ctx.player.clock.wait(HOUR);
  const pauseTx = await ctx.player.write(pauser, token, abi, "pause");
  ctx.player.clock.wait(HOUR);
  const unpauseTx = await ctx.player.write(pauser, token, abi, "unpause");

  ctx.player.clock.wait(DAY);
  const revokeTx = await ctx.player.write(admin, token, abi, "revokeRole", [ROLE_IDS.MINTER_ROLE, revokedMinter.address]);

  return {
    token,
    played: {
      title: "AccessControl roles",
      proves: "Minting and pausing are role powers held by known wallets; one minter's role was revoked.",
      deployer: admin.address,
      deployTx: ref(deployTx),
      ownershipModel: "access-control",
      pool,
      facts: {
        roleIds: ROLE_IDS,
        holders: {
          DEFAULT_ADMIN_ROLE: [admin.address],
          MINTER_ROLE: [minter.address],
          PAUSER_ROLE: [pauser.address],
        },
        grants,
        revocations: [
          { role: "MINTER_ROLE", roleId: ROLE_IDS.MINTER_ROLE, account: revokedMinter.address, tx: ref(revokeTx) },
        ],
        mint: { tx: ref(mintTx), minter: minter.address, to: minter.address, amount: MINTED.toString() },
        pauseTx: ref(pauseTx),
        unpauseTx: ref(unpauseTx),
        pausedAtEnd: false,
      },
    },
  };
}
