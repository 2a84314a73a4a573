// The Usage tab's queries at one million request records, for one project and across all projects.
// Usage: main() below.
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { createDatabase } from "@/lib/db/client";
import { createKey, createProject, createUser } from "@/lib/operator/operations";
import { rollUpUsage } from "@/lib/usage/rollup";
import { errorsByCode, parseUsageQuery, usageHistory, usageSummary, usageTimeline, type UsageScope, type UsageWindow } from "@/lib/portal/usage";
import { keyUsageFigures } from "@/lib/portal/key-usage";
import { findRequest } from "@/lib/portal/request-lookup";
import { createTestDatabase } from "@/test/support/postgres";

const { values } = parseArgs({ options: { rows: { type: "string", default: "1000000" }, runs: { type: "string", default: "20" } } });
const rows = Number(values.rows);
const runs = Number(values.runs);

function percentile(samples: number[], p: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function time(label: string, work: () => Promise<unknown>) {
  await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return { query: label, p50_ms: Number(percentile(samples, 50).toFixed(1)), p99_ms: Number(percentile(samples, 99).toFixed(1)) };
}

/**
 * The Usage tab's queries at one million request records: counters and outcome
 * breakdown, the requests-over-time buckets, and the first history page — for one
 * project and, as staff see it, across all projects.
 *
 *   npx tsx bench/usage-aggregates.ts [--rows 1000000] [--runs 20]
 *
 * Real PostgreSQL on loopback, a fresh database filled with generate_series.
 */
async function main() {
  const testDatabase = await createTestDatabase();
  const database = await createDatabase({ ...process.env, DATABASE_URL: testDatabase.url, DATABASE_QUERY_TIMEOUT_MS: "0" /* the bulk seed takes longer than a request may */ });
  const db = database.prisma;
  try {
    const owner = await createUser(db, "bench", { email: "usage-bench@example.com" });
    // Ten projects with a key each; the measured project holds a tenth of the rows.
    const projects: Array<{ projectId: string; keyId: string }> = [];
    for (let p = 0; p < 10; p++) {
      const project = await createProject(db, "bench", { ownerEmail: owner.email, name: `p${p}` });
      const key = await createKey(db, "bench", { projectId: project.id, mode: "live", permissions: ["intel:read"] });
      projects.push({ projectId: project.id, keyId: key.id });
    }
    const now = new Date();
    const fillStarted = performance.now();
    // Spread over the last 30 days, across outcomes, endpoints and projects.
    await database.sql.query(
      `INSERT INTO request_records (id, key_id, project_id, endpoint, method, http_status, error_code, outcome, quoted, charged, chain, latency_ms, created_at)
       SELECT 'req_bench_' || g,
              ($2::text[])[1 + g % 10], ($3::text[])[1 + g % 10],
              (ARRAY['me','intel/risk','wallet/pnl','contract/analysis'])[1 + g % 4], 'POST',
              (ARRAY[200,200,200,403,429,503])[1 + g % 6],
              (ARRAY[NULL,NULL,NULL,'scope_denied','rate_limited','unavailable'])[1 + g % 6],
              (ARRAY['success','success','success','denied','rate_limited','server_error'])[1 + g % 6]::"RequestOutcome",
              2, CASE WHEN g % 6 < 3 THEN 2 ELSE 0 END, 'eth', 20 + g % 50,
              ($1::timestamptz AT TIME ZONE 'UTC') - (g % 2592000) * interval '1 second'
       FROM generate_series(1, $4::int) AS g`,
      [now.toISOString(), projects.map((p) => p.keyId), projects.map((p) => p.projectId), rows],
    );
    await database.sql.query("ANALYZE request_records");
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    // The staff views roll settled hours up on read; the first read after a fill rolls up all of them, once.
    const rollupStarted = performance.now();
    await rollUpUsage(db, now);
    const firstRollupSeconds = (performance.now() - rollupStarted) / 1000;

    const results = [];
    for (const scope of [{ projectId: projects[0].projectId }, { projectId: null }] as UsageScope[]) {
      const who = scope.projectId ? "one project" : "all projects (staff)";
      for (const window of ["24h", "30d"] as UsageWindow[]) {
        results.push({ scope: who, window, ...(await time("counters + outcomes", () => usageSummary(db, scope, window, now))) });
        results.push({ scope: who, window, ...(await time("requests over time", () => usageTimeline(db, scope, window, now))) });
        const query = parseUsageQuery({ window });
        results.push({ scope: who, window, ...(await time("history page 1", () => usageHistory(db, scope, query, now))) });
        results.push({ scope: who, window, ...(await time("errors by code", () => errorsByCode(db, scope, window, now))) });
      }
    }
    // The views narrowed to one key, the Keys tab's figures and a request lookup.
    const oneKey: UsageScope = { projectId: projects[0].projectId, keyId: projects[0].keyId };
    for (const window of ["24h", "30d"] as UsageWindow[]) {
      results.push({ scope: "one key", window, ...(await time("counters + outcomes", () => usageSummary(db, oneKey, window, now))) });
      results.push({ scope: "one key", window, ...(await time("requests over time", () => usageTimeline(db, oneKey, window, now))) });
      results.push({ scope: "one key", window, ...(await time("errors by code", () => errorsByCode(db, oneKey, window, now))) });
    }
    results.push({ scope: "one project", window: "24h/7d/30d", ...(await time("Keys tab: figures per key", () => keyUsageFigures(db, projects[0].projectId, now))) });
    results.push({ scope: "one project", window: "-", ...(await time("request lookup", () => findRequest(db, { projectId: projects[0].projectId }, `req_bench_${rows - 10}`))) });
    results.push({ scope: "all projects (staff)", window: "-", ...(await time("request lookup", () => findRequest(db, { projectId: null }, `req_bench_${rows - 10}`))) });
    console.log(JSON.stringify({ rows, fill_seconds: Number(fillSeconds.toFixed(1)), first_rollup_seconds: Number(firstRollupSeconds.toFixed(2)), runs, results }, null, 2));
  } finally {
    await database.close();
    await testDatabase.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
