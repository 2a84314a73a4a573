// The Python client as a user gets it: `pip wheel` builds it from its pyproject (in a copy, so the
// build leaves nothing in the work tree), the wheel goes into a fresh venv, and a type checker in
// strict mode, told to read no library code without a py.typed marker (what mypy does), accepts a
// program using the installed package rightly and refuses the marked lines of one using it wrongly.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const programs = path.resolve(__dirname, "python-package");
const clientDir = path.resolve(__dirname, "../../clients/python");
const pyright = path.resolve(__dirname, "../../node_modules/.bin/pyright");

type Diagnostic = { file: string; severity: string; message: string; range: { start: { line: number } } };

let dir = "";
let python = "";

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "python-client-package-"));
  fs.cpSync(clientDir, path.join(dir, "source"), { recursive: true, filter: (source) => !/(__pycache__|\.egg-info|[/\\]build|[/\\]dist)$/.test(source) });
  await run("python3", ["-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", path.join(dir, "wheel"), path.join(dir, "source")], { timeout: 240_000 });
  await run("python3", ["-m", "venv", path.join(dir, "venv")], { timeout: 120_000 });
  python = path.join(dir, "venv", "bin", "python");
  const [wheel] = fs.readdirSync(path.join(dir, "wheel"));
  await run(python, ["-m", "pip", "install", "--no-deps", "--no-index", "--quiet", path.join(dir, "wheel", wheel)], { timeout: 120_000 });
  fs.mkdirSync(path.join(dir, "project"));
  for (const file of fs.readdirSync(programs)) fs.copyFileSync(path.join(programs, file), path.join(dir, "project", file));
  fs.writeFileSync(path.join(dir, "project", "pyrightconfig.json"), JSON.stringify({ typeCheckingMode: "strict", useLibraryCodeForTypes: false, pythonVersion: "3.11" }));
}, 480_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function check(file: string): Promise<Diagnostic[]> {
  const project = path.join(dir, "project");
  // pyright exits 1 when it finds errors; its JSON report is on stdout either way.
  const { stdout } = await run(pyright, ["-p", project, "--pythonpath", python, "--outputjson", path.join(project, file)], { timeout: 120_000 }).catch((failure: { stdout: string }) => failure);
  return (JSON.parse(stdout) as { generalDiagnostics: Diagnostic[] }).generalDiagnostics.filter((d) => d.severity === "error");
}

describe("the Python client, built and installed as a wheel", () => {
  it("is imported from the venv, with its py.typed beside it", async () => {
    const { stdout } = await run(python, ["-c", "import devintel_client, os; print(os.path.dirname(devintel_client.__file__))"], { cwd: os.tmpdir() });
    const installed = stdout.trim();
    expect(installed.startsWith(path.join(dir, "venv"))).toBe(true);
    expect(fs.existsSync(path.join(installed, "py.typed"))).toBe(true);
  });

  it("is used rightly: strict type-checking passes", async () => {
    expect((await check("right.py")).map((d) => `${path.basename(d.file)}:${d.range.start.line + 1} ${d.message}`)).toEqual([]);
  }, 120_000);

  it("is used wrongly: exactly the marked lines are refused", async () => {
    const marked = fs
      .readFileSync(path.join(programs, "wrong.py"), "utf8")
      .split("\n")
      .flatMap((line, at) => (line.includes("# expect-error") ? [at + 1] : []));
    expect(marked.length).toBeGreaterThan(0);
    const refused = [...new Set((await check("wrong.py")).map((d) => d.range.start.line + 1))];
    expect(refused).toEqual(marked);
  }, 120_000);
});
