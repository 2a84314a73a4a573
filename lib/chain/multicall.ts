// Many contract reads in one eth_call through Multicall3's aggregate3. Shared by every
// intelligence module that counts its rounds: each round is one JSON-RPC batch, and this
// keeps all of a round's eth_calls inside it.
import { decodeFunctionResult, encodeFunctionData, isAddress, multicall3Abi, toFunctionSelector, type Abi, type AbiFunction, type Address, type Hex } from "viem";
import type { AbiStateMutability, ContractFunctionArgs, ContractFunctionName, ContractFunctionParameters, ContractFunctionReturnType, MulticallContracts, MulticallResponse, MulticallResults, Narrow } from "viem";
import { formatAbiItem } from "viem/utils";
import { decodeParameters } from "./abi-decode";
import { ChainUnavailableError } from "./errors";
import { isContractRevert, isOutOfGas } from "./upstream";
import type { ChainClient } from "./clients";
import type { NetworkInfo } from "./networks";

/** Where an aggregate runs: the client, its network (for Multicall3's address) and the block, latest when absent. */
export type AggregateTarget = { client: ChainClient; network: Pick<NetworkInfo, "multicall3" | "displayName">; block?: bigint };

/** The multicall results as values, a failed or empty call as null (a revert is an answer, not an outage). */
export function valueOrNull<result>(result: CallResult<result> | undefined): result | null {
  return result?.status === "success" ? result.result : null;
}

/** One read: typed by its ABI (as viem's multicall types its contracts), or loose where the ABI is only an `Abi`. */
export type ContractCall<abi extends Abi | readonly unknown[] = Abi> = ContractFunctionParameters<abi>;
/** One read's answer, as viem's multicall answers with allowFailure: its function's return type, or the failure. */
export type CallResult<result = unknown> = MulticallResponse<result, Error>;

/**
 * The calls of a round, each checked against its ABI (function name and arguments), as viem's
 * multicall checks its contracts; a list (a `.map`) too, where viem lets a name widened to string by.
 */
export type Calls<contracts extends readonly unknown[]> = MulticallContracts<Narrow<contracts>, { mutability: AbiStateMutability }> & (number extends contracts["length"] ? readonly CheckedCall<contracts[number]>[] : unknown);

/** One call of a list as its ABI allows it: a name the ABI has, arguments its function takes; anything where the ABI is only an `Abi`. */
type CheckedCall<contract> = contract extends { abi: infer abi extends Abi }
  ? Abi extends abi
    ? ContractFunctionParameters
    : contract extends { functionName: infer functionName extends ContractFunctionName<abi> }
      ? contract extends { args: infer args extends ContractFunctionArgs<abi, AbiStateMutability, functionName> }
        ? ContractFunctionParameters<abi, AbiStateMutability, functionName, args>
        : ContractFunctionParameters<abi, AbiStateMutability, functionName>
      : ContractFunctionParameters<abi>
  : ContractFunctionParameters;
/** Their answers, each typed by its call's function. */
export type CallResults<contracts extends readonly unknown[]> = MulticallResults<Narrow<contracts>, true, { error: Error; extraProperties: {}; mutability: AbiStateMutability }>;

/** One call as `call` gives it: its ABI, the function's name and its arguments, kept as written. */
export type Call<abi extends Abi = Abi, functionName extends string = string, args = readonly unknown[]> = { address: Address; abi: abi; functionName: functionName } & (readonly [] extends args ? { args?: args } : { args: args });

/**
 * One call checked against its ABI and typed by it, with nothing done at run time (it returns its
 * argument): for a list a `.map` builds, where the function's name would widen to string and its
 * arguments to an array.
 */
export function call<const abi extends Abi, const functionName extends ContractFunctionName<abi>, const args extends ContractFunctionArgs<abi, AbiStateMutability, functionName>>(
  contract: { abi: abi; functionName: functionName } & ContractFunctionParameters<abi, AbiStateMutability, functionName, args>,
): Call<abi, functionName, args> {
  return contract as Call<abi, functionName, args>;
}

