// The events more than one read scans or parses, each with the log type scanLogs yields for it:
// ERC-20's Transfer and Approval. A venue's own events (Swap, Sync, Mint, Burn) stay with its module.
import { parseAbiItem, toEventSelector } from "viem";
import type { ScannedLog } from "./log-scanner";

export const transferEvent = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
export const approvalEvent = parseAbiItem("event Approval(address indexed owner, address indexed spender, uint256 value)");

/** Transfer's topic0 (an ERC-721 Transfer shares it, with a fourth topic instead of data). */
export const transferTopic = toEventSelector(transferEvent);

/** A Transfer log as scanLogs decodes it (`events: [transferEvent]`). */
export type ScannedTransferLog = ScannedLog<readonly [typeof transferEvent]>;
/** An Approval log as scanLogs decodes it (`events: [approvalEvent]`). */
export type ApprovalLog = ScannedLog<readonly [typeof approvalEvent]>;

/** What the reads hold of a Transfer log: the token, the decoded arguments and where it sits. A scanned log is one. */
export type TransferLog = Pick<ScannedTransferLog, "address" | "args" | "transactionHash" | "blockNumber" | "logIndex">;

/**
 * What a scan of Transfer logs keeps of each (scanLogs' `keep`): a busy token's 50,000 logs held
 * whole (topics, data, hashes) were five times the memory.
 */
export function transferLogOf(log: TransferLog): TransferLog {
  return { address: log.address, args: log.args, transactionHash: log.transactionHash, blockNumber: log.blockNumber, logIndex: log.logIndex };
}
