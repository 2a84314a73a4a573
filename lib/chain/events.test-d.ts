// Type tests of the shared events, compiled by `tsc --noEmit` and never run: a scan of them yields
// logs typed by the event (no cast at the caller), the one TransferLog is what a scan's log is,
// and reading an argument the event does not have, or as the wrong type, does not compile.
import type { Address, Hash } from "viem";
import { expectTypeOf } from "vitest";
import type { ChainClient } from "./clients";
import { approvalEvent, transferEvent, transferLogOf, type ApprovalLog, type ScannedTransferLog, type TransferLog } from "./events";
import { scanLogs } from "./log-scanner";

declare const client: ChainClient;
declare const wallet: Address;

export async function scannedTransfers() {
  const scan = await scanLogs({ client, events: [transferEvent] as const, args: { from: wallet }, fromBlock: 0n, maxLookbackBlocks: 1_000n, chunkSize: 1_000n });
  expectTypeOf(scan.logs).toEqualTypeOf<ScannedTransferLog[]>();
  const [log] = scan.logs;
  expectTypeOf(log.eventName).toEqualTypeOf<"Transfer">();
  expectTypeOf(log.args).toEqualTypeOf<{ from: Address; to: Address; value: bigint }>();
  expectTypeOf(log.transactionHash).toEqualTypeOf<Hash>();
  // A scanned log is a TransferLog, as the reads hold it.
  const held: TransferLog = log;
  // @ts-expect-error Transfer has no `amount`
  void log.args.amount;
  // @ts-expect-error a value is no address
  const to: Address = log.args.value;

  // With `keep: transferLogOf`, the scan's logs are what it keeps.
  const kept = await scanLogs({ client, events: [transferEvent] as const, fromBlock: 0n, maxLookbackBlocks: 1_000n, chunkSize: 1_000n, keep: transferLogOf });
  expectTypeOf(kept.logs).toEqualTypeOf<TransferLog[]>();
  // @ts-expect-error what transferLogOf keeps has no topics
  void kept.logs[0].topics;
  return { held, to };
}

export async function scannedApprovals() {
  const scan = await scanLogs({ client, events: [approvalEvent] as const, args: { owner: wallet }, fromBlock: 0n, maxLookbackBlocks: 1_000n, chunkSize: 1_000n });
  expectTypeOf(scan.logs).toEqualTypeOf<ApprovalLog[]>();
  expectTypeOf(scan.logs[0].args).toEqualTypeOf<{ owner: Address; spender: Address; value: bigint }>();
  // @ts-expect-error Approval names a spender, not a `to`
  void scan.logs[0].args.to;
}

export async function twoEvents() {
  // Two events in one scan: each log's arguments are its event's, told apart by name.
  const scan = await scanLogs({ client, events: [transferEvent, approvalEvent] as const, fromBlock: 0n, maxLookbackBlocks: 1_000n, chunkSize: 1_000n });
  for (const log of scan.logs) {
    if (log.eventName === "Transfer") expectTypeOf(log.args.to).toEqualTypeOf<Address>();
    // @ts-expect-error an Approval has no `to`: only a Transfer's logs, once told apart, do
    else void log.args.to;
  }
}
