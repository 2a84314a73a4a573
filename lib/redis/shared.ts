// One Redis client per URL per process for the work beside the rate limiter (change notices, the
// usage stream): commands of one turn of the event loop share one write (lib/redis/resp-client.ts).
import { RespClient } from "./resp-client";
import { processWide } from "@/lib/process-wide";

const holder = processWide<{ sharedRedis: Map<string, RespClient> }>("lib/redis/shared");
const clients = (holder.sharedRedis ??= new Map<string, RespClient>());

export function sharedRedis(url: string): RespClient {
  let client = clients.get(url);
  if (!client) {
    client = RespClient.fromUrl(url);
    clients.set(url, client);
  }
  return client;
}

/** Closes every shared client (a stopping server, after its last usage record). */
export function closeSharedRedis() {
  for (const client of clients.values()) client.close();
  clients.clear();
}

/** The plain Redis this process shares state through, if one is configured (REDIS_URL; Upstash's REST API has no subscriptions or streams here). */
export function configuredRedisUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.REDIS_URL?.trim() || null;
}
