// The three demo chains for a test file. A run starts them once per worker (test/global-setup.ts:
// loading three saved states costs seconds of CPU, and every file used to pay it), and each file
// takes a snapshot before its tests and reverts to it after, so the next file on that worker
// starts from the saved state as if the chains were fresh. Files on one worker never run at once.
import { afterAll, beforeAll, inject } from "vitest";
import { DEMO_CHAINS, type AddressBook, type DemoChain, type DemoChainName, type DemoChains } from "@/demo-chain";
import { nodeSettingsChanged } from "./node-settings";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { rpc } from "../chain/support/anvil";

/** What the run's setup hands each worker: per worker, each chain's node; once, the address books. */
export type SharedDemoChains = {
  nodes: Record<DemoChainName, { rpcUrl: string; chainId: number }>[];
  books: Record<DemoChainName, AddressBook>;
};

declare module "vitest" {
  export interface ProvidedContext {
    demoChains: SharedDemoChains;
  }
}

/** This worker's demo chain for `chain`, as a file sees it; stop() is the run's business, not the file's. */
function sharedChain(chain: DemoChainName): DemoChain {
  const shared = inject("demoChains");
  const worker = Number(process.env.VITEST_POOL_ID ?? "1") - 1;
  const node = shared.nodes[worker % shared.nodes.length]![chain];
  return {
    chain,
    chainId: node.chainId,
    rpcUrl: node.rpcUrl,
    addressBook: shared.books[chain],
    fromSavedState: true,
    startupMs: 0,
    stop: async () => {
      throw new Error("the shared demo chains are stopped by the run, not by a file");
    },
  };
}

/**
 * `chains` of this worker's demo chains, each snapshotted before the file's tests and reverted to
 * the snapshot after them.
 */
export function useSharedDemoChains<Chains extends readonly DemoChainName[]>(chains: Chains): { get(chain: Chains[number]): DemoChain } {
  const held = new Map<DemoChainName, { chain: DemoChain; snapshot: string }>();
  beforeAll(async () => {
    await Promise.all(
      chains.map(async (name) => {
        const chain = sharedChain(name);
        // A file must find the saved state: an earlier file on this worker that did not revert would show here.
        const head = Number(BigInt(await rpc<string>(chain.rpcUrl, "eth_blockNumber")));
        if (head !== chain.addressBook.latestBlock) throw new Error(`the shared ${name} demo chain is at block ${head}, not the saved state's ${chain.addressBook.latestBlock}`);
        held.set(name, { chain, snapshot: await rpc<string>(chain.rpcUrl, "evm_snapshot") });
      }),
    );
  });
  afterAll(async () => {
    await Promise.all(
      [...held.values()].map(async ({ chain, snapshot }) => {
        if ((await rpc(chain.rpcUrl, "evm_revert", [snapshot])) !== true) throw new Error(`the ${chain.chain} demo chain did not revert to the file's snapshot`);
      }),
    );
    held.clear();
  });
  return {
    get(chain) {
      const entry = held.get(chain);
      if (!entry) throw new Error("the demo chains are taken in beforeAll");
      return entry.chain;
    },
  };
}

export function useDemoChains() {
  const shared = useSharedDemoChains(DEMO_CHAINS);
  return {
    get chains(): DemoChains {
      const chains = Object.fromEntries(DEMO_CHAINS.map((chain) => [chain, shared.get(chain)])) as Record<DemoChainName, DemoChain>;
      return { ...chains, stop: async () => undefined };
    },
    /** Every network setting pointing at this network's demo node. */
    env(chain: ChainId) {
      const url = shared.get(chain).rpcUrl;
      return { ETH_RPC_URL: url, BASE_RPC_URL: url, BSC_RPC_URL: url };
    },
  };
}

/**
 * The three demo chains, with each network's RPC setting pointing at its own chain for the
 * file's tests (so one harness reads all three) and put back afterwards.
 */
export function useDemoNetworks() {
  const demo = useDemoChains();
  const settings = DEMO_CHAINS.map((chain) => getNetwork(chain).rpcUrlSetting);
  const saved = Object.fromEntries(settings.map((setting) => [setting, process.env[setting]]));
  beforeAll(async () => {
    for (const chain of DEMO_CHAINS) process.env[getNetwork(chain).rpcUrlSetting] = demo.chains[chain].rpcUrl;
    await nodeSettingsChanged();
  });
  afterAll(async () => {
    for (const [setting, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[setting];
      else process.env[setting] = value;
    }
    await nodeSettingsChanged();
  });
  return demo;
}
