// The operator CLI: `npm run --silent admin -- <command> --json`. Prints exactly one JSON object
// on stdout; on failure a JSON error and a non-zero exit (lib/operator/cli.ts).
import { runCli } from "@/lib/operator/cli";

runCli(process.argv.slice(2)).then(({ exitCode, output }) => {
  process.stdout.write(`${JSON.stringify(output)}\n`);
  process.exitCode = exitCode;
});
