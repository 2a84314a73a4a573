// The world the error-table walk (e2e/error-walk.spec.ts) asks its questions in, made with the
// product's own operations: a fresh PostgreSQL database, the Ethereum demo chain, a BNB Chain node
// that tells its head but fails every read (so a read fails on an intelligence thread, not before
// it), charging on, and one key or project in each state the pipeline refuses. Prints one JSON
// line (WalkWorld) and keeps the chain and the node up until SIGTERM, then drops the database.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/db/generated/client";
import { changeSettings, createKey, createProject, createUser, grantCreditsTo, revokeKey, setProjectStatus, suspendKey } from "@/lib/operator/operations";
import { utcDay, freeCreditsPerDay } from "@/lib/billing/credits";
import { idempotencyWindowMs, requestFingerprint } from "@/lib/billing/idempotency";
import { newId } from "@/lib/ids";
import { endpointPath, endpoints, type EndpointDefinition } from "@/lib/api-contract/endpoints";
import { errorCodes, type ErrorCode } from "@/lib/errors/error-codes";
import { errorCodesFor } from "@/lib/openapi/endpoint-reference";
import { startDemoChain } from "@/demo-chain";
import { demoRequestsFor } from "@/demo-chain/requests";
import { createTestDatabase } from "../../test/support/postgres";

export type WalkKeys = Record<
  | "live" | "test" | "legacy" | "securityOnly" | "contractOnly" | "partnerRiskOnly" | "partnerAnalysisOnly" | "ethOnly" | "originBound" | "oneCallAnHour" | "revoked" | "expired"
  | "suspended" | "disabledProject" | "trialEnded" | "trialSpent" | "broke" | "ledgerRefused",
  string
>;

export type WalkWorld = {
  databaseUrl: string;
  ethRpcUrl: string;
  failingBscRpcUrl: string;
  ownerEmail: string;
  /** A demo token with trades, and an address with no code. */
  token: string;
  noCode: string;
  /** A wallet that never held or traded anything. */
  quietWallet: string;
  /** Per intelligence endpoint, a demo request that answers with data (and so is charged). */
  answering: Record<string, Record<string, unknown>>;
  keys: WalkKeys;
  /** The registry as the walk reads it: every endpoint, its input fields and every code it can answer (the API reference's list). */
  endpoints: { id: string; method: string; path: string; surface: string; price: number; fields: string[]; codes: ErrorCode[] }[];
  /** The error table: each code's status and default message. */
  errorTable: Record<ErrorCode, { status: number; message: string }>;
  /** Per intelligence endpoint, the Idempotency-Key and body of a claim another server holds on the live key and has not finished. */
  heldClaims: Record<string, { idempotencyKey: string; body: string }>;
};

/** A node that answers who and where it is, and fails every read with HTTP 502, as a failing upstream would. */
function failingNode(chainIdHex: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      const answer = (one: { id?: unknown; method?: string }) =>
        one.method === "eth_chainId" ? { jsonrpc: "2.0", id: one.id, result: chainIdHex } : one.method === "eth_blockNumber" ? { jsonrpc: "2.0", id: one.id, result: "0x1000" } : null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      const answers = calls.map((call) => answer((call ?? {}) as { id?: unknown; method?: string }));
      if (answers.some((one) => one === null)) {
        res.writeHead(502, { "content-type": "text/plain" }).end("bad gateway");
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(Array.isArray(parsed) ? answers : answers[0]));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((done) => server.close(() => done())) }),
    ),
  );
}

function fieldsOf(endpoint: EndpointDefinition): string[] {
  const schema = (endpoint.body ?? endpoint.query) as { shape?: Record<string, unknown> } | undefined;
  return Object.keys(schema?.shape ?? {});
}

