// The benchmarks run with tsx, outside Vitest, on the tests' own support (the harness, the proxies,
// the databases): every support module a benchmark imports must load there. Vitest's own module
// throws when it is loaded outside a test run, and once stopped every benchmark that uses the harness.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

/** The test/support modules the files under bench/ import. */
function supportTheBenchesImport(): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith(".ts")) for (const [, name] of fs.readFileSync(file, "utf8").matchAll(/from "@\/test\/support\/([\w-]+)"/g)) found.add(`test/support/${name}.ts`);
    }
  };
  walk(path.join(root, "bench"));
  return [...found].sort();
}

it("every test support module a benchmark imports loads outside Vitest", { timeout: 60_000 }, () => {
  const modules = supportTheBenchesImport();
  expect(modules).toContain("test/support/harness.ts");
  const script = `for (const name of ${JSON.stringify(modules)}) await import("./" + name);`;
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith("VITEST")) delete env[name];
  const loaded = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: root, env, encoding: "utf8" });
  // What went wrong, without the stack's lines (Vitest would read them as its own).
  const said = loaded.stderr.split("\n").filter((line) => line.trim() && !/^\s+at /.test(line)).slice(0, 8);
  expect({ status: loaded.status, errors: said.filter((line) => /Error/.test(line)) }).toEqual({ status: 0, errors: [] });
});
