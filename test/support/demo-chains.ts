// The three demo chains for a test file: started once before its tests, stopped after.
import { afterAll, beforeAll } from "vitest";
import { DEMO_CHAINS, startDemoChains, type DemoChains } from "@/demo-chain";
import { clearChainClients } from "@/lib/chain/clients";
import { getNetwork, type ChainId } from "@/lib/chain/networks";

export function useDemoChains() {
  let chains: DemoChains | undefined;
  // Loading three saved states of a few hundred megabytes takes minutes on a busy machine.
  beforeAll(async () => {
    chains = await startDemoChains({ log: () => undefined });
  }, 360_000);
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

/**
 * The three demo chains, with each network's RPC setting pointing at its own chain for the
 * file's tests (so one harness reads all three) and put back afterwards.
 */
export function useDemoNetworks() {
  const demo = useDemoChains();
  const settings = DEMO_CHAINS.map((chain) => getNetwork(chain).rpcUrlSetting);
  const saved = Object.fromEntries(settings.map((setting) => [setting, process.env[setting]]));
  beforeAll(() => {
    for (const chain of DEMO_CHAINS) process.env[getNetwork(chain).rpcUrlSetting] = demo.chains[chain].rpcUrl;
    clearChainClients();
  });
  afterAll(() => {
    for (const [setting, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[setting];
      else process.env[setting] = value;
    }
    clearChainClients();
  });
  return demo;
}
