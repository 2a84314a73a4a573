// In-process cache for facts a contract cannot change once read: ERC-20 decimals,
// symbol and name, and who deployed a contract in which transaction. Bounded LRU; only
// values actually read from a node go in, so a failure or a gap is asked again next time.
// Nothing here needs sharing between instances: every instance reads the same facts.
import type { Address, Hash } from "viem";
import { countFactLookup } from "@/lib/metrics";

export type FactValues = {
  decimals: number;
  symbol: string;
  name: string;
  deployer: Address;
  creationTx: Hash;
  /** Who named the deployer: the node itself, or an outside explorer (augmented). */
  creationSource: "node" | "explorer";
};

export type FactName = keyof FactValues;

export const defaultFactsCacheSize = 50_000;

function factKey(evmChainId: number, address: Address, fact: FactName): string {
  return `${evmChainId}:${address.toLowerCase()}:${fact}`;
}

export class FactsCache {
  readonly maxEntries: number;
  readonly #entries = new Map<string, unknown>();

  constructor(maxEntries = defaultFactsCacheSize) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new Error("FactsCache needs room for at least one entry");
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.#entries.size;
  }

  get<F extends FactName>(evmChainId: number, address: Address, fact: F): FactValues[F] | undefined {
    const key = factKey(evmChainId, address, fact);
    if (!this.#entries.has(key)) return undefined;
    const value = this.#entries.get(key) as FactValues[F];
    // Re-insert so the Map's insertion order doubles as recency order.
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set<F extends FactName>(evmChainId: number, address: Address, fact: F, value: FactValues[F]): void {
    if (value === null || value === undefined) throw new Error(`refusing to cache a missing ${fact}`);
    const key = factKey(evmChainId, address, fact);
    this.#entries.delete(key);
    this.#entries.set(key, value);
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }

  delete(evmChainId: number, address: Address, fact: FactName): boolean {
    return this.#entries.delete(factKey(evmChainId, address, fact));
  }

  clear(): void {
    this.#entries.clear();
  }

  /**
   * The cached fact, or `read()` once. A read that throws or answers null is passed
   * back to the caller and not remembered.
   */
  async getOrRead<F extends FactName>(
    evmChainId: number,
    address: Address,
    fact: F,
    read: () => Promise<FactValues[F] | null>,
  ): Promise<FactValues[F] | null> {
    const cached = this.get(evmChainId, address, fact);
    countFactLookup(fact, cached !== undefined);
    if (cached !== undefined) return cached;
    const value = await read();
    if (value !== null && value !== undefined) this.set(evmChainId, address, fact, value);
    return value;
  }
}

/** The process-wide cache the chain readers use unless given another. */
export const factsCache = new FactsCache();
