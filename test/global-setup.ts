// Runs once before the suites. Suites that need PostgreSQL, Redis or anvil start or
// reach them through test/support; nothing here talks to anything but loopback.
import { ensureDemoChainStates } from "@/demo-chain";

export default async function setup() {
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  // The demo chains' saved states, built here when the scenario sources changed (a fresh clone,
  // a new scenario): building takes minutes on two cores, longer than any file's setup may wait,
  // and files that start the chains then only load them.
  await ensureDemoChainStates({ log: (line) => console.log(`demo chains: ${line}`) });
}
