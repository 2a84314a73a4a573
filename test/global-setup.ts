// Runs once before the suites. Suites that need PostgreSQL, Redis or anvil start or
// reach them through test/support; nothing here talks to anything but loopback.
import type { TestProject } from "vitest/node";
import { DEMO_CHAINS, ensureDemoChainStates, startDemoChains, type DemoChains } from "@/demo-chain";
import type { SharedDemoChains } from "./support/demo-chains";

type Started = { shared: SharedDemoChains; sets: DemoChains[]; users: number };

// Two projects (integration and the request-thread lane) name this setup; their files share one
// pool of workers, so they share the chains too: started by the first, stopped after the last.
const holder = globalThis as unknown as { __demoChainSets?: Promise<Started> };

async function startSets(workers: number): Promise<Started> {
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  // The demo chains' saved states, built here when the scenario sources changed (a fresh clone,
  // a new scenario): building takes minutes on two cores, longer than any file's setup may wait,
  // and files that start the chains then only load them.
  await ensureDemoChainStates({ log: (line) => console.log(`demo chains: ${line}`) });
  // One set of the three chains per worker, loaded once for the run; files take snapshots of them
  // (support/demo-chains.ts) instead of loading the states again.
  const sets: DemoChains[] = [];
  try {
    for (let worker = 0; worker < workers; worker++) sets.push(await startDemoChains({ log: () => undefined }));
  } catch (error) {
    await Promise.all(sets.map((set) => set.stop()));
    throw error;
  }
  const shared: SharedDemoChains = {
    nodes: sets.map((set) => Object.fromEntries(DEMO_CHAINS.map((chain) => [chain, { rpcUrl: set[chain].rpcUrl, chainId: set[chain].chainId }])) as SharedDemoChains["nodes"][number]),
    books: Object.fromEntries(DEMO_CHAINS.map((chain) => [chain, sets[0]![chain].addressBook])) as SharedDemoChains["books"],
  };
  return { shared, sets, users: 0 };
}

export default async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  holder.__demoChainSets ??= startSets(workers);
  const started = await holder.__demoChainSets;
  started.users += 1;
  project.provide("demoChains", started.shared);
  return async () => {
    started.users -= 1;
    if (started.users > 0) return;
    holder.__demoChainSets = undefined;
    await Promise.all(started.sets.map((set) => set.stop()));
  };
}
