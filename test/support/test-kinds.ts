// Which test files need the outside parts (PostgreSQL, Redis, anvil, a built server) and which
// test pure logic: read from each file and the test helpers it imports, so a file that starts
// using a database or a chain moves to the integration project by itself. The unit project runs
// without the global setup (no demo chain states are built) and is the fast loop.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

/** What a file that reaches an outside part says: the helpers that start them, and their settings. */
const needsOutsideParts = /useDemoChains|TEST_POSTGRES_URL|TEST_REDIS_URL|ensureDemoChainStates|startAnvil|anvil|@\/demo-chain|next build|spawn\(|execFile|fork\(|Worker\(|PGlite|pglite|createServer|listen\(/;

const importedFrom = /(?:import|export)[^"']*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function resolveTestImport(from: string, specifier: string, root: string): string | null {
  const base = specifier.startsWith("@/test/") ? path.join(root, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : null;
  if (!base || !base.startsWith(path.join(root, "test"))) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  return null;
}

function reachesOutsideParts(file: string, root: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  if (needsOutsideParts.test(text)) return true;
  for (const match of text.matchAll(importedFrom)) {
    const next = resolveTestImport(file, match[1] ?? match[2], root);
    if (next && reachesOutsideParts(next, root, seen)) return true;
  }
  return false;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? testFiles(full) : entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** The test files, as paths relative to the root, split by whether they reach an outside part. */
export function testKinds(root: string): { unit: string[]; integration: string[] } {
  const unit: string[] = [];
  const integration: string[] = [];
  for (const file of testFiles(path.join(root, "test")).sort()) (reachesOutsideParts(file, root) ? integration : unit).push(path.relative(root, file));
  return { unit, integration };
}
