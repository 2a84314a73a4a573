// ERC-20 identity in one eth_call: name, symbol, decimals and totalSupply go through
// Multicall3's aggregate3 with every call allowed to fail, so a token that lacks a
// function yields null and a reason for that field instead of failing the whole read.
import {
  decodeAbiParameters,
  erc20Abi,
  hexToString,
  multicall3Abi,
  size,
  trim,
  type Address,
  type Hex,
} from "viem";
import { ChainUnavailableError } from "./errors";
import { decodeCallResult, encodeAggregate3, encodeCallData } from "./multicall";
import type { ChainClient } from "./clients";
import { factsCache, type FactsCache } from "./facts-cache";
import { displayNameForEvmChain, rethrowChainError } from "./upstream";

/** Why a field has no value: the call reverted, answered nothing (no code or no such function), or answered something that is not the type. */
export type FieldFailure = "reverted" | "no_data" | "undecodable" | "out_of_range";

export type FieldRead<T> =
  | { value: T; reason: null; fromCache: boolean }
  | { value: null; reason: FieldFailure; fromCache: false };

export type Erc20Identity = {
  address: Address;
  evmChainId: number;
  name: FieldRead<string>;
  symbol: FieldRead<string>;
  decimals: FieldRead<number>;
  totalSupply: FieldRead<bigint>;
};

type IdentityField = "name" | "symbol" | "decimals" | "totalSupply";
type Call3Result = { success: boolean; returnData: Hex };

const cachedFields = ["name", "symbol", "decimals"] as const;

function failed(reason: FieldFailure): { value: null; reason: FieldFailure; fromCache: false } {
  return { value: null, reason, fromCache: false };
}

function read<T>(value: T): FieldRead<T> {
  return { value, reason: null, fromCache: false };
}

/** Strings, or the bytes32 some early tokens (MKR, SAI) return instead. */
function decodeText(data: Hex): FieldRead<string> {
  try {
    const [text] = decodeAbiParameters([{ type: "string" }], data);
    return read(text);
  } catch {
    if (size(data) !== 32) return failed("undecodable");
    const text = hexToString(trim(data, { dir: "right" })).replace(/\0+$/, "");
    // A number or hash in 32 bytes is not a name; only readable text passes as one.
    return /[\u0000-\u001f\ufffd]/.test(text) ? failed("undecodable") : read(text);
  }
}

function decodeUint(data: Hex): bigint | null {
  try {
    const [value] = decodeAbiParameters([{ type: "uint256" }], data);
    return value;
  } catch {
    return null;
  }
}

function decodeField(field: IdentityField, result: Call3Result): FieldRead<string> | FieldRead<number> | FieldRead<bigint> {
  if (!result.success) return failed("reverted");
  if (result.returnData === "0x") return failed("no_data");
  if (field === "name" || field === "symbol") return decodeText(result.returnData);
  const value = decodeUint(result.returnData);
  if (value === null) return failed("undecodable");
  if (field === "totalSupply") return read(value);
  // decimals is a uint8 in the standard; anything larger is not a decimals answer.
  return value <= 255n ? read(Number(value)) : failed("out_of_range");
}

async function aggregate(client: ChainClient, address: Address, fields: readonly IdentityField[], blockNumber?: bigint): Promise<Call3Result[]> {
  const multicall3 = client.chain.contracts?.multicall3?.address;
  if (!multicall3) throw new Error(`no Multicall3 address for chain ${client.chain.id}`);
  const calls = fields.map((field) => ({
    target: address,
    allowFailure: true,
    callData: encodeCallData(erc20Abi, field, undefined),
  }));
  const { data } = await client.call({
    to: multicall3,
    data: encodeAggregate3(calls),
    blockNumber,
    // Already one aggregated call; scheduling it into another multicall would only nest it.
    batch: false,
  });
  if (!data || data === "0x") {
    throw new ChainUnavailableError("method_not_offered", client.chain.name, `${client.chain.name} node has no Multicall3 at ${multicall3}`);
  }
  return [...decodeCallResult(multicall3Abi, "aggregate3", data)];
}

function remember(cache: FactsCache, evmChainId: number, address: Address, field: IdentityField, value: unknown): void {
  if (field === "decimals" && typeof value === "number") cache.set(evmChainId, address, "decimals", value);
  if ((field === "name" || field === "symbol") && typeof value === "string") cache.set(evmChainId, address, field, value);
}

/**
 * Reads name, symbol, decimals and totalSupply of `address` in one round trip. Name,
 * symbol and decimals come from `cache` when known and are stored there once read;
 * totalSupply is always read. A field the contract does not answer is null with a reason.
 */
export async function erc20Identity(
  client: ChainClient,
  address: Address,
  options: { cache?: FactsCache; blockNumber?: bigint } = {},
): Promise<Erc20Identity> {
  const cache = options.cache ?? factsCache;
  const evmChainId = client.chain.id;
  const identity: Partial<Record<IdentityField, FieldRead<string> | FieldRead<number> | FieldRead<bigint>>> = {};
  for (const field of cachedFields) {
    const value = cache.get(evmChainId, address, field);
    if (value !== undefined) identity[field] = { value, reason: null, fromCache: true } as FieldRead<string> | FieldRead<number>;
  }
  const missing = ([...cachedFields, "totalSupply"] as const).filter((field) => identity[field] === undefined);

  let results: Call3Result[];
  try {
    results = await aggregate(client, address, missing, options.blockNumber);
  } catch (error) {
    rethrowChainError(displayNameForEvmChain(evmChainId), error);
  }

  missing.forEach((field, index) => {
    const decoded = decodeField(field, results[index]);
    identity[field] = decoded;
    remember(cache, evmChainId, address, field, decoded.value);
  });

  return {
    address,
    evmChainId,
    name: identity.name as FieldRead<string>,
    symbol: identity.symbol as FieldRead<string>,
    decimals: identity.decimals as FieldRead<number>,
    totalSupply: identity.totalSupply as FieldRead<bigint>,
  };
}
