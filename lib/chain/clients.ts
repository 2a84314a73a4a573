// viem public clients per network, built from ETH_RPC_URL / BASE_RPC_URL / BSC_RPC_URL.
// Reads are batched twice over: eth_calls are aggregated through Multicall3, and
// concurrent JSON-RPC calls share one HTTP request. Every HTTP request is metered, and goes
// through the provider's profile (batch size, pacing, Retry-After: provider-fetch.ts).
import { createPublicClient, defineChain, http, type Chain, type PublicClient, type Transport } from "viem";
import { ChainUnavailableError } from "./errors";
import { getNetwork, type ChainEnv, type ChainId } from "./networks";
import { providerFetch } from "./provider-fetch";
import { knownProviderProfile, providerLimitsFromEnv, providerProfile, type ProviderProfile } from "./provider-profile";
import { currentNodeScope, type NodeScope } from "./node-scope";

export type ChainClient = PublicClient<Transport, Chain>;

export type ClientSettings = {
  /** Per HTTP request, including reading the answer. */
  timeoutMs: number;
  /** Retries of a failed request (5xx, 429, timeouts, connection errors). */
  retryCount: number;
  /** Base delay of the exponential backoff between retries. */
  retryDelayMs: number;
  /** Only used when waiting on blocks; reads never poll. */
  pollingIntervalMs: number;
};

export const defaultClientSettings: ClientSettings = {
  timeoutMs: 10_000,
  retryCount: 2,
  retryDelayMs: 150,
  pollingIntervalMs: 1_000,
};

function integerAtLeast(value: string | undefined, min: number): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= min ? parsed : undefined;
}

/** CHAIN_RPC_TIMEOUT_MS and CHAIN_RPC_RETRY_COUNT override the defaults; malformed values are ignored. */
export function clientSettingsFromEnv(env: ChainEnv = process.env): ClientSettings {
  return {
    ...defaultClientSettings,
    timeoutMs: integerAtLeast(env.CHAIN_RPC_TIMEOUT_MS, 1) ?? defaultClientSettings.timeoutMs,
    retryCount: integerAtLeast(env.CHAIN_RPC_RETRY_COUNT, 0) ?? defaultClientSettings.retryCount,
  };
}

/** The node URL for a network, or 503 naming the setting that is missing. */
export function rpcUrlFor(chain: ChainId, env: ChainEnv = process.env): string {
  const network = getNetwork(chain);
  const value = env[network.rpcUrlSetting]?.trim();
  if (!value) {
    throw new ChainUnavailableError("not_configured", network.displayName, `${network.displayName} is not configured: set ${network.rpcUrlSetting}`);
  }
  if (!/^https?:\/\//i.test(value)) {
    throw new ChainUnavailableError("not_configured", network.displayName, `${network.displayName} is not configured: ${network.rpcUrlSetting} must be an http(s) URL`);
  }
  return value;
}

const viemChains = new Map<ChainId, Chain>();

/** A viem chain whose Multicall3 address comes from our registry, not viem's bundled list. */
export function viemChainFor(chain: ChainId): Chain {
  const cached = viemChains.get(chain);
  if (cached) return cached;
  const network = getNetwork(chain);
  // No blockCreated: demo chains reuse mainnet ids at low block numbers, where viem
  // would refuse to use a Multicall3 "not yet deployed".
  const defined = defineChain({
    id: network.evmChainId,
    name: network.displayName,
    nativeCurrency: { name: network.nativeSymbol, symbol: network.nativeSymbol, decimals: 18 },
    rpcUrls: { default: { http: [] } },
    contracts: { multicall3: { address: network.multicall3 } },
  });
  viemChains.set(chain, defined);
  return defined;
}

/**
 * The largest node answer read, in bytes. viem's default (10 MiB) is met by one batch of a busy
 * token's log chunks — 50,000 Transfer logs are about 40 MB of JSON — and a batch that large failed
 * even when each of its block ranges was small. The scans' log caps bound what is kept.
 */
export const maxNodeAnswerBytes = 128 * 2 ** 20;

/**
 * HTTP transport with JSON-RPC batching whose every round trip is counted, and stopped, in `scope`
 * when given, otherwise in the node scope of the async context that sends the request. The
 * URL's provider profile (shared by every client of that URL) keeps its limits.
 */
export function meteredHttp(url: string, settings: ClientSettings, scope?: NodeScope, profile: ProviderProfile = providerProfile(url), network?: ChainId): Transport {
  return http(url, {
    batch: true,
    maxResponseBodySize: maxNodeAnswerBytes,
    timeout: settings.timeoutMs,
    retryCount: settings.retryCount,
    retryDelay: settings.retryDelayMs,
    fetchFn: providerFetch({ profile, scope: () => scope ?? currentNodeScope(), maxWaitMs: settings.timeoutMs, network }),
  });
}

/** The provider profile behind a client made with meteredHttp; undefined for other transports. */
export function profileOfClient(client: ChainClient): ProviderProfile | undefined {
  return knownProviderProfile((client.transport as { url?: string }).url);
}

export function createChainClient(
  chain: ChainId,
  transport: Transport,
  settings: ClientSettings = defaultClientSettings,
): ChainClient {
  return createPublicClient({
    chain: viemChainFor(chain),
    transport,
    batch: { multicall: true },
    // Fresh block numbers on every read; a cached one makes chunked log scans miss logs.
    cacheTime: 0,
    pollingInterval: settings.pollingIntervalMs,
  });
}

const sharedClients = new Map<string, ChainClient>();

function clientKey(chain: ChainId, url: string, settings: ClientSettings): string {
  return [chain, url, settings.timeoutMs, settings.retryCount, settings.retryDelayMs, settings.pollingIntervalMs].join("|");
}

/**
 * The client for a network, cached per URL. Inside a request's node scope (inNodeScope) the client
 * is the scope's own, so concurrent API requests never share a batch.
 */
export function getChainClient(
  chain: ChainId,
  options: { env?: ChainEnv; settings?: Partial<ClientSettings> } = {},
): ChainClient {
  const env = options.env ?? process.env;
  const url = rpcUrlFor(chain, env);
  const settings = { ...clientSettingsFromEnv(env), ...options.settings };
  const key = clientKey(chain, url, settings);
  // A request's own scope keeps its own clients, bound to it; elsewhere the process shares them.
  const scope = currentNodeScope();
  const own = scope?.clients as Map<string, ChainClient> | undefined;
  const cache = own ?? sharedClients;
  const cached = cache.get(key);
  if (cached) return cached;
  const client = createChainClient(chain, meteredHttp(url, settings, own ? scope : undefined, providerProfile(url, providerLimitsFromEnv(chain, env)), chain), settings);
  cache.set(key, client);
  return client;
}

/** Drops cached clients, e.g. after the node URLs change in tests. */
export function clearChainClients(): void {
  sharedClients.clear();
}
