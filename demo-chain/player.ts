// Plays transactions on anvil the same way every time: locally signed by the fixed wallets, with
// nonces counted here, fixed fee caps and a block timestamp set before every transaction. One
// transaction per block (anvil mines each on arrival), so block numbers are deterministic too.
import {
  createPublicClient,
  custom,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  http,
  keccak256,
  RpcRequestError,
  TimeoutError,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from "viem";
import { errorChain } from "@/lib/error-chain";
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

/** Names the wait for the first try of a node call, in milliseconds; each try after it waits twice as long. */
export const nodeTimeoutSetting = "DEMO_CHAIN_NODE_TIMEOUT_MS";

/** How long each try of one node call waits: 10 s, 20 s, 40 s unless DEMO_CHAIN_NODE_TIMEOUT_MS names the first. */
export function nodeCallTimeouts(env: NodeJS.ProcessEnv = process.env): number[] {
  const setting = env[nodeTimeoutSetting]?.trim();
  const first = setting ? Number(setting) : 10_000;
  if (!Number.isInteger(first) || first < 1) throw new Error(`${nodeTimeoutSetting} must be a whole number of milliseconds, not "${setting}"`);
  return [first, first * 2, first * 4];
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/** A node call that got no answer on any try: on a busy machine anvil can be that slow. */
export class NodeDidNotAnswerError extends Error {
  constructor(
    readonly method: string,
    readonly timeoutsMs: readonly number[],
    options?: { cause?: unknown },
  ) {
    super(`the local node did not answer ${method} in time (${timeoutsMs.length} tries, waiting ${timeoutsMs.map(seconds).join(", ")})`, options);
    this.name = "NodeDidNotAnswerError";
  }
}

/** The first error of `type` among `error` and its causes (viem wraps a transport's error in its own). */
export function causeOf<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | null {
  return (errorChain(error).find((each) => each instanceof type) as T | undefined) ?? null;
}

export type NodeCallOptions = {
  /** One line for each node call asked again; defaults to console.warn. */
  log?: (line: string) => void;
  /** How long each try waits (defaults to nodeCallTimeouts()); their count is the number of tries. */
  timeoutsMs?: readonly number[];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A node call that timed out is asked again, a bounded number of times, each try waiting longer:
 * on two busy cores anvil sometimes takes more than ten seconds to answer, and the next answer
 * comes in time. Every call the build makes may be asked twice: reads, and settings that set the
 * same value again. A signed transaction is sent again as the same bytes (never signed anew with
 * another nonce); before that, and when the node refuses the copy ("nonce too low", "already
 * imported"), its hash tells whether the node has it already, and then it counts as sent.
 */
function patientTransport(rpcUrl: string, options: NodeCallOptions) {
  const timeouts = options.timeoutsMs ?? nodeCallTimeouts();
  const log = options.log ?? ((line: string) => console.warn(`demo chain: ${line}`));
  // Raw: a node's refusal comes back as a value, so the outer transport turns it into viem's error once.
  const tries = timeouts.map((timeout) => http(rpcUrl, { retryCount: 0, timeout, raw: true })({ retryCount: 0 }));
  const timedOut = (error: unknown) => error instanceof TimeoutError;

  async function once(attempt: number, method: string, params: unknown): Promise<unknown> {
    const { error, result } = (await tries[attempt]!.request({ method, params } as never)) as { error?: { code: number; message: string }; result?: unknown };
    if (error) throw new RpcRequestError({ body: { method, params }, error, url: rpcUrl });
    return result;
  }

  const again = (attempt: number) => `try ${attempt + 2} of ${tries.length}, waiting up to ${seconds(timeouts[attempt + 1]!)}`;

  async function ask(method: string, params: unknown): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(attempt, method, params);
      } catch (error) {
        if (!timedOut(error)) throw error;
        if (attempt + 1 === tries.length) throw new NodeDidNotAnswerError(method, timeouts, { cause: error });
        log(`the node did not answer ${method} within ${seconds(timeouts[attempt]!)}; asking again (${again(attempt)})`);
        await sleep(timeouts[attempt]! / 20);
      }
    }
  }

  async function sendRaw(serialized: Hex): Promise<Hex> {
    const hash = keccak256(serialized);
    const taken = async () => (await ask("eth_getTransactionByHash", [hash])) !== null;
    for (let attempt = 0; ; attempt++) {
      try {
        return (await once(attempt, "eth_sendRawTransaction", [serialized])) as Hex;
      } catch (error) {
        if (!timedOut(error)) {
          // The copy is refused because the first one went through while it was not answered.
          if (attempt > 0 && (await taken())) {
            const refusal = (error as { details?: string }).details || (error as Error).message.split("\n")[0];
            log(`the node refused the same transaction ${hash} sent again (${refusal}) because it has it from the first try: sent`);
            return hash;
          }
          throw error;
        }
        await sleep(timeouts[attempt]! / 20);
        const waited = `the node did not answer eth_sendRawTransaction ${hash} within ${seconds(timeouts[attempt]!)}`;
        if (await taken()) {
          log(`${waited}, but has the transaction (found by its hash): not sent again`);
          return hash;
        }
        if (attempt + 1 === tries.length) throw new NodeDidNotAnswerError("eth_sendRawTransaction", timeouts, { cause: error });
        log(`${waited} and does not have it: sending the same signed transaction again (${again(attempt)})`);
      }
    }
  }

  return custom(
    {
      request: ({ method, params }: { method: string; params?: unknown }) =>
        method === "eth_sendRawTransaction" ? sendRaw((params as [Hex])[0]) : ask(method, params),
    },
    { retryCount: 0 },
  );
}

export function createDemoClient(rpcUrl: string, options: NodeCallOptions = {}): PublicClient {
  // An instantly mining node: polling must be quick and nothing may be served from cache.
  return createPublicClient({ transport: patientTransport(rpcUrl, options), pollingInterval: 20, cacheTime: 0 });
}

async function receiptOf(client: PublicClient, hash: Hex): Promise<TransactionReceipt> {
  for (let attempt = 0; attempt < 200; attempt++) {
    // Not there yet is asked again here; a node that stopped answering ends the build.
    const receipt = await client.getTransactionReceipt({ hash }).catch((error: unknown) => {
      if (causeOf(error, NodeDidNotAnswerError)) throw error;
      return null;
    });
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
  /** How node calls that time out are asked again, and where that is said. */
  nodeCalls?: NodeCallOptions;
}): Player {
  const client = createDemoClient(options.rpcUrl, options.nodeCalls);
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
