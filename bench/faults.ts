// What a client meets when PostgreSQL, Redis or the chain node fails, with the shipped timeouts:
// each fault switched on through a TCP proxy, a few calls at once, and what was answered, recorded
// and charged. The fault table in docs/failures.md comes from here; usage: main() below.
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { drainUsageWrites } from "@/lib/usage/record";
import { demoRequestsFor } from "@/demo-chain/requests";
import type { FaultMode } from "@/test/support/fault-proxy";
import { startFaultyWorld, type Dependency } from "@/test/support/faulty-world";

const { values } = parseArgs({ options: { calls: { type: "string", default: "5" } } });
const calls = Number(values.calls);

const faults: Array<[Dependency, Exclude<FaultMode, "pass">]> = [
  ["database", "refuse"], ["database", "freeze"], ["redis", "refuse"], ["redis", "freeze"], ["node", "refuse"], ["node", "freeze"],
];

/**
 * What a client meets when a dependency fails, with the shipped defaults (database connect 3 s
 * and query 5 s, Redis 2 s, request deadline 15 s): each fault of PostgreSQL, Redis and the
 * chain node is switched on through a TCP proxy, `health`, `me` and `intel/risk` are called
 * a few times at once, and the table gives status and error, the slowest answer, and what was
 * recorded and charged once the dependency was back. The fault table in docs/failures.md comes from here.
 *
 *   npx tsx bench/faults.ts [--calls 5]
 */
async function main() {
  const world = await startFaultyWorld({ balance: 100_000 });
  const { h } = world;
  const risk = demoRequestsFor("intel/risk", "eth", world.chain.addressBook)[0];
  const routes = [
    { id: "health", method: "GET", body: undefined },
    { id: "me", method: "GET", body: undefined },
    { id: "intel/risk", method: "POST", body: risk },
  ] as const;

  console.log("| fault | route | answer | slowest of", calls, "| recorded (after recovery) | charged |");
  console.log("|---|---|---|---|---|---|");
  for (const [dependency, mode] of faults) {
    const before = await world.balance();
    const keys = await Promise.all(routes.flatMap(() => Array.from({ length: calls }, async () => (await h.key()).key)));
    await world.proxies[dependency].set(mode);
    const answers = await Promise.all(
      routes.flatMap((route, r) =>
        Array.from({ length: calls }, async (_, c) => {
          const started = performance.now();
          const response = await h.call(route.method, route.id, { key: route.id === "health" ? undefined : keys[r * calls + c], body: route.body });
          return { route: route.id, status: response.status, error: response.body.ok ? undefined : response.body.error, requestId: response.headers.get("x-request-id")!, ms: performance.now() - started };
        }),
      ),
    );
    await world.proxies[dependency].set("pass");
    await drainUsageWrites(30_000);
    const charged = before - (await world.balance());
    for (const route of routes) {
      const mine = answers.filter((a) => a.route === route.id);
      const records = await h.db.requestRecord.findMany({ where: { id: { in: mine.map((a) => a.requestId) } } });
      const outcomes = [...new Set(records.map((r) => `${r.httpStatus} ${r.outcome}`))].join(", ") || "none";
      const statuses = [...new Set(mine.map((a) => `${a.status}${a.error ? ` ${a.error}` : ""}`))].join(", ");
      const slowest = Math.max(...mine.map((a) => a.ms));
      console.log(`| ${dependency} ${mode} | ${route.id} | ${statuses} | ${(slowest / 1000).toFixed(2)} s | ${records.length}/${route.id === "health" ? 0 : calls}: ${outcomes} | ${route.id === "intel/risk" ? charged : 0} |`);
    }
  }
  await world.close();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
