// `npm run clients`: writes the TypeScript and Python clients' generated files from the endpoint
// registry (clients/typescript/src/{schema,client}.ts, clients/python/devintel_client/{types,client}.py
// and both package manifests). `--check` only compares, and fails when a committed file is stale.
import fs from "node:fs";
import path from "node:path";
import { generatedClientFiles } from "@/lib/openapi/clients";

async function main() {
  const check = process.argv.includes("--check");
  const stale: string[] = [];
  for (const [file, contents] of Object.entries(await generatedClientFiles())) {
    const target = path.resolve(process.cwd(), file);
    const committed = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : null;
    if (committed === contents) continue;
    stale.push(file);
    if (!check) {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, contents);
    }
  }
  if (check && stale.length) {
    console.error(`Stale client files (run npm run clients): ${stale.join(", ")}`);
    process.exit(1);
  }
  console.log(stale.length ? `written: ${stale.join(", ")}` : "the clients are up to date");
}

void main();