/**
 * Calls as written, checked and typed as aggregate would check them, with nothing done at run time
 * (it returns its argument): for calls built before the round that sends them (a helper's list, a
 * `.map` whose function names would otherwise widen to string).
 */
export function calls<const contracts extends readonly unknown[]>(contracts: Calls<contracts>): contracts {
  return contracts as contracts;
}

/**
 * Most calls in one aggregate3: a wallet with thousands of grants, or a token with thousands of
 * holders, would otherwise make one eth_call past a node's gas cap (geth's default is 50M) or its
 * answer-size limit. Larger sets go out as several aggregates at once, still one round.
 */
export const maxCallsPerAggregate = 500;

/**
 * Many reads through Multicall3's aggregate3, every call allowed to fail, in one round: one
 * eth_call, or several sent together when there are more than maxCallsPerAggregate. viem's own
 * multicall batcher splits large batches across ticks, which costs extra round trips. A call
 * that reverts or answers nothing is a failure result, not an error.
 */
export async function aggregate<const contracts extends readonly unknown[]>(ctx: AggregateTarget, contracts: Calls<contracts>): Promise<CallResults<contracts>>;
export async function aggregate(ctx: AggregateTarget, calls: readonly ContractCall[]): Promise<CallResult[]> {
  if (calls.length <= maxCallsPerAggregate) return aggregateOnce(ctx, calls);
  const chunks: ContractCall[][] = [];
  for (let start = 0; start < calls.length; start += maxCallsPerAggregate) chunks.push(calls.slice(start, start + maxCallsPerAggregate));
  return (await Promise.all(chunks.map((chunk) => aggregateOnce(ctx, chunk)))).flat();
}

/**
 * A round's calls in named groups: each a list of calls, or a list of lists (one per item, as
 * `items.map(probesOf)` gives them). Sent as one aggregate, the groups' calls in order, as one
 * list of them all would be; each group's answers come back under its name, in its shape.
 */
export type CallGroups = Record<string, readonly unknown[]>;
type GroupCalls<group extends readonly unknown[]> = group extends readonly (readonly unknown[])[] ? { [K in keyof group]: Calls<group[K]> } : Calls<group>;
type GroupResults<group extends readonly unknown[]> = group extends readonly (readonly unknown[])[] ? { -readonly [K in keyof group]: CallResults<group[K]> } : CallResults<group>;
export type CallGroupResults<groups extends CallGroups> = { -readonly [name in keyof groups]: GroupResults<groups[name]> };

/** aggregate, with the calls in named groups and the answers given back by them: the same calls in one round, no offsets counted at the call site. */
export async function aggregateGroups<const groups extends CallGroups>(ctx: AggregateTarget, groups: { [name in keyof groups]: GroupCalls<groups[name]> }): Promise<CallGroupResults<groups>>;
export async function aggregateGroups(ctx: AggregateTarget, groups: Record<string, readonly (ContractCall | readonly ContractCall[])[]>): Promise<object> {
  const names = Object.keys(groups);
  const all: ContractCall[] = [];
  for (const name of names) {
    for (const entry of groups[name]) {
      if (isCallList(entry)) for (const one of entry) all.push(one);
      else all.push(entry);
    }
  }
  const results: CallResult[] = await aggregate(ctx, all);
  const answered: Record<string, (CallResult | CallResult[])[]> = {};
  let at = 0;
  for (const name of names) answered[name] = groups[name].map((entry) => (isCallList(entry) ? results.slice(at, (at += entry.length)) : results[at++]));
  return answered;
}

const isCallList = (entry: ContractCall | readonly ContractCall[]): entry is readonly ContractCall[] => Array.isArray(entry);

/**
 * A function of an ABI by name, with its selector, found once per ABI: viem looks the function up
 * and hashes its signature (keccak-256, in JavaScript) on every encode, and looks it up again on
 * every decode; a round encodes and decodes dozens of calls of the same few ABIs. null where the
 * name is overloaded (or missing): then viem picks the function by the arguments, as before.
 */
