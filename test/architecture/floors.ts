// The floor manifest: every source file stands on one floor, and imports only from its own floor
// or those below. Lowest first; a file takes the floor of the longest prefix that names it. The
// layering guard (layers.test.ts) enforces it; lib/README.md, the map, is checked against it
// (lib-map.test.ts).
export const floors: { floor: string; paths: string[] }[] = [
  { floor: "vocabulary", paths: ["lib/error-chain.ts", "lib/hash.ts", "lib/log.ts", "lib/metrics.ts", "lib/ids.ts", "lib/process-wide.ts", "lib/group-commit.ts", "lib/errors/", "lib/schemas/provenance.ts", "lib/schemas/vocabulary.ts"] },
  { floor: "chain and stores", paths: ["lib/chain/", "lib/db/", "lib/redis/"] },
  { floor: "schemas, settings and keys", paths: ["lib/schemas/", "lib/settings.ts", "lib/keys/"] },
  { floor: "API contract", paths: ["lib/api-contract/"] },
  { floor: "domain", paths: ["lib/intel/", "lib/usage/", "lib/billing/", "lib/rate-limit/", "lib/accounts/", "lib/metadata/", "lib/operator/", "lib/openapi/"] },
  { floor: "edge", paths: ["lib/api/", "lib/server/", "lib/auth/", "lib/portal/"] },
  { floor: "pages, entry points and the demo chain's wing", paths: ["components/", "app/", "scripts/", "demo-chain/"] },
  // Above the product, which imports none of them: the generated client libraries, the tests (which
  // import the clients), and the benchmarks and browser tests (which import the tests' support).
  { floor: "client libraries", paths: ["clients/"] },
  { floor: "tests", paths: ["test/"] },
  { floor: "benchmarks and browser tests", paths: ["bench/", "e2e/"] },
];

export function floorOf(file: string): number {
  let best = { at: -1, length: -1 };
  floors.forEach(({ paths }, at) => {
    for (const prefix of paths) if ((file === prefix || (prefix.endsWith("/") && file.startsWith(prefix))) && prefix.length > best.length) best = { at, length: prefix.length };
  });
  return best.at;
}


/**
 * On the domain floor, the neighbours a folder may import, each for its reason; an import between
 * two domain folders that is not here fails (layers.test.ts), and so does an entry no import uses.
 */
export const domainNeighbours: Record<string, Record<string, string>> = {
  "lib/billing/": { "lib/usage/": "a paid call's charge and its usage record are written in one transaction" },
  "lib/metadata/": { "lib/billing/": "me shows the free credits left and how to top up" },
  "lib/operator/": {
    "lib/billing/": "the operator grants credits under the same rules as the staff area",
    "lib/rate-limit/": "a key's tier sets its hourly limits",
    "lib/accounts/": "an account's e-mail address follows the one rule",
    "lib/metadata/": "the operator checks a discover card's token as the endpoint does",
  },
};
