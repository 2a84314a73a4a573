// Layers that point one way, judged on every import the code makes as the compiler reads and
// resolves it: every file stands on a floor of ./floors.ts and imports nothing above it, and no two
// modules import each other. Every rule it checks, and its list of known faults: the describe
// below.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { endpoints } from "@/lib/api-contract/endpoints";
import { domainNeighbours, floorOf, floors } from "./floors";

const root = path.resolve(__dirname, "../..");
/** The two files that name every intelligence endpoint: the table the routes take them from, and the thread entry that serves them. */
const endpointTable = "lib/intel/endpoints/index.ts";
const threadEntry = "lib/intel/runtime/threads/entry.ts";
const edge = ["lib/api/", "lib/server/", "lib/auth/", "lib/portal/"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return ["generated", "node_modules", "dist"].includes(entry.name) ? [] : sourceFiles(relative);
    return /\.(tsx?|mjs|js)$/.test(entry.name) ? [relative] : [];
  });
}

const tsconfig = ts.parseJsonConfigFileContent(ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile).config, ts.sys, root);
/** What tsconfig.json leaves out of the program (fixtures compiled on their own, generated code). */
const excluded = ((tsconfig.raw as { exclude?: string[] }).exclude ?? []).map((folder) => `${folder.replace(/\/$/, "")}/`);

const productFolders = ["lib", "components", "app", "scripts", "demo-chain"];
/** Product code, and the floors above it: the client libraries, tests, benchmarks and browser tests. */
const files = new Set([...productFolders, "clients", "test", "bench", "e2e"].flatMap(sourceFiles).filter((file) => !excluded.some((folder) => file.startsWith(folder))));
const isProduct = (file: string) => productFolders.some((folder) => file.startsWith(`${folder}/`));

// Imports are read as the compiler reads them: TypeScript finds every import form (static, `export
// … from`, bare, dynamic, require; either quote) and resolves each with tsconfig.json's own settings
// (the `@/` path, a `.js` suffix standing for the `.ts` file, index files).
const compilerOptions = tsconfig.options;
const resolutionCache = ts.createModuleResolutionCache(root, (name) => name, compilerOptions);

/** An import of the project's own code that does not resolve to a file of it, as "file → specifier". */
const unresolved: string[] = [];
/** A product import whose module is computed (a template with a substitution, a variable): no guard can judge it. */
const unreadable: string[] = [];

function ownCode(specifier: string): boolean {
  return specifier.startsWith("@/") || specifier.startsWith(".");
}

function resolve(from: string, specifier: string): string | null {
  const resolved = ts.resolveModuleName(specifier, path.join(root, from), compilerOptions, ts.sys, resolutionCache).resolvedModule?.resolvedFileName;
  const relative = resolved && path.relative(root, resolved).split(path.sep).join("/");
  if (relative && files.has(relative)) return relative;
  // A package (node_modules) or a file outside the guard's folders (the generated Prisma client, package.json).
  if (relative && !relative.startsWith("..") && (relative.startsWith("node_modules/") || !files.has(relative))) return null;
  // A stylesheet or an image beside the code is the bundler's, not a module of the graph.
  if (/\.(css|svg|png)$/.test(specifier) && fs.existsSync(path.resolve(root, path.dirname(from), specifier))) return null;
  if (ownCode(specifier)) unresolved.push(`${from} → ${specifier}`);
  return null;
}

/** Every module a file names, in any import form the compiler reads. */
function specifiersOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((imported) => imported.fileName);
}

/** The `import(…)` and `require(…)` calls of a file whose module is not a literal: no reader can know it. */
function computedImportsIn(file: string, text: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === "require"))) {
      const [first] = node.arguments;
      if (!first || !ts.isStringLiteralLike(first)) found.push(`${file}: ${node.getText(source).slice(0, 60)}`);
    }
    ts.forEachChild(node, visit);
  };
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  visit(source);
  return found;
}

