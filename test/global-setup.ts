// Runs once before the suites. Suites that need PostgreSQL, Redis or anvil start or
// reach them through test/support; nothing here talks to anything but loopback.
import type { TestProject } from "vitest/node";
import { DEMO_CHAINS, ensureDemoChainStates, startDemoChains, type DemoChains } from "@/demo-chain";
import type { SharedDemoChains } from "./support/demo-chains";

export default async function setup(project: TestProject) {
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  // The demo chains' saved states, built here when the scenario sources changed (a fresh clone,
  // a new scenario): building takes minutes on two cores, longer than any file's setup may wait,
  // and files that start the chains then only load them.
  await ensureDemoChainStates({ log: (line) => console.log(`demo chains: ${line}`) });
  // One set of the three chains per worker, loaded once for the run; files take snapshots of them
  // (support/demo-chains.ts) instead of loading the states again.
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
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
  project.provide("demoChains", shared);
  return async () => {
    await Promise.all(sets.map((set) => set.stop()));
  };
}
