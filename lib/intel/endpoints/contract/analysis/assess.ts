// contract/analysis, assess: what the facts amount to. Which kind of account holds control,
// which replayed role grants still stand, and every account with control and how it is linked.
import type { Hex } from "viem";
import { valueOrNull, type CallResult } from "@/lib/chain/multicall";
import type { Holder } from "@/lib/chain/account-kind";
import type { ContractReading } from "./read";
import type { RoleGrants } from "@/lib/intel/reads/control/role-grants";

/** The replayed grants hasRole still confirms, and the blocks the scan covers. */
export function confirmedRoleHolders(grants: RoleGrants, checks: readonly CallResult<boolean>[], described: Holder[], deployedAt: bigint | null) {
  const holders = grants.holders.flatMap((holder, i) => (valueOrNull(checks[i]) ? [{ role: holder.role, holder: described[i] }] : []));
  // Covered from the later of the window's start and the deployment: nothing before it can exist.
  const coveredFrom = deployedAt !== null && deployedAt > grants.fromBlock ? deployedAt : grants.fromBlock;
  const truncated = grants.truncated && !(deployedAt !== null && deployedAt >= grants.fromBlock);
  return { holders, truncated, from_block: Number(coveredFrom) };
}

export type Controller = Holder & { role: "owner" | "proxy_admin" | "proxy_admin_owner" | "access_control" | "stored_address" | "code_constant"; role_id?: Hex; slot?: string; functions?: (Hex | null)[] };

const selectorsOf = (functions: (number | null)[]) => functions.map((fn) => (fn === null ? null : (`0x${fn.toString(16).padStart(8, "0")}` as Hex)));

export function assessContract(reading: Extract<ContractReading, { isContract: true }>) {
  const roleScan = reading.roles ? confirmedRoleHolders(reading.roles.grants, reading.roles.checks, reading.roles.described, reading.deployment?.block ?? null) : null;
  const controllers: Controller[] = [];
  if (reading.ownerHolder) controllers.push({ role: "owner", ...reading.ownerHolder });
  if (reading.adminHolder) controllers.push({ role: "proxy_admin", ...reading.adminHolder });
  if (reading.adminOwnerHolder) controllers.push({ role: "proxy_admin_owner", ...reading.adminOwnerHolder });
  for (const holder of roleScan?.holders ?? []) controllers.push({ role: "access_control", role_id: holder.role, ...holder.holder });
  // Addresses the code compares msg.sender with, whatever getter (if any) shows them: a minter, a policy address, a slot with none.
  for (const { stored, holder } of reading.stored) {
    if (!holder) continue;
    controllers.push({ role: "stored_address", slot: stored.slot.toString(), functions: selectorsOf(stored.functions), ...holder });
  }
  // Addresses written into the code (a bridged token's immutable BRIDGE): no slot, and no call can change them.
  for (const { written, holder } of reading.written) {
    if (holder) controllers.push({ role: "code_constant", functions: selectorsOf(written.functions), ...holder });
  }
  const { owner, ownerHolder } = reading;
  return {
    ownership: {
      ownable: owner.address !== null,
      owner: owner.address,
      renounced: owner.renounced,
      owner_is_contract: ownerHolder ? ownerHolder.is_contract : owner.renounced ? false : null,
      owner_kind: ownerHolder?.kind ?? (owner.renounced ? ("renounced" as const) : null),
    },
    controllers,
    roleScan,
  };
}
