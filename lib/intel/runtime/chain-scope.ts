// One chain scope per answer: the chain, the one client every read of the answer goes through, and
// node failures translated into the API's errors once (readChain). The endpoint adapter opens it for
// a request (and an intelligence thread for its task, with the reads pinned to the head block the
// request learned); an endpoint's answer function only receives it. Callers outside the pipeline
// (tests, scripts, benches) open one with withChainScope, on a client or env of their own.
import type { ChainClient } from "@/lib/chain/clients";
import { getChainClient } from "@/lib/chain/clients";
import type { ChainEnv, ChainId } from "@/lib/chain/networks";
import { readChain } from "@/lib/chain/upstream";

export type ChainScope = { chain: ChainId; client: ChainClient };

/** Where a scope's client comes from outside the pipeline: a ready client, or one made from `env` (else process.env). */
export type ScopeOptions = { client?: ChainClient; env?: ChainEnv };

export function withChainScope<T>(at: { chain: ChainId } & ScopeOptions, run: (scope: ChainScope) => Promise<T>): Promise<T> {
  return readChain(at.chain, () => {
    // Made on first use, inside readChain: a network with no node configured fails as the API's error, and only when read.
    let client = at.client;
    const scope: ChainScope = {
      chain: at.chain,
      get client() {
        client ??= getChainClient(at.chain, { env: at.env });
        return client;
      },
    };
    return run(scope);
  });
}