const imports = new Map<string, string[]>(
  [...files].map((file) => {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    const specifiers = specifiersOf(text);
    if (isProduct(file)) unreadable.push(...computedImportsIn(file, text));
    return [file, [...new Set(specifiers.map((specifier) => resolve(file, specifier)).filter((t): t is string => t !== null))]];
  }),
);

/** Every import from a file `from` matches to a file `to` matches, as "from → to". */
function importsBetween(from: (file: string) => boolean, to: (target: string) => boolean): string[] {
  return [...imports].flatMap(([file, targets]) => (from(file) ? targets.filter(to).map((target) => `${file} → ${target}`) : []));
}

const underEdge = (file: string) => edge.some((layer) => file.startsWith(layer));

/** A file's folder as the folder rules see it: lib/<folder> (or a file of lib/'s own), else the top folder. */
function folderOf(file: string): string {
  const parts = file.split("/");
  return parts[0] === "lib" && parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts.length > 1 && parts[0] !== "lib" ? parts[0] : file;
}

/** The folders that import each other round, each group sorted, as "a ↔ b (↔ …)" (Tarjan's strongly connected components). */
function folderCycles(): string[] {
  const edges = new Map<string, Set<string>>();
  for (const [file, targets] of imports) {
    const from = folderOf(file);
    for (const target of targets) if (folderOf(target) !== from) edges.set(from, (edges.get(from) ?? new Set()).add(folderOf(target)));
  }
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[] = [];
  const visit = (folder: string) => {
    order.set(folder, order.size);
    low.set(folder, order.get(folder)!);
    stack.push(folder);
    for (const next of edges.get(folder) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(folder, Math.min(low.get(folder)!, order.get(next)!));
    }
    if (low.get(folder) !== order.get(folder)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = member === folder ? undefined : stack.pop()) group.push(member);
    if (group.length > 1) groups.push(group.sort().join(" ↔ "));
  };
  for (const folder of [...new Set([...files].map(folderOf))].sort()) if (!order.has(folder)) visit(folder);
  return groups.sort();
}

/** The product's imports whose module is computed, each for its reason; no other may be. */
const computedImports: string[] = [
  // An intelligence thread's first module loads the TypeScript entry the pool names (after registering tsx).
  "lib/intel/runtime/threads/bootstrap.mjs: import(pathToFileURL(workerData.entry).href)",
];

// The faults this guard found when it learned to see them are listed in `knownFaults`, each until
// its own change mends it: the list must match what is found exactly, so a mended fault leaves the
// list and nothing new can join it.
/** Faults found and not yet mended, each until its own change: none are left. */
const knownFaults: Record<string, string[]> = {
  upward: [],
  cycles: [],
  folderCycles: [],
};

