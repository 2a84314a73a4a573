import type { Address } from "viem";
import { describe, expect, it } from "vitest";
import { FactsCache } from "@/lib/chain/facts-cache";

const token: Address = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
const other: Address = "0xdAC17F958D2ee523a2206206994597C13D831ec7";

describe("FactsCache", () => {
  it("keys facts by chain, address in any case, and fact", () => {
    const cache = new FactsCache(10);
    cache.set(1, token, "decimals", 6);
    expect(cache.get(1, token.toLowerCase() as Address, "decimals")).toBe(6);
    expect(cache.get(8453, token, "decimals")).toBeUndefined();
    expect(cache.get(1, token, "symbol")).toBeUndefined();
  });

  it("evicts the least recently used fact beyond its size", () => {
    const cache = new FactsCache(2);
    cache.set(1, token, "symbol", "USDC");
    cache.set(1, other, "symbol", "USDT");
    expect(cache.get(1, token, "symbol")).toBe("USDC"); // now the most recent
    cache.set(1, token, "decimals", 6);
    expect(cache.size).toBe(2);
    expect(cache.get(1, other, "symbol")).toBeUndefined();
    expect(cache.get(1, token, "symbol")).toBe("USDC");
    expect(cache.get(1, token, "decimals")).toBe(6);
  });

  it("keeps zero and empty strings, which are answers, but refuses null", () => {
    const cache = new FactsCache(10);
    cache.set(1, token, "decimals", 0);
    cache.set(1, token, "name", "");
    expect(cache.get(1, token, "decimals")).toBe(0);
    expect(cache.get(1, token, "name")).toBe("");
    expect(() => cache.set(1, token, "symbol", null as unknown as string)).toThrow("refusing to cache a missing symbol");
  });

  it("reads once, and never remembers a failure or a null", async () => {
    const cache = new FactsCache(10);
    let reads = 0;
    const failing = async () => {
      reads += 1;
      throw new Error("node down");
    };
    await expect(cache.getOrRead(1, token, "deployer", failing)).rejects.toThrow("node down");
    expect(await cache.getOrRead(1, token, "deployer", async () => (reads++, null))).toBeNull();
    const deployer: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    expect(await cache.getOrRead(1, token, "deployer", async () => (reads++, deployer))).toBe(deployer);
    expect(await cache.getOrRead(1, token, "deployer", async () => (reads++, other))).toBe(deployer);
    expect(reads).toBe(3);
  });

  it("refuses a size below one", () => {
    expect(() => new FactsCache(0)).toThrow("at least one entry");
  });
});
