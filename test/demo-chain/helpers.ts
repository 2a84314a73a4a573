// Shared by the demo-chain tests: small ABIs, EIP-1967 slots and a walk over the address book.
import { createPublicClient, getAddress, http, parseAbi, slice, type Address, type Hex, type PublicClient } from "viem";
import type { AddressBook, TxRef } from "@/demo-chain";

export const pairAbi = parseAbi([
  "function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)",
  "function token0() view returns (address)",
  "function token1() view returns (address)",
  "function factory() view returns (address)",
  "function totalSupply() view returns (uint256)",
  "function balanceOf(address) view returns (uint256)",
  "event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)",
  "event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)",
]);

export const factoryAbi = parseAbi([
  "function getPair(address, address) view returns (address)",
  "function feeTo() view returns (address)",
  "function feeToSetter() view returns (address)",
  "function allPairsLength() view returns (uint256)",
]);

export const routerAbi = parseAbi([
  "function factory() view returns (address)",
  "function WETH() view returns (address)",
  "function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)",
  "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)",
]);

export const ownableAbi = parseAbi([
  "function owner() view returns (address)",
  "event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)",
]);

export const multicall3Abi = parseAbi([
  "struct Call3 { address target; bool allowFailure; bytes callData; }",
  "struct Result { bool success; bytes returnData; }",
  "function aggregate3(Call3[] calls) payable returns (Result[] returnData)",
  "function getChainId() view returns (uint256)",
]);

/** EIP-1967: bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1), and the admin slot. */
export const IMPLEMENTATION_SLOT: Hex = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";
export const ADMIN_SLOT: Hex = "0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103";

export function clientFor(rpcUrl: string): PublicClient {
  return createPublicClient({ transport: http(rpcUrl), pollingInterval: 20, cacheTime: 0 });
}

export async function addressInSlot(client: PublicClient, address: Address, slot: Hex): Promise<Address> {
  const word = (await client.getStorageAt({ address, slot })) ?? "0x";
  return getAddress(slice(word === "0x" ? `0x${"0".repeat(64)}` : word, 12));
}

/** Every transaction the book names, wherever it sits. */
export function txRefsIn(book: AddressBook): TxRef[] {
  const found = new Map<Hex, TxRef>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value === null || typeof value !== "object") return;
    const record = value as Record<string, unknown>;
    if (typeof record.hash === "string" && typeof record.block === "number" && typeof record.timestamp === "number") {
      found.set(record.hash as Hex, record as unknown as TxRef);
      return;
    }
    Object.values(record).forEach(walk);
  };
  walk(book);
  return [...found.values()];
}
