// The Python client's generated TypedDicts type real reads: pyright (standard mode) accepts the
// client and a program reading answer fields (python-usage/reads.py), and refuses exactly the lines
// of python-usage/misuse.py marked expect-error.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const project = path.resolve(__dirname, "python-usage");
const pyright = path.resolve(__dirname, "../../node_modules/.bin/pyright");

type Diagnostic = { file: string; severity: string; message: string; range: { start: { line: number } } };

async function check(...files: string[]): Promise<Diagnostic[]> {
  // pyright exits 1 when it finds errors; its JSON report is on stdout either way.
  const { stdout } = await run(pyright, ["-p", project, "--outputjson", ...files.map((file) => path.join(project, file))], { timeout: 120_000 }).catch((failure: { stdout: string }) => failure);
  return (JSON.parse(stdout) as { generalDiagnostics: Diagnostic[] }).generalDiagnostics.filter((d) => d.severity === "error");
}

describe("the Python client's types", () => {
  it("type-check the client and a program reading answer fields", async () => {
    expect((await check()).map((d) => `${path.basename(d.file)}:${d.range.start.line + 1} ${d.message}`)).toEqual([]);
  }, 120_000);

  it("refuse a missing field, an unknown field and wrong reads", async () => {
    const marked = fs
      .readFileSync(path.join(project, "misuse.py"), "utf8")
      .split("\n")
      .flatMap((line, at) => (line.includes("# expect-error") ? [at + 1] : []));
    expect(marked.length).toBeGreaterThan(0);
    const refused = [...new Set((await check("misuse.py")).map((d) => d.range.start.line + 1))];
    expect(refused).toEqual(marked);
  }, 120_000);
});
