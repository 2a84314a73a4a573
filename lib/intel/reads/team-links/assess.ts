// The linked wallets, assessed (intel/team-wallets and why-down): which links hold (a replayed role grant counts only when hasRole
// confirms it), which wallets they make the team's (links.ts: isTeam) and which are context, and
// what each linked wallet holds and did: its share of supply, which of its transfers into the
// token's pools were sells, and its last activity.
import { valueOrNull } from "@/lib/chain/multicall";
import { bpsOf, sameAddress } from "@/lib/intel/reads/market";
import { classifyTransfer } from "@/lib/intel/reads/wallet/movements";
import { isTeam } from "./links";
import type { TeamReading } from "./read";

function assessLinks(reading: TeamReading) {
  const { linked, roleGrants, checks, codes, toPools, pools, receiptOf, timeOf } = reading;
  const totalSupply = reading.identity.totalSupply.value;
  const unconfirmed = new Set(roleGrants.holders.filter((_, i) => valueOrNull(checks.roles[i]) !== true).map((holder) => `${holder.account.toLowerCase()}:${holder.role}`));
  return linked
    .map((wallet, index) => ({ ...wallet, index, relations: wallet.relations.filter((proof) => proof.relation !== "role_holder" || !unconfirmed.has(`${wallet.address.toLowerCase()}:${proof.role}`)) }))
    .filter((wallet) => wallet.relations.length > 0)
    .map((wallet) => {
      const balance = valueOrNull(checks.balances[wallet.index]);
      const moves = toPools.filter((log) => sameAddress(log.args.from, wallet.address)).map((log) => classifyTransfer(log, wallet.address, receiptOf.get(log.transactionHash)!, pools, timeOf.get(log.blockNumber) ?? 0n));
      const sells = moves.filter((move) => move.kind === "sell");
      const last = reading.lastActivity.get(wallet.address.toLowerCase());
      const code = codes[wallet.index];
      return {
        address: wallet.address,
        relations: wallet.relations,
        isContract: Boolean(code && code !== "0x"),
        balance,
        shareOfSupplyBps: balance !== null && totalSupply !== null ? bpsOf(balance, totalSupply) : null,
        sells,
        sold: sells.reduce((sum, sell) => sum + sell.amount, 0n),
        transfersToPools: moves.length,
        lastActivity: last ? { transaction: last.transactionHash, block: last.blockNumber, time: timeOf.get(last.blockNumber) ?? null } : null,
      };
    });
}

export type TeamWallet = ReturnType<typeof assessLinks>[number];

/** The team's wallets (a relation of deployment, ownership or control) apart from the context: wallets linked only by how they came by the token. */
export function assessLinked(reading: TeamReading): { team: TeamWallet[]; context: TeamWallet[] } {
  const wallets = assessLinks(reading);
  return { team: wallets.filter(isTeam), context: wallets.filter((wallet) => !isTeam(wallet)) };
}

/** The team's wallets only: what every answer that counts the team counts. */
export function assessTeam(reading: TeamReading): TeamWallet[] {
  return assessLinked(reading).team;
}
