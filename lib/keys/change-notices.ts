// Who must hear that a key's context changed: every server process that may hold a copy of it. How
// a change reaches them, with Redis and without: announceKeyContextChange below.
import { randomBytes } from "node:crypto";
import { serverLog } from "@/lib/log";
import { sharedRedis, configuredRedisUrl } from "@/lib/redis/shared";
import { RespSubscriber } from "@/lib/redis/subscriber";
import { processWide } from "@/lib/process-wide";

export type KeyContextChange =
  /** The operator's switches: every copy. */
  | { scope: "all" }
  | { scope: "key"; id: string }
  | { scope: "project"; id: string }
  /** A user's credit account (grants, charges), by the user's id: every key of the projects they own. */
  | { scope: "owner"; id: string };

export const keyContextChannel = "dia:key-context";
/** Which process sent a notice: a process's own notices are applied before they are published. */
const origin = `${process.pid}-${randomBytes(4).toString("hex")}`;

type Listener = (changes: KeyContextChange[]) => void;
const holder = processWide<{ keyContextListeners: Set<Listener>; keyContextSubscriber: { url: string; subscriber: RespSubscriber } | null }>("lib/keys/change-notices");
const listeners = (holder.keyContextListeners ??= new Set<Listener>());

/** Registers a holder of copies (each cache); returns the way to leave. */
export function onKeyContextChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function applyHere(changes: KeyContextChange[]) {
  for (const listener of listeners) listener(changes);
}

/**
 * Drops this process's copies of what changed, then tells the other processes. Resolves once the
 * notice is published (or could not be: then it is logged, and the other processes' copies age
 * out within their limit, one second while their subscription is not answering).
 *
 * Who must hear that a key's context changed: every server process that may hold a copy of it
 * (lib/keys/key-cache.ts). Every writer of a key, a project, a credit account or the operator's
 * switches (lib/operator/operations.ts, lib/billing) announces the change after it commits. This
 * process's copies are dropped at once; where Redis is configured (REDIS_URL) the notice is
 * published, and every server process subscribed to it drops its copies as the message arrives.
 * Without Redis (the embedded default, or Upstash's REST API) a copy is believed for one second at
 * most, so a change made by another process (the operator CLI) reaches the server within it.
 */
export async function announceKeyContextChange(...changes: KeyContextChange[]): Promise<void> {
  if (changes.length === 0) return;
  applyHere(changes);
  await tellOtherProcesses(...changes);
}

/** Publishes a change to the other processes only (this one has already brought its copies up to date). */
export async function tellOtherProcesses(...changes: KeyContextChange[]): Promise<void> {
  const url = configuredRedisUrl();
  if (!url) return;
  const message = JSON.stringify({ origin, changes });
  for (let attempt = 1; ; attempt++) {
    try {
      await sharedRedis(url).call("PUBLISH", keyContextChannel, message);
      return;
    } catch (error) {
      if (attempt >= 2) {
        serverLog().error({ err: error instanceof Error ? error.message : String(error), changes }, "key context: the change is saved but its notice could not be published; other processes see it once their copies age out");
        return;
      }
    }
  }
}

/**
 * This process's subscription to other processes' notices, started on first use where Redis is
 * configured; null without Redis. Its state says how long a copy may be believed.
 */
export function keyContextSubscription(): RespSubscriber | null {
  const url = configuredRedisUrl();
  if (!url) return null;
  const current = holder.keyContextSubscriber;
  if (current && current.url === url) return current.subscriber;
  current?.subscriber.close();
  const subscriber = new RespSubscriber(url, {
    channel: keyContextChannel,
    onMessage(payload) {
      try {
        const notice = JSON.parse(payload) as { origin?: string; changes?: KeyContextChange[] };
        if (notice.origin !== origin && Array.isArray(notice.changes)) applyHere(notice.changes);
      } catch {
        // Not ours to read: dropping everything is the safe answer to a notice we cannot parse.
        applyHere([{ scope: "all" }]);
      }
    },
    // Notices may be missed until the subscription is back: what was copied before then is dropped.
    onLost: () => applyHere([{ scope: "all" }]),
  });
  holder.keyContextSubscriber = { url, subscriber };
  return subscriber;
}

/** Ends the subscription (tests, a stopping server). */
export function closeKeyContextSubscription() {
  holder.keyContextSubscriber?.subscriber.close();
  holder.keyContextSubscriber = null;
}
