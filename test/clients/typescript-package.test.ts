// The TypeScript client as a user gets it: `npm pack` in a copy of its folder (its prepack builds
// dist/), the tarball installed into a fresh project, and two programs type-checked against the
// installed package under each module resolution a consumer may use: right.ts compiles, each
// marked line of wrong.ts is refused (a chain or error code the document does not list, a header
// read the types do not allow). Node imports the installed package too.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = path.resolve(__dirname, "../..");
const programs = path.resolve(__dirname, "typescript-package");
const packageName = "@developer-intelligence/client";

let dir = "";
let consumer = "";
let packed: string[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "typescript-client-package-"));
  const source = path.join(dir, "source");
  fs.cpSync(path.join(root, "clients/typescript"), source, { recursive: true, filter: (file) => !/[/\\](node_modules|dist)$/.test(file) });
  // The package's build needs only TypeScript: the project's own, on the PATH its prepack script sees.
  const env = { ...process.env, PATH: `${path.join(root, "node_modules/.bin")}${path.delimiter}${process.env.PATH}` };
  await run("npm", ["pack", "--pack-destination", dir], { cwd: source, env, timeout: 180_000 });
  const [tarball] = fs.readdirSync(dir).filter((file) => file.endsWith(".tgz"));
  packed = (await run("tar", ["-tzf", path.join(dir, tarball)])).stdout.split("\n").filter(Boolean);
  consumer = path.join(dir, "consumer");
  fs.mkdirSync(consumer);
  fs.writeFileSync(path.join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  // The package has no dependencies: installing its tarball needs no registry.
  await run("npm", ["install", "--offline", "--no-audit", "--no-fund", path.join(dir, tarball)], { cwd: consumer, timeout: 180_000 });
  for (const file of fs.readdirSync(programs)) fs.copyFileSync(path.join(programs, file), path.join(consumer, file));
}, 420_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const resolutions = {
  node10: { module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10 },
  node16: { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 },
  bundler: { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler },
} as const;

/** Errors in `file` (line: message) when compiled in the consumer project under `resolution`; the package's own declarations are checked too. */
function compile(file: string, resolution: keyof typeof resolutions): Array<{ line: number; message: string }> {
  const program = ts.createProgram([path.join(consumer, file)], {
    ...resolutions[resolution],
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    types: [],
    skipLibCheck: false,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ({
    line: d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0,
    message: `${d.file ? path.relative(consumer, d.file.fileName) : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
  }));
}

describe("the TypeScript client, packed and installed", () => {
  it("packs the built files its manifest points at, with a licence", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(consumer, "node_modules", packageName, "package.json"), "utf8"));
    const pointed = [manifest.main, manifest.types, manifest.exports["."].types, manifest.exports["."].import].map((file: string) => `package/${file.replace(/^\.\//, "")}`);
    expect(pointed.filter((file) => !packed.includes(file))).toEqual([]);
    expect(packed).toEqual(expect.arrayContaining(["package/dist/client.d.ts", "package/dist/schema.d.ts", "package/README.md"]));
    expect(manifest.license).toEqual(expect.any(String));
  });

  it("is imported by Node from the installed package", async () => {
    const script = `import("${packageName}").then((m) => console.log(typeof m.DevIntelClient, typeof m.apiResponse, m.clientVersion))`;
    const { stdout } = await run(process.execPath, ["-e", script], { cwd: consumer });
    expect(stdout.trim()).toBe(`function symbol ${JSON.parse(fs.readFileSync(path.join(root, "clients/typescript/package.json"), "utf8")).version}`);
  });

  for (const resolution of Object.keys(resolutions) as Array<keyof typeof resolutions>) {
    it(`compiles a program using it rightly under moduleResolution ${resolution}`, () => {
      expect(compile("right.ts", resolution).map((d) => `${d.line} ${d.message}`)).toEqual([]);
    }, 120_000);

    it(`refuses exactly the marked lines of a program using it wrongly under moduleResolution ${resolution}`, () => {
      const marked = fs
        .readFileSync(path.join(programs, "wrong.ts"), "utf8")
        .split("\n")
        .flatMap((line, at) => (line.includes("// expect-error") ? [at + 1] : []));
      expect(marked.length).toBeGreaterThan(0);
      const diagnostics = compile("wrong.ts", resolution);
      expect(diagnostics.filter((d) => !d.message.startsWith("wrong.ts:"))).toEqual([]);
      expect([...new Set(diagnostics.map((d) => d.line))]).toEqual(marked);
    }, 120_000);
  }
});
