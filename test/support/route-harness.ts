// An intelligence route under test: the worker's demo chain for its network (snapshotted for the file), the API harness on
// PostgreSQL and Redis with charging on, and the helpers every route test needs to see what was
// charged and recorded.
import { afterAll, beforeAll, expect } from "vitest";
import { ensureCreditAccount, utcDay } from "@/lib/billing/credits";
import { nodeSettingsChanged } from "./node-settings";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { startDemoChain, type AddressBook } from "@/demo-chain";
import { useSharedDemoChains } from "./demo-chains";
import { withNodeStoppedMidRequest } from "./doomed-node";
import { changeSettings } from "@/lib/operator/operations";
import { createHarness, expectFailure, type Harness } from "./harness";
import { announceKeyContextChange } from "@/lib/keys/change-notices";

export function useChargedRoute(network: ChainId) {
  const setting = getNetwork(network).rpcUrlSetting;
  const saved = process.env[setting];
  let h: Harness | undefined;
  const shared = useSharedDemoChains([network]);
  beforeAll(async () => {
    h = await createHarness("postgres+redis");
    await changeSettings(h.db, "test", { chargingEnabled: true });
  }, 120_000);
  afterAll(async () => {
    if (saved === undefined) delete process.env[setting];
    else process.env[setting] = saved;
    await nodeSettingsChanged();
    await h?.close();
  });
  const harness = () => {
    if (!h) throw new Error("the harness starts in beforeAll");
    return h;
  };
  return {
    get h() {
      return harness();
    },
    get chain() {
      return shared.get(network);
    },
    /** Points the network's setting at a node (the shared demo chain, or one a test will stop). */
    async useNode(rpcUrl: string) {
      process.env[setting] = rpcUrl;
      await nodeSettingsChanged();
    },
    /** The owner's balance, with today's free credits used up so the balance shows every deduction. */
    async setAccount(balance: number) {
      const { db, owner, clock } = harness();
      await ensureCreditAccount(db, owner.id);
      await db.creditAccount.update({ where: { userId: owner.id }, data: { balance, freeCreditsDay: utcDay(clock.now), freeCreditsUsed: 5 } });
      // Written behind the operator functions' back: the key-context copies are told, as a writer tells them.
      await announceKeyContextChange({ scope: "owner", id: owner.id });
    },
    async balance() {
      const { db, owner } = harness();
      return (await db.creditAccount.findUniqueOrThrow({ where: { userId: owner.id } })).balance;
    },
    recordOf(requestId: string) {
      return harness().db.requestRecord.findUniqueOrThrow({ where: { id: requestId } });
    },
    /**
     * Calls `path` on a fresh node of this network that is stopped after the request's first
     * round: the answer is 503 unavailable naming the network, recorded as a server error,
     * charged nothing and absent from the ledger.
     */
    async expectNodeStopUncharged(path: string, key: string, bodyFor: (book: AddressBook) => Record<string, unknown>) {
      const doomed = await startDemoChain({ chain: network, log: () => undefined });
      const { result: response, nodeRequests } = await withNodeStoppedMidRequest(doomed, 1, async (url) => {
        await this.useNode(url);
        return harness().call("POST", path, { key, body: bodyFor(doomed.addressBook) });
      });
      expect({ path, status: response.status }).toEqual({ path, status: 503 });
      const failure = expectFailure(response, "unavailable");
      expect(failure.message).toMatch(new RegExp(`^${getNetwork(network).displayName} node did not answer: `));
      expect(nodeRequests).toBeGreaterThanOrEqual(2);
      const record = await this.recordOf(failure.request_id);
      expect({ path, status: record.httpStatus, outcome: record.outcome, charged: record.charged }).toEqual({ path, status: 503, outcome: "server_error", charged: 0 });
      expect(await harness().db.creditLedger.findUnique({ where: { requestId: failure.request_id } })).toBeNull();
    },
  };
}