const functionsByAbi = new WeakMap<Abi, Map<string, { item: readonly [AbiFunction]; selector: Hex } | null>>();

export function abiFunction(abi: Abi, functionName: string): { item: readonly [AbiFunction]; selector: Hex } | null {
  let byName = functionsByAbi.get(abi);
  if (!byName) functionsByAbi.set(abi, (byName = new Map()));
  let found = byName.get(functionName);
  if (found === undefined) {
    // As viem's getAbiItem finds it: the one entry of that name (of any kind), when it is a function.
    const named = abi.filter((entry) => "name" in entry && entry.name === functionName);
    const only = named.length === 1 && named[0].type === "function" && !functionName.startsWith("0x") ? named[0] : null;
    found = only ? { item: [only], selector: toFunctionSelector(formatAbiItem(only)) } : null;
    byName.set(functionName, found);
  }
  return found;
}

/**
 * Calldata already written, by function and arguments, for calls whose arguments are all plain
 * values (addresses, numbers, ids): every read asks the same reference pools and quote assets, and a
 * hot token's reads ask the same pools and holders, each call encoded by viem's generic encoder.
 * Bounded; forgotten whole when full. Calls with lists or structs are encoded each time.
 */
const writtenCalls = new WeakMap<AbiFunction, Map<string, Hex>>();
const writtenCallsLimit = 20_000;
let writtenCallsCount = 0;

function plainArgumentsKey(args: readonly unknown[] | undefined): string | null {
  if (!args) return "";
  let key = "";
  for (const arg of args) {
    const kind = typeof arg;
    if (kind !== "string" && kind !== "bigint" && kind !== "number" && kind !== "boolean") return null;
    const text = String(arg);
    key += `${kind}:${text.length}:${text}`;
  }
  return key;
}

/** encodeFunctionData, the same bytes, with the function and its selector found once per ABI. */
export function encodeCallData(abi: Abi, functionName: string, args: readonly unknown[] | undefined): Hex {
  const known = abiFunction(abi, functionName);
  if (!known) return encodeFunctionData({ abi, functionName, args } as never);
  const key = plainArgumentsKey(args);
  let written = key === null ? undefined : writtenCalls.get(known.item[0]);
  const cached = key === null ? undefined : written?.get(key);
  if (cached) return cached;
  // viem's own shortcut: one function and its selector encode without a lookup or a hash.
  const data = encodeFunctionData({ abi: known.item, functionName: known.selector, args } as never);
  if (key !== null) {
    if (writtenCallsCount >= writtenCallsLimit) {
      for (const item of abiFunctionsSeen) writtenCalls.delete(item);
      writtenCallsCount = 0;
    }
    if (!written) {
      writtenCalls.set(known.item[0], (written = new Map()));
      abiFunctionsSeen.add(known.item[0]);
    }
    written.set(key, data);
    writtenCallsCount += 1;
  }
  return data;
}

/** The functions writtenCalls holds entries for, so a full cache can be emptied. */
const abiFunctionsSeen = new Set<AbiFunction>();

/** decodeFunctionResult, the same values (or error), with the function found once per ABI and the data read as text (abi-decode.ts). */
export function decodeCallResult<const abi extends Abi, functionName extends ContractFunctionName<abi>>(abi: abi, functionName: functionName, data: Hex): ContractFunctionReturnType<abi, AbiStateMutability, functionName>;
export function decodeCallResult(abi: Abi, functionName: string, data: Hex): unknown {
  const outputs = abiFunction(abi, functionName)?.item[0].outputs;
  if (!outputs) return decodeFunctionResult({ abi, functionName, data } as never);
  // As decodeFunctionResult answers: several values as a list, one as itself, none as undefined.
  const values = decodeParameters(outputs, data);
  if (values.length > 1) return values;
  if (values.length === 1) return values[0];
  return undefined;
}

const encodeCall = (call: ContractCall) => encodeCallData(call.abi, call.functionName, call.args);

type Call3 = { target: Address; allowFailure: boolean; callData: Hex };

