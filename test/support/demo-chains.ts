// The three demo chains for a test file: started once before its tests, stopped after.
import { afterAll, beforeAll } from "vitest";
import { startDemoChains, type DemoChains } from "@/lib/demo-chain";
import type { ChainId } from "@/lib/chain/networks";

export function useDemoChains() {
  let chains: DemoChains | undefined;
  beforeAll(async () => {
    chains = await startDemoChains({ log: () => undefined });
  }, 120_000);
  afterAll(async () => {
    await chains?.stop();
  });
  return {
    get chains(): DemoChains {
      if (!chains) throw new Error("the demo chains start in beforeAll");
      return chains;
    },
    /** Every network setting pointing at this network's demo node. */
    env(chain: ChainId) {
      const url = this.chains[chain].rpcUrl;
      return { ETH_RPC_URL: url, BASE_RPC_URL: url, BSC_RPC_URL: url };
    },
  };
}
