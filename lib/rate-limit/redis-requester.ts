// Lets @upstash/redis (and so @upstash/ratelimit) talk to plain Redis over TCP.
// @upstash/ratelimit's Lua scripts begin with `#!lua flags=allow-key-locking`, an
// Upstash-only flag plain Redis rejects: scripts are loaded without that line and
// EVALSHA of an original hash is sent as EVALSHA of the stripped script's hash, so
// steady state costs one round trip per check.
import { createHash } from "node:crypto";
import type { Requester, UpstashRequest, UpstashResponse } from "@upstash/redis";

const upstashOnlyShebang = /^#!lua[^\n]*\n/;
const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

/** Anything that sends one Redis command and resolves with its reply. */
export type RedisCaller = { call(command: string, ...args: string[]): Promise<unknown> };

export function createRedisRequester(client: RedisCaller, onCommand?: (command: string) => void): Requester {
  const strippedShaOf = new Map<string, string>();

  return {
    async request<TResult>(req: UpstashRequest): Promise<UpstashResponse<TResult>> {
      const [command, ...args] = (req.body as unknown[]).map((part) => (typeof part === "string" ? part : JSON.stringify(part)));
      const name = command.toLowerCase();
      let finalArgs = args;
      if (name === "eval" || name === "eval_ro") {
        const stripped = args[0].replace(upstashOnlyShebang, "");
        strippedShaOf.set(sha1(args[0]), sha1(stripped));
        finalArgs = [stripped, ...args.slice(1)];
      } else if (name === "evalsha" || name === "evalsha_ro") {
        const mapped = strippedShaOf.get(args[0]);
        if (mapped) finalArgs = [mapped, ...args.slice(1)];
      } else if (name === "script" && args[0]?.toLowerCase() === "load") {
        const stripped = args[1].replace(upstashOnlyShebang, "");
        strippedShaOf.set(sha1(args[1]), sha1(stripped));
        finalArgs = [args[0], stripped];
      }
      onCommand?.(name);
      try {
        const result = (await client.call(command, ...finalArgs)) as TResult;
        // SCRIPT LOAD answers with the hash of what it loaded; callers expect the original's.
        if (name === "script" && args[0]?.toLowerCase() === "load") return { result: sha1(args[1]) as TResult };
        return { result };
      } catch (error) {
        // The Upstash client turns `error` into an exception and recognises NOSCRIPT in it.
        return { error: (error as Error).message };
      }
    },
  };
}