const word = (value: number) => value.toString(16).padStart(64, "0");

/**
 * aggregate3's calldata, the bytes encodeFunctionData writes, put together as text: viem prepares,
 * pads and joins every word of every call through its generic encoder, which is most of what a
 * round's first tick spends. Anything this does not write as viem would (an address viem refuses,
 * a flag that is not a boolean, calldata that is no 0x text) is encoded by viem, as before.
 */
export function encodeAggregate3(calls: readonly Call3[]): Hex {
  const parts: string[] = [];
  let offset = calls.length * 32;
  const tails: string[] = [];
  for (const call of calls) {
    if (typeof call.allowFailure !== "boolean" || typeof call.callData !== "string" || !call.callData.startsWith("0x") || !isAddress(call.target)) {
      return encodeCallData(multicall3Abi, "aggregate3", [calls]);
    }
    const data = call.callData.length % 2 ? `0${call.callData.slice(2)}` : call.callData.slice(2);
    const size = data.length / 2;
    const padded = size % 32 === 0 ? data : data.padEnd(Math.ceil(size / 32) * 64, "0");
    // The tuple: target, flag, the offset of its bytes (three words in), then their length and the bytes padded to a word.
    const tail = `${call.target.slice(2).toLowerCase().padStart(64, "0")}${word(call.allowFailure ? 1 : 0)}${word(96)}${word(size)}${padded}`;
    parts.push(word(offset));
    offset += tail.length / 2;
    tails.push(tail);
  }
  return `${abiFunction(multicall3Abi, "aggregate3")!.selector}${word(32)}${word(calls.length)}${parts.join("")}${tails.join("")}`;
}

/** One call's answer decoded by its ABI; nothing, or what does not decode, is a failure. */
function decoded(call: ContractCall, returnData: Hex): CallResult {
  if (returnData === "0x") return { status: "failure", error: new Error("no data") };
  try {
    return { status: "success", result: decodeCallResult(call.abi, call.functionName, returnData) };
  } catch (error) {
    return { status: "failure", error: error as Error };
  }
}

async function aggregateOnce(ctx: AggregateTarget, calls: readonly ContractCall[]): Promise<CallResult[]> {
  if (calls.length === 0) return [];
  const encoded = calls.map((call) => ({ target: call.address, allowFailure: true, callData: encodeCall(call) }));
  let data: Hex | undefined;
  try {
    ({ data } = await ctx.client.call({
      to: ctx.network.multicall3,
      data: encodeAggregate3(encoded),
      blockNumber: ctx.block,
      batch: false,
    }));
  } catch (error) {
    // aggregate3 hands each call all the gas left: one call into a pre-Byzantium contract that does
    // not know the function burns it, and the whole aggregate runs out. Then each call goes on its own.
    if (isOutOfGas(error)) return callOneByOne(ctx, calls);
    throw error;
  }
  if (!data || data === "0x") throw new ChainUnavailableError("method_not_offered", ctx.network.displayName, `${ctx.network.displayName} node has no Multicall3 at ${ctx.network.multicall3}`);
  const results = decodeCallResult(multicall3Abi, "aggregate3", data);
  return results.map((result, index) => (result.success ? decoded(calls[index]!, result.returnData) : { status: "failure" as const, error: new Error("reverted") }));
}

/**
 * The calls as eth_calls of their own, sent together (one JSON-RPC batch: one more round, paid only
 * by a token whose code burns the gas of a call it refuses). A revert or a burnt call is that call's
 * failure; a node fault is the round's.
 */
async function callOneByOne(ctx: AggregateTarget, calls: readonly ContractCall[]): Promise<CallResult[]> {
  return Promise.all(
    calls.map(async (call): Promise<CallResult> => {
      try {
        const { data } = await ctx.client.call({ to: call.address, data: encodeCall(call), blockNumber: ctx.block, batch: false });
        return decoded(call, data ?? "0x");
      } catch (error) {
        if (isContractRevert(error)) return { status: "failure", error: error as Error };
        throw error;
      }
    }),
  );
}