// Layers that point one way, judged on every import the code makes, read and resolved as the
// compiler does (TypeScript's own reading of static, `export … from`, bare and dynamic imports and
// require, either quote; tsconfig.json's resolution: the `@/` path, `.js` standing for `.ts`), in
// lib/, components/, app/, scripts/ and demo-chain/ and the floors above them (clients/, test/,
// bench/, e2e/, which the product never imports): every file stands on a floor of one manifest
// (./floors.ts) and imports nothing above it; an import of the project's own code that does not
// resolve fails, and so does a product import whose module is computed; the HTTP edge (lib/api,
// lib/server, lib/auth, lib/portal) may import anything; nothing below it imports the edge; nothing
// in lib/ or components/ imports app/; the chain layer speaks its own errors, not the API's; the
// answer schemas do not import the intelligence they describe; product code does not import the
// demo chain; lib/intel is laid out by kind (answers, reads, runtime, endpoints, each importing only
// the kinds before it), each intelligence endpoint the folder of its id, never importing another;
// a domain folder imports a neighbour only where the manifest gives the reason; and no two
// modules import each other, however far round.
describe("layers", () => {
  it("every file stands on a floor of the manifest, and imports only from its floor or below", () => {
    expect([...files].filter((file) => floorOf(file) < 0)).toEqual([]);
    const upward = [...imports].flatMap(([file, targets]) => targets.filter((target) => floorOf(target) > floorOf(file)).map((target) => `${file} (${floors[floorOf(file)].floor}) → ${target} (${floors[floorOf(target)].floor})`));
    expect(upward).toEqual([]);
  });

  it("nothing below the HTTP edge imports it", () => {
    expect(importsBetween((file) => file.startsWith("lib/") && !underEdge(file), underEdge)).toEqual(knownFaults.upward);
  });

  it("nothing in lib/ or components/ imports app/ (server actions and shared UI live below the pages)", () => {
    expect(importsBetween((file) => file.startsWith("lib/") || file.startsWith("components/"), (target) => target.startsWith("app/"))).toEqual([]);
  });

  it("the chain layer throws its own errors, not the API's", () => {
    expect(importsBetween((file) => file.startsWith("lib/chain/"), (target) => target.startsWith("lib/api-contract/") || target.startsWith("lib/errors/"))).toEqual([]);
  });

  it("no code judges an error of the API or the chain by instanceof: the server loads several copies of their modules, which a mark every copy shares tells apart (test/api/error-marks.test.ts)", () => {
    const judged = [...files].filter(isProduct).filter((file) => /instanceof\s+(ApiError|ChainUnavailableError)\b/.test(fs.readFileSync(path.join(root, file), "utf8")));
    expect(judged).toEqual([]);
  });

  it("the answer schemas do not import the intelligence they describe", () => {
    expect(importsBetween((file) => file.startsWith("lib/schemas/"), (target) => target.startsWith("lib/intel/"))).toEqual([]);
  });

  it("product code does not import the demo chain", () => {
    expect(importsBetween((file) => file.startsWith("lib/") || file.startsWith("components/") || file.startsWith("app/"), (target) => target.startsWith("demo-chain/"))).toEqual([]);
  });

  it("every intelligence endpoint is the folder lib/intel/endpoints/<its id>/, and no other folder there is", () => {
    const expected = endpoints.filter((endpoint) => endpoint.surface === "intelligence").map((endpoint) => `lib/intel/endpoints/${endpoint.id}/`).sort();
    const found = [...new Set([...files].filter((file) => file.startsWith("lib/intel/endpoints/") && file !== endpointTable).map((file) => file.split("/").slice(0, 5).join("/") + "/"))].sort();
    expect(found).toEqual(expected);
  });

  it("lib/intel by kind: answers below reads, reads below the runtime, the runtime below the endpoints; an endpoint never imports another", () => {
    // What every answer writes its figures with (answers/) is read by everything; the shared reads
    // (reads/) know no endpoint and no runtime; the runtime (adapter, chain scope, kept answers,
    // threads) knows no endpoint. Two files name every endpoint: the endpoint table and the thread's
    // entry, which serves them all.
    const kinds = ["answers", "reads", "runtime", "endpoints"];
    const kindOf = (file: string) => kinds.indexOf(file.split("/")[2]);
    const endpointOf = (file: string) => (file.startsWith("lib/intel/endpoints/") && file !== endpointTable ? file.split("/").slice(0, 5).join("/") : null);
    const crossings = [...imports].flatMap(([file, targets]) => {
      if (!file.startsWith("lib/intel/") || file === endpointTable || file === threadEntry) return [];
      return targets
        .filter((target) => target.startsWith("lib/intel/"))
        .filter((target) => kindOf(target) > kindOf(file) || (endpointOf(target) !== null && endpointOf(file) !== null && endpointOf(target) !== endpointOf(file)))
        .map((target) => `${file} → ${target}`);
    });
    expect(crossings).toEqual([]);
    expect([...files].filter((file) => file.startsWith("lib/intel/") && kindOf(file) < 0)).toEqual([]);
  });

  it("a domain folder imports a neighbour on its floor only where the manifest says why", () => {
    const domain = floors.find(({ floor }) => floor === "domain")!.paths;
    const domainFolderOf = (file: string) => domain.find((folder) => file.startsWith(folder)) ?? null;
    const pairs = new Set<string>();
    for (const [file, targets] of imports) {
      const from = domainFolderOf(file);
      for (const target of targets) {
        const to = domainFolderOf(target);
        if (from && to && from !== to) pairs.add(`${from} → ${to}`);
      }
    }
    const allowed = Object.entries(domainNeighbours).flatMap(([from, neighbours]) => Object.keys(neighbours).map((to) => `${from} → ${to}`));
    expect([...pairs].sort()).toEqual(allowed.sort());
  });

  it("the demo chain copies the mainnet addresses it reproduces, never reading the product's registry (one rule; test/demo-chain/registry-agreement.test.ts keeps the copies equal)", () => {
    expect(importsBetween((file) => file.startsWith("demo-chain/"), (target) => target === "lib/chain/networks.ts")).toEqual([]);
  });

  it("has no import cycles", () => {
    const cycles: string[] = [];
    const state = new Map<string, "visiting" | "done">();
    const trail: string[] = [];
    const visit = (file: string) => {
      state.set(file, "visiting");
      trail.push(file);
      for (const target of imports.get(file) ?? []) {
        if (state.get(target) === "visiting") cycles.push([...trail.slice(trail.indexOf(target)), target].join(" → "));
        else if (!state.has(target)) visit(target);
      }
      trail.pop();
      state.set(file, "done");
    };
    for (const file of [...files].sort()) if (!state.has(file)) visit(file);
    expect(cycles).toEqual(knownFaults.cycles);
  });

  it("has no cycles between folders: a folder's files import no folder that imports it back, however far round", () => {
    expect(folderCycles()).toEqual(knownFaults.folderCycles);
  });

  it("resolves every import of the project's own code as the compiler does, and reads no import it cannot judge", () => {
    expect(unresolved).toEqual([]);
    expect(unreadable).toEqual(computedImports);
  });

  it("reads the imports it judges (the graph is not empty, and it sees dynamic imports)", () => {
    expect(files.size).toBeGreaterThan(100);
    expect(imports.get("lib/api/handler.ts")).toContain("lib/api-contract/endpoints.ts");
    expect(imports.get("lib/portal/deps.ts")).toContain("lib/auth/auth.ts");
    expect(imports.get("components/portal/account-bar.tsx")).toContain("lib/auth/sign-in-actions.ts");
    // The floors above the product are read too.
    expect(imports.get("test/architecture/lib-map.test.ts")).toContain("test/architecture/floors.ts");
  });

  it("reads every import form, either quote, and resolves a `.js` suffix and the `@/` path as tsconfig.json says", () => {
    const text = [`import a from 'single';`, `export * from "./re-export.js";`, `import "bare";`, `const b = require("required");`, `const c = await import("dynamic");`, "const d = await import(`template`);", `import type { T } from "type-only";`].join("\n");
    expect(specifiersOf(text)).toEqual(["single", "./re-export.js", "bare", "required", "dynamic", "template", "type-only"]);
    expect(resolve("lib/api/handler.ts", "@/lib/api-contract/respond.js")).toBe("lib/api-contract/respond.ts");
    expect(resolve("lib/api/handler.ts", "./pipeline/cors")).toBe("lib/api/pipeline/cors.ts");
    expect(resolve("lib/api/handler.ts", "viem")).toBeNull();
    expect(computedImportsIn("x.ts", "const m = await import(`./${name}`); const n = require(path); const o = await import('fixed');")).toEqual(["x.ts: import(`./${name}`)", "x.ts: require(path)"]);
  });
});
