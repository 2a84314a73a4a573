// Plays transactions on anvil the same way every time: locally signed by the fixed wallets, with
// nonces counted here, fixed fee caps and a block timestamp set before every transaction. One
// transaction per block (anvil mines each on arrival), so block numbers are deterministic too.
import {
  createPublicClient,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  http,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import type { Artifact } from "./compile";

export type TxRef = { hash: Hex; block: number; timestamp: number };

export type Sent = TxRef & { receipt: TransactionReceipt };

// Fixed caps keep transaction hashes independent of fee estimation. anvil's base fee starts at
// 1 gwei and only falls while blocks stay under half full, so these caps always clear it.
const MAX_FEE_PER_GAS = 5_000_000_000n;
const MAX_PRIORITY_FEE_PER_GAS = 1_000_000_000n;

/** Block timestamps: consecutive blocks are one block time apart unless a scenario waits longer. */
export class Clock {
  private last: number;
  private pendingGap: number | null = null;

  constructor(
    start: number,
    readonly blockTimeSeconds: number,
  ) {
    // The first block lands exactly on `start`.
    this.last = start - blockTimeSeconds;
  }

  /** Makes the next block come `seconds` later than the last one (waits before one block add up). */
  wait(seconds: number): void {
    this.pendingGap = (this.pendingGap ?? 0) + seconds;
  }

  peekNext(): number {
    return this.last + (this.pendingGap ?? this.blockTimeSeconds);
  }

  commit(timestamp: number): void {
    this.last = timestamp;
    this.pendingGap = null;
  }

  get lastTimestamp(): number {
    return this.last;
  }
}

export type SendRequest = {
  to?: Address;
  data: Hex;
  value?: bigint;
  /** Skips estimation; required for a transaction that is meant to revert on chain. */
  gas?: bigint;
  expectRevert?: boolean;
};

export type Player = {
  chainId: number;
  client: PublicClient;
  clock: Clock;
  artifacts: Record<string, Artifact>;
  send(from: PrivateKeyAccount, request: SendRequest): Promise<Sent>;
  deploy(from: PrivateKeyAccount, artifact: Artifact, args?: readonly unknown[]): Promise<{ address: Address; tx: Sent }>;
  write(
    from: PrivateKeyAccount,
    address: Address,
    abi: Abi,
    functionName: string,
    args?: readonly unknown[],
    options?: { value?: bigint; gas?: bigint; expectRevert?: boolean },
  ): Promise<Sent>;
  read<T>(address: Address, abi: Abi, functionName: string, args?: readonly unknown[]): Promise<T>;
  rpc<T>(method: string, params: unknown[]): Promise<T>;
};

export function createDemoClient(rpcUrl: string): PublicClient {
  // An instantly mining node: polling must be quick and nothing may be served from cache.
  return createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }), pollingInterval: 20, cacheTime: 0 });
}

async function receiptOf(client: PublicClient, hash: Hex): Promise<TransactionReceipt> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
    if (receipt) return receipt;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no receipt for ${hash}`);
}

export function createPlayer(options: {
  rpcUrl: string;
  chainId: number;
  clock: Clock;
  artifacts: Record<string, Artifact>;
}): Player {
  const client = createDemoClient(options.rpcUrl);
  const nonces = new Map<Address, number>();
  const rpc = <T>(method: string, params: unknown[]) =>
    client.request({ method: method as never, params: params as never }) as Promise<T>;

  async function nextNonce(address: Address): Promise<number> {
    const known = nonces.get(address);
    const nonce = known ?? (await client.getTransactionCount({ address, blockTag: "latest" }));
    nonces.set(address, nonce + 1);
    return nonce;
  }

  async function gasFor(from: PrivateKeyAccount, request: SendRequest): Promise<bigint> {
    if (request.gas !== undefined) return request.gas;
    const estimate = await client.estimateGas({
      account: from.address,
      to: request.to,
      data: request.data,
      value: request.value,
      // The pending block carries the timestamp set for it, so time-locked calls estimate right.
      blockTag: "pending",
    });
    // A margin for the 63/64 gas forwarding rule on nested calls.
    return (estimate * 12n) / 10n;
  }

  async function send(from: PrivateKeyAccount, request: SendRequest): Promise<Sent> {
    const timestamp = options.clock.peekNext();
    await rpc("evm_setNextBlockTimestamp", [timestamp]);
    const gas = await gasFor(from, request);
    const nonce = await nextNonce(from.address);
    const serialized = await from.signTransaction({
      type: "eip1559",
      chainId: options.chainId,
      nonce,
      to: request.to ?? null,
      data: request.data,
      value: request.value ?? 0n,
      gas,
      maxFeePerGas: MAX_FEE_PER_GAS,
      maxPriorityFeePerGas: MAX_PRIORITY_FEE_PER_GAS,
    });
    const hash = await rpc<Hex>("eth_sendRawTransaction", [serialized]);
    const receipt = await receiptOf(client, hash);
    options.clock.commit(timestamp);
    const reverted = receipt.status !== "success";
    if (reverted !== Boolean(request.expectRevert)) {
      const call = `${request.to ?? "deployment"} ${request.data.slice(0, 10)}`;
      throw new Error(`transaction ${hash} (${call}) ${reverted ? "reverted" : "succeeded"} unexpectedly`);
    }
    return { hash, block: Number(receipt.blockNumber), timestamp, receipt };
  }

  return {
    chainId: options.chainId,
    client,
    clock: options.clock,
    artifacts: options.artifacts,
    rpc,
    send,
    async deploy(from, artifact, args = []) {
      const data = encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: args as unknown[] });
      const tx = await send(from, { data });
      if (!tx.receipt.contractAddress) throw new Error(`deployment ${tx.hash} created no contract`);
      // Receipts give lower case; the book and every comparison use checksummed addresses.
      return { address: getAddress(tx.receipt.contractAddress), tx };
    },
    write(from, address, abi, functionName, args = [], writeOptions = {}) {
      const data = encodeFunctionData({ abi, functionName, args: args as unknown[] });
      return send(from, { to: address, data, ...writeOptions });
    },
    read<T>(address: Address, abi: Abi, functionName: string, args: readonly unknown[] = []) {
      return client.readContract({ address, abi, functionName, args: args as unknown[] }) as Promise<T>;
    },
  };
}

/** The part of a sent transaction the address book keeps. */
export function ref(tx: Sent): TxRef {
  return { hash: tx.hash, block: tx.block, timestamp: tx.timestamp };
}
