// Layers that point one way, judged on every import the code makes — static `import … from`,
// `export … from`, bare `import "…"` and dynamic `import("…")` — in lib/, components/, app/ and
// scripts/: every file stands on a floor of one manifest (vocabulary, chain and stores, schemas,
// the API contract, the domain, the edge, pages and entry points) and imports nothing above it; the HTTP edge
// (lib/api, lib/server, lib/auth, lib/portal) may import anything; nothing below it imports the edge; nothing
// in lib/ or components/ imports app/; the chain layer speaks its own errors, not the API's; the
// answer schemas do not import the intelligence they describe; product code does not import the
// demo chain; intelligence endpoints import shared reads, never each other (nor do the shared
// reads import an endpoint); and no two modules import each other, however far round.
//
// The faults this guard found when it learned to see them are listed in `knownFaults`, each until
// its own change mends it: the list must match what is found exactly, so a mended fault leaves the
// list and nothing new can join it.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { floorOf, floors } from "./floors";

const root = path.resolve(__dirname, "../..");
const edge = ["lib/api/", "lib/server/", "lib/auth/", "lib/portal/"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

const files = new Set(["lib", "components", "app", "scripts", "demo-chain"].flatMap(sourceFiles));

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? specifier.slice(2) : specifier.startsWith(".") ? path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier)) : null;
  if (base === null) return null;
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((candidate) => files.has(candidate)) ?? null;
}

const imports = new Map<string, string[]>(
  [...files].map((file) => {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    const specifiers = [...text.matchAll(/(?:import|export)\s[^;]*?from\s+"([^"]+)"/g), ...text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g), ...text.matchAll(/^\s*import\s+"([^"]+)"/gm)].map((m) => m[1]);
    return [file, [...new Set(specifiers.map((specifier) => resolve(file, specifier)).filter((t): t is string => t !== null))]];
  }),
);

/** Every import from a file `from` matches to a file `to` matches, as "from → to". */
function importsBetween(from: (file: string) => boolean, to: (target: string) => boolean): string[] {
  return [...imports].flatMap(([file, targets]) => (from(file) ? targets.filter(to).map((target) => `${file} → ${target}`) : []));
}

const underEdge = (file: string) => edge.some((layer) => file.startsWith(layer));

/** Faults found and not yet mended, each until its own change: none are left. */
const knownFaults: Record<string, string[]> = { upward: [], cycles: [] };

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
    expect(importsBetween((file) => file.startsWith("lib/chain/"), (target) => target.startsWith("lib/api-contract/"))).toEqual([]);
  });

  it("no code judges an error of the API or the chain by instanceof: the server loads several copies of their modules, which a mark every copy shares tells apart (test/api/error-marks.test.ts)", () => {
    const judged = [...files].filter((file) => /instanceof\s+(ApiError|ChainUnavailableError)\b/.test(fs.readFileSync(path.join(root, file), "utf8")));
    expect(judged).toEqual([]);
  });

  it("the answer schemas do not import the intelligence they describe", () => {
    expect(importsBetween((file) => file.startsWith("lib/schemas/"), (target) => target.startsWith("lib/intel/"))).toEqual([]);
  });

  it("product code does not import the demo chain", () => {
    expect(importsBetween((file) => file.startsWith("lib/") || file.startsWith("components/") || file.startsWith("app/"), (target) => target.startsWith("demo-chain/"))).toEqual([]);
  });

  it("intelligence endpoints are built over shared reads, never over each other", () => {
    // Each endpoint's own folder (read, assess, present); what two of them need lives in a shared
    // folder (control, market, token, team-links, wallet/movements and wallet-side). Only the map
    // of implementations (lib/intel/implementations.ts) names every endpoint.
    const endpointFolders = ["contract", "risk", "liquidity", "team", "why-down", "wallet/pnl", "wallet/approvals", "wallet/exact-movements"].map((folder) => `lib/intel/${folder}/`);
    const folderOf = (file: string) => endpointFolders.find((folder) => file.startsWith(folder)) ?? null;
    const crossings = [...imports].flatMap(([file, targets]) => {
      const own = folderOf(file);
      if (file === "lib/intel/implementations.ts" || !file.startsWith("lib/")) return [];
      return targets.filter((target) => folderOf(target) !== null && folderOf(target) !== own && (own !== null || file.startsWith("lib/intel/"))).map((target) => `${file} → ${target}`);
    });
    expect(crossings).toEqual([]);
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

  it("reads the imports it judges (the graph is not empty, and it sees dynamic imports)", () => {
    expect(files.size).toBeGreaterThan(100);
    expect(imports.get("lib/api/handler.ts")).toContain("lib/api-contract/endpoints.ts");
    expect(imports.get("lib/portal/deps.ts")).toContain("lib/auth/auth.ts");
    expect(imports.get("components/portal/account-bar.tsx")).toContain("lib/auth/sign-in-actions.ts");
  });
});
