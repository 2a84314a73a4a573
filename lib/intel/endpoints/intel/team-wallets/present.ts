// intel/team-wallets, present: the team's wallets and, apart, the context (wallets linked only by
// how they came by the token), each with its proofs and recent behaviour; the reads and
// transactions cited, and the provenance. The wallets and what they did are facts; that a relation
// makes a wallet the team's is our reading.
import type { Hash } from "viem";
import { getNetwork } from "@/lib/chain/networks";
import { ProvenanceLedger } from "@/lib/intel/answers/ledger";
import type { PresentedAnswer } from "@/lib/intel/runtime/endpoint-adapter";
import { amount, isoTime, tokenView, totalSupplyOf } from "@/lib/intel/answers/present";
import { deployerGap } from "@/lib/intel/reads/token/deployer";
import type { Movement } from "@/lib/intel/reads/wallet/movements";
import type { TeamWallet } from "@/lib/intel/reads/team-links/assess";
import { teamScan } from "@/lib/intel/reads/team-links/links";
import type { TeamReading } from "@/lib/intel/reads/team-links/read";
import { describeWindow } from "@/lib/intel/answers/windows";

const formatShare = (bps: number) => `${(bps / 100).toFixed(2)} %`;

function presentSell(decimals: number | null) {
  return (sell: Movement) => ({
    transaction: sell.transaction,
    block: Number(sell.block),
    time: isoTime(sell.timestamp),
    amount: amount(sell.amount, decimals),
    pool: sell.swap!.pool,
    quote: { address: sell.swap!.quote.address, symbol: sell.swap!.quote.symbol },
    received: amount(sell.swap!.quoteAmount, sell.swap!.quote.decimals),
  });
}

function presentWallet(decimals: number | null) {
  return (wallet: TeamWallet) => ({
    address: wallet.address,
    relations: wallet.relations.map(({ amount: received, ...proof }) => (received === undefined ? proof : { ...proof, amount: amount(received, decimals) })),
    is_contract: wallet.isContract,
    balance: wallet.balance === null ? null : amount(wallet.balance, decimals),
    share_of_supply_bps: wallet.shareOfSupplyBps,
    recent: {
      sells: wallet.sells.slice(-teamScan.recentSellsListed).reverse().map(presentSell(decimals)),
      sells_total: wallet.sells.length,
      sold: amount(wallet.sold, decimals),
      transfers_to_pools: wallet.transfersToPools,
      last_activity: wallet.lastActivity
        ? { transaction: wallet.lastActivity.transaction, block: Number(wallet.lastActivity.block), time: wallet.lastActivity.time === null ? null : isoTime(wallet.lastActivity.time) }
        : null,
    },
  });
}

export function presentTeam(reading: TeamReading, linked: { team: readonly TeamWallet[]; context: readonly TeamWallet[] }) {
  const { chain, token, block, identity, transfers } = reading;
  const list = linked.team.map(presentWallet(identity.decimals.value));
  const context = linked.context.map(presentWallet(identity.decimals.value));
  const ledger = new ProvenanceLedger().fact("wallets").reading("wallets.relations").fact("wallets.recent", "window").fact("context").reading("limitations");
  if (reading.creation?.source === "explorer") ledger.outside("wallets.deployer");
  if (!reading.creation) {
    // On Base the launch mint's recipient is the nearest thing to a deployer the chain itself shows; it is no deployment relation, so it stays context.
    ledger.gap("deployer", chain === "base" ? `${deployerGap(chain).replace(/\.$/, "")}; the launch mint's recipient is listed under context when the window reaches the launch, not as the team.` : deployerGap(chain));
  }
  if (reading.bridged) ledger.gap("launch", `A bridged token: ${reading.bridged.bridgeName} mints it as tokens cross, so its mint recipients are bridgers, not launch recipients.`);
  else if (!reading.firstMint) ledger.gap("launch", `The token's launch mint is not in blocks ${transfers.fromBlock} to ${transfers.toBlock}, so launch recipients are not read.`);
  const cited = [...new Set([...list, ...context].flatMap((entry) => entry.relations.map((relation) => relation.transaction)).filter((hash): hash is Hash => Boolean(hash)))];
  const contextNote = context.length === 0 ? "" : ` ${context.length} more wallet${context.length === 1 ? " is" : "s are"} context (the launch mint or a transfer from the team: how ${context.length === 1 ? "it" : "they"} came by the token, which anyone can), not counted as the team.`;

  return {
    chain,
    block,
    provenance: ledger.provenance,
    honestEmpty: list.length === 0,
    sources: {
      transactions: cited,
      reads: [
        ...(reading.owner ? [`owner() of ${token} at block ${block}`] : []),
        ...(reading.admin ? [`EIP-1967 admin slot of ${token} at block ${block}`] : []),
        `Transfer logs of ${token} in blocks ${transfers.fromBlock} to ${transfers.toBlock}`,
        `balanceOf(wallet) of ${token} at block ${block}`,
      ],
    },
    data: {
      token: { ...tokenView(token, identity), total_supply: totalSupplyOf(identity) },
      wallets: list,
      context,
      summary:
        (list.length === 0
          ? "Nothing on chain links a wallet to this token's team by deployment, ownership or control in the window read: no deployer known, no owner, no proxy admin, no role holder. That is not proof there is no team."
          : `${list.length} wallet${list.length === 1 ? "" : "s"} linked to the team by deployment, ownership or control; together they hold ${formatShare(list.reduce((sum, entry) => sum + (entry.share_of_supply_bps ?? 0), 0))} of supply.`) + contextNote,
      window: { from_block: Number(transfers.fromBlock), to_block: Number(transfers.toBlock), truncated: transfers.truncated, end: transfers.end },
      limitations: [
        `Links and behaviour come from the token's Transfer logs in blocks ${transfers.fromBlock} to ${transfers.toBlock}, ${describeWindow(transfers.window)}; "at launch" means within ${teamScan.launchBlocks} blocks of the first mint seen.`,
        "Only deployment, ownership and control make a wallet the team's. The launch mint's recipients and wallets that received the token directly from the team (one step only) are context, listed apart. Funding in the native coin is not in logs and is not read.",
        chain === "eth" ? "AccessControl role holders come from RoleGranted/RoleRevoked in the same window, confirmed with hasRole." : `AccessControl role holders are read on Ethereum only; on ${getNetwork(chain).displayName} the narrower owner and admin read applies.`,
      ],
      unavailable: ledger.unavailable,
    },
  } satisfies PresentedAnswer;
}
