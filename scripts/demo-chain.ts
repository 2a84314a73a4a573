// Starts the demo chains and keeps them running until Ctrl-C.
//   tsx scripts/demo-chain.ts [--chain eth|base|bsc|all] [--print-addresses] [--state-dir DIR]
// Prints one JSON object: per chain its RPC URL and chain id, plus the address book when asked.
import { parseArgs } from "node:util";
import { DEMO_CHAINS, isDemoChainName, startDemoChain, type DemoChain, type DemoChainName } from "@/demo-chain";

const USAGE = "usage: tsx scripts/demo-chain.ts [--chain eth|base|bsc|all] [--print-addresses] [--state-dir DIR]";

type Args = { chains: DemoChainName[]; printAddresses: boolean; stateDir?: string };

function readArgs(argv: string[]): Args {
  const { values } = parseArgs({
    args: argv,
    options: {
      chain: { type: "string", default: "all" },
      "print-addresses": { type: "boolean", default: false },
      "state-dir": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const chain = values.chain;
  if (chain !== "all" && !isDemoChainName(chain)) throw new Error(`--chain must be one of eth, base, bsc, all (got ${chain})`);
  return {
    chains: chain === "all" ? [...DEMO_CHAINS] : [chain],
    printAddresses: values["print-addresses"],
    stateDir: values["state-dir"],
  };
}

async function main(): Promise<void> {
  const args = readArgs(process.argv.slice(2));
  const log = (line: string) => console.error(line);
  const chains: DemoChain[] = [];
  const stopAll = () => Promise.all(chains.map((chain) => chain.stop()));
  process.once("SIGINT", () => void stopAll().then(() => process.exit(0)));
  process.once("SIGTERM", () => void stopAll().then(() => process.exit(0)));
  try {
    const started = await Promise.all(args.chains.map((chain) => startDemoChain({ chain, stateDir: args.stateDir, log })));
    chains.push(...started);
  } catch (error) {
    await stopAll();
    throw error;
  }
  const output = Object.fromEntries(
    chains.map((chain) => [
      chain.chain,
      { rpcUrl: chain.rpcUrl, chainId: chain.chainId, ...(args.printAddresses ? { addressBook: chain.addressBook } : {}) },
    ]),
  );
  // JSON on stdout, the status lines on stderr, so the output can be piped into a file or jq.
  // The status line waits until the JSON is handed over: a reader that takes it as "output complete"
  // must not find the JSON cut short (a pipe holds 64 KB; the address book is larger).
  await new Promise<void>((resolve) => process.stdout.write(`${JSON.stringify(output, null, 2)}\n`, () => resolve()));
  console.error("demo chains running; Ctrl-C stops them");
  await new Promise(() => undefined);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