async function main() {
  const database = await createTestDatabase();
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
  const eth = await startDemoChain({ chain: "eth", log: (line) => console.error(`error walk: ${line}`) });
  const bsc = await failingNode("0x38");
  const stop = async () => {
    await db.$disconnect().catch(() => undefined);
    await bsc.close();
    await eth.stop().catch(() => undefined);
    await database.drop().catch(() => undefined);
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());

  const actor = "e2e-error-walk";
  const suffix = Date.now().toString(36);
  const owner = await createUser(db, actor, { email: `walk-${suffix}@example.com` });
  const brokeOwner = await createUser(db, actor, { email: `walk-broke-${suffix}@example.com` });
  const project = await createProject(db, actor, { ownerEmail: owner.email, name: "Error walk" });
  const brokeProject = await createProject(db, actor, { ownerEmail: brokeOwner.email, name: "Error walk, no credits" });
  const disabledProject = await createProject(db, actor, { ownerEmail: owner.email, name: "Error walk, suspended" });
  const ledgerOwner = await createUser(db, actor, { email: `walk-ledger-${suffix}@example.com` });
  const ledgerProject = await createProject(db, actor, { ownerEmail: ledgerOwner.email, name: "Error walk, charges refused" });
  await changeSettings(db, actor, { chargingEnabled: true });
  await grantCreditsTo(db, actor, { email: owner.email, amount: 5_000, reason: "error walk" });
  // The broke owner has spent today's free credits and has no balance.
  await db.creditAccount.update({ where: { userId: brokeOwner.id }, data: { freeCreditsDay: utcDay(new Date()), freeCreditsUsed: freeCreditsPerDay } });

  const all = ["intel:read", "liquidity:read", "contract:read", "security:read"];
  const make = async (options: Partial<Parameters<typeof createKey>[2]> & { projectId?: string }) =>
    createKey(db, actor, { projectId: project.id, mode: "live", permissions: all, tier: "pro", ...options });
  const inAYear = new Date(Date.now() + 365 * 86_400_000);
  const keys = {
    live: await make({ name: "live" }),
    test: await make({ name: "test", mode: "test" }),
    legacy: await make({ name: "legacy", accessMode: "legacy" }),
    securityOnly: await make({ name: "security only", permissions: ["security:read"] }),
    contractOnly: await make({ name: "contract only", permissions: ["contract:read"] }),
    partnerRiskOnly: await make({ name: "partner, risk only", accessMode: "partner", coveredEndpoints: ["intel/risk"] }),
    partnerAnalysisOnly: await make({ name: "partner, analysis only", accessMode: "partner", coveredEndpoints: ["contract/analysis"] }),
    ethOnly: await make({ name: "eth only", allowedChains: ["eth"] }),
    originBound: await make({ name: "one origin", allowedOrigins: ["https://app.example.com"] }),
    oneCallAnHour: await make({ name: "one an hour", rateLimitPerHour: 1 }),
    revoked: await make({ name: "revoked" }),
    expired: await make({ name: "expired", expiresAt: inAYear }),
    suspended: await make({ name: "suspended" }),
    disabledProject: await make({ name: "in a suspended project", projectId: disabledProject.id }),
    trialEnded: await make({ name: "trial ended", accessMode: "trial", trialAllowance: 100, trialEndsAt: inAYear }),
    trialSpent: await make({ name: "trial spent", accessMode: "trial", trialAllowance: 1, trialEndsAt: inAYear }),
    broke: await make({ name: "no credits", projectId: brokeProject.id }),
    ledgerRefused: await make({ name: "charges refused", projectId: ledgerProject.id }),
  };
  // This database refuses every ledger entry of one account, as a database that fails mid-charge
  // would: its calls are read, then cannot be charged.
  await grantCreditsTo(db, actor, { email: ledgerOwner.email, amount: 1_000, reason: "error walk" });
  const ledgerAccount = await db.creditAccount.findUniqueOrThrow({ where: { userId: ledgerOwner.id } });
  await db.$executeRawUnsafe(`CREATE FUNCTION walk_refuse_charges() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.account_id = '${ledgerAccount.id}' AND NEW.kind = 'charge' THEN RAISE EXCEPTION 'charges refused for this account'; END IF; RETURN NEW; END $$`);
  await db.$executeRawUnsafe("CREATE TRIGGER walk_refuse_charges BEFORE INSERT ON credit_ledger FOR EACH ROW EXECUTE FUNCTION walk_refuse_charges()");
  await revokeKey(db, actor, { keyId: keys.revoked.id });
  await suspendKey(db, actor, { keyId: keys.suspended.id, reason: "error walk" });
  await setProjectStatus(db, actor, { projectId: disabledProject.id, status: "suspended", reason: "error walk" });
  // Dates the operations refuse to set in the past are moved there as time would move them.
  const yesterday = new Date(Date.now() - 86_400_000);
  await db.apiKey.update({ where: { id: keys.expired.id }, data: { expiresAt: yesterday } });
  await db.apiKey.update({ where: { id: keys.trialEnded.id }, data: { trialEndsAt: yesterday } });
  await db.apiKey.update({ where: { id: keys.trialSpent.id }, data: { trialUsed: 1 } });

  const { address: token } = eth.addressBook.scenarios.healthy.token;
  const quietWallet = "0x000000000000000000000000000000000000a11c";
  // Another server claimed these Idempotency-Keys and is still answering them (the walk dates each claim just before it asks).
  const heldClaims: WalkWorld["heldClaims"] = {};
  for (const endpoint of endpoints.filter((candidate) => candidate.surface === "intelligence")) {
    const fields = fieldsOf(endpoint);
    const body = JSON.stringify(Object.fromEntries(fields.filter((field) => ["chain", "address", "token", "wallet"].includes(field)).map((field) => [field, field === "chain" ? "eth" : field === "wallet" ? quietWallet : token])));
    const idempotencyKey = `held-${endpoint.id.replace("/", "-")}-${suffix}`;
    heldClaims[endpoint.id] = { idempotencyKey, body };
    await db.idempotencyRecord.create({
      data: { id: newId("idem"), keyId: keys.live.id, idempotencyKey, fingerprint: requestFingerprint("POST", endpoint.id, body), state: "in_progress", expiresAt: new Date(Date.now() + idempotencyWindowMs) },
    });
  }

  const world: WalkWorld = {
    databaseUrl: database.url,
    ethRpcUrl: eth.rpcUrl,
    failingBscRpcUrl: bsc.url,
    ownerEmail: owner.email,
    token,
    noCode: "0x00000000000000000000000000000000000f1e1d",
    quietWallet,
    answering: Object.fromEntries(endpoints.filter((endpoint) => endpoint.surface === "intelligence").map((endpoint) => [endpoint.id, demoRequestsFor(endpoint.id, "eth", eth.addressBook)[0]!])),
    keys: Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, key.fullKey])) as WalkKeys,
    heldClaims,
    endpoints: (endpoints as readonly EndpointDefinition[]).map((endpoint) => ({
      id: endpoint.id, method: endpoint.method, path: endpointPath(endpoint), surface: endpoint.surface, price: endpoint.price, fields: fieldsOf(endpoint), codes: errorCodesFor(endpoint),
    })),
    errorTable: Object.fromEntries(Object.entries(errorCodes).map(([code, { status, message }]) => [code, { status, message }])) as WalkWorld["errorTable"],
  };
  process.stdout.write(`${JSON.stringify(world)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
