// Layers that point one way: the HTTP edge (lib/api, lib/server, lib/auth) may import anything;
// nothing below it imports the edge; the chain layer speaks its own errors, not the API's; and no
// two modules import each other, however far round.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const edge = ["lib/api/", "lib/server/", "lib/auth/"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

const files = new Set(sourceFiles("lib"));

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? specifier.slice(2) : specifier.startsWith(".") ? path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier)) : null;
  if (base === null) return null;
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) => files.has(candidate)) ?? null;
}

const imports = new Map<string, string[]>(
  [...files].map((file) => {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    const targets = [...text.matchAll(/(?:import|export)\s[^;]*?from\s+"([^"]+)"/g)].map((m) => resolve(file, m[1])).filter((t): t is string => t !== null);
    return [file, targets];
  }),
);

describe("layers", () => {
  it("nothing below the HTTP edge imports it", () => {
    const upward = [...imports].flatMap(([file, targets]) =>
      edge.some((layer) => file.startsWith(layer)) ? [] : targets.filter((t) => edge.some((layer) => t.startsWith(layer))).map((t) => `${file} → ${t}`),
    );
    expect(upward).toEqual([]);
  });

  it("the chain layer throws its own errors, not the API's", () => {
    const apiErrors = [...imports].flatMap(([file, targets]) => (file.startsWith("lib/chain/") ? targets.filter((t) => t.startsWith("lib/contract/")).map((t) => `${file} → ${t}`) : []));
    expect(apiErrors).toEqual([]);
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
    for (const file of files) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it("reads the imports it judges (the graph is not empty)", () => {
    expect(files.size).toBeGreaterThan(100);
    expect(imports.get("lib/api/handler.ts")).toContain("lib/contract/endpoints.ts");
  });
});
