// The operator CLI: `node --import tsx scripts/admin.ts <command> --json`. Prints exactly one JSON object
// on stdout; on failure a JSON error and a non-zero exit (lib/operator/cli.ts). `--help` lists the commands.
import { runCli } from "@/lib/operator/cli";
import { withRunningDemoChains } from "@/demo-chain/running";

const argv = process.argv.slice(2);
// Beside `npm run dev`, the demo chains it runs are the chains (no *_RPC_URL needed).
runCli(argv, withRunningDemoChains(process.env)).then(({ exitCode, output, text }) => {
  // Help is for a person unless --json asks for the object.
  process.stdout.write(text !== undefined && !argv.includes("--json") ? `${text}\n` : `${JSON.stringify(output)}\n`);
  process.exitCode = exitCode;
});
