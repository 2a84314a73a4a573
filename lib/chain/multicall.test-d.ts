// Type tests of the typed multicall, compiled by `tsc --noEmit` and never run: each read's answer
// is its function's return type, and a wrong function name, wrong arguments or an answer used as
// the wrong type do not compile (each `@ts-expect-error` fails the build if its line compiles).
import { erc20Abi, parseAbi, type Abi, type Address } from "viem";
import { expectTypeOf } from "vitest";
import { aggregate, aggregateGroups, call, calls, valueOrNull, type AggregateTarget, type CallResult, type CallResults } from "./multicall";

declare const ctx: AggregateTarget;
declare const token: Address;
declare const holders: readonly Address[];
declare const tokenIds: readonly bigint[];
declare const looseAbi: Abi;

const managerAbi = parseAbi(["function ownerOf(uint256 tokenId) view returns (address)", "function positions(uint256 tokenId) view returns (uint96 nonce, address operator, uint128 liquidity)"]);
const probes = (address: Address) => calls([{ address, abi: erc20Abi, functionName: "totalSupply" }, { address, abi: erc20Abi, functionName: "symbol" }]);

export async function listsOfCalls() {
  // A tuple: each answer its own function's type.
  const [balance, symbol, decimals] = await aggregate(ctx, [
    { address: token, abi: erc20Abi, functionName: "balanceOf", args: [token] },
    { address: token, abi: erc20Abi, functionName: "symbol" },
    { address: token, abi: erc20Abi, functionName: "decimals" },
  ]);
  expectTypeOf(balance).toEqualTypeOf<CallResult<bigint>>();
  expectTypeOf(valueOrNull(balance)).toEqualTypeOf<bigint | null>();
  expectTypeOf(valueOrNull(symbol)).toEqualTypeOf<string | null>();
  expectTypeOf(valueOrNull(decimals)).toEqualTypeOf<number | null>();
  // @ts-expect-error a balance is no string
  const wrong: string | null = valueOrNull(balance);
  if (balance.status === "success") {
    expectTypeOf(balance.result).toEqualTypeOf<bigint>();
    // @ts-expect-error a balance is no address
    const address: Address = balance.result;
    void address;
  }

  // A homogeneous `.map` of call(...): a list of the function's answers.
  const owners = await aggregate(ctx, tokenIds.map((tokenId) => call({ address: token, abi: managerAbi, functionName: "ownerOf", args: [tokenId] })));
  expectTypeOf(owners).toEqualTypeOf<CallResult<Address>[]>();
  const positions = await aggregate(ctx, tokenIds.map((tokenId) => call({ address: token, abi: managerAbi, functionName: "positions", args: [tokenId] })));
  expectTypeOf(valueOrNull(positions[0])).toEqualTypeOf<readonly [bigint, Address, bigint] | null>();

  // Two lists spread into one: each answer is one of their types.
  const mixed = await aggregate(ctx, [...holders.map((holder) => call({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [holder] })), ...tokenIds.map((tokenId) => call({ address: token, abi: managerAbi, functionName: "ownerOf", args: [tokenId] }))]);
  expectTypeOf(valueOrNull(mixed[0])).toEqualTypeOf<bigint | Address | null>();

  // An ABI known only as `Abi` at run time: its answers are unknown, and say so.
  const [loose] = await aggregate(ctx, [{ address: token, abi: looseAbi, functionName: "anything" }]);
  expectTypeOf(valueOrNull(loose)).toEqualTypeOf<unknown>();

  // A helper's calls keep their types: the answers of `probes` by position.
  expectTypeOf<CallResults<ReturnType<typeof probes>>>().toEqualTypeOf<[CallResult<bigint>, CallResult<string>]>();
  return wrong;
}

export async function wrongCalls() {
  // @ts-expect-error no such function on the ABI
  await aggregate(ctx, [{ address: token, abi: erc20Abi, functionName: "balanceOff", args: [token] }]);
  // @ts-expect-error balanceOf takes an address, not a number
  await aggregate(ctx, [{ address: token, abi: erc20Abi, functionName: "balanceOf", args: [1n] }]);
  // @ts-expect-error balanceOf takes an argument
  await aggregate(ctx, [{ address: token, abi: erc20Abi, functionName: "balanceOf" }]);
  // @ts-expect-error a `.map` whose name widened to string is refused, not let by as every function's
  await aggregate(ctx, tokenIds.map((tokenId) => ({ address: token, abi: managerAbi, functionName: "ownerOf" as string, args: [tokenId] as const })));
  // @ts-expect-error call(...) checks the name
  call({ address: token, abi: managerAbi, functionName: "ownerOff", args: [1n] });
  // @ts-expect-error call(...) checks the arguments
  call({ address: token, abi: managerAbi, functionName: "ownerOf", args: [token] });
  // @ts-expect-error calls(...) checks each call
  calls([{ address: token, abi: erc20Abi, functionName: "totalSupply", args: [token] }]);
}

export async function namedGroups() {
  const read = await aggregateGroups(ctx, {
    supply: [{ address: token, abi: erc20Abi, functionName: "totalSupply" }],
    balances: holders.map((holder) => call({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [holder] })),
    // A list of lists: each item's calls, answered as that item's list.
    probes: holders.map(probes),
  });
  expectTypeOf(read.supply).toEqualTypeOf<[CallResult<bigint>]>();
  expectTypeOf(read.balances).toEqualTypeOf<CallResult<bigint>[]>();
  expectTypeOf(read.probes).toEqualTypeOf<[CallResult<bigint>, CallResult<string>][]>();
  const [supply, symbol] = read.probes[0];
  expectTypeOf(valueOrNull(supply)).toEqualTypeOf<bigint | null>();
  expectTypeOf(valueOrNull(symbol)).toEqualTypeOf<string | null>();
  // @ts-expect-error no group of that name was sent
  void read.owners;
  // @ts-expect-error a symbol is no number
  const count: bigint | null = valueOrNull(symbol);

  // @ts-expect-error a group's calls are checked like aggregate's
  await aggregateGroups(ctx, { supply: [{ address: token, abi: erc20Abi, functionName: "totalSupplyy" }] });
  // @ts-expect-error and their arguments
  await aggregateGroups(ctx, { balances: [{ address: token, abi: erc20Abi, functionName: "balanceOf", args: [1n] }] });
  return count;
}
