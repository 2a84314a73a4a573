// `npm run dev` and `npm start`: starts the embedded defaults that are not
// configured (database, and later the demo chains), then serves the Next.js app
// from this process. Serving it ourselves lets each request carry the socket's
// peer address, which IP allow lists need and route handlers cannot otherwise see.
import http from "node:http";
import next from "next";
import { serveEmbeddedDatabase } from "@/lib/db/embedded";
import { dataDir } from "@/lib/db/data-dir";
import { peerAddressHeader, peerSecret, peerSecretHeader } from "@/lib/api/pipeline/client-address";
import { seedDemoAccountsOnStart } from "@/lib/portal/seed";
import { describeRateLimitStore } from "@/lib/rate-limit";
import { startDemoChains } from "@/lib/demo-chain";
import { demoChainDataSetting } from "@/lib/chain/demo-data";

const rpcSettings = { eth: "ETH_RPC_URL", base: "BASE_RPC_URL", bsc: "BSC_RPC_URL" } as const;

const mode = process.argv[2] === "start" ? "start" : "dev";
const dev = mode === "dev";
process.env.NEXT_TELEMETRY_DISABLED = "1";

async function main() {
  const cleanups: Array<() => Promise<void>> = [];
  if (!process.env.DATABASE_URL) {
    const embedded = await serveEmbeddedDatabase();
    process.env.DATABASE_URL = embedded.url;
    cleanups.push(embedded.close);
    console.log(`database: embedded PGlite in ${dataDir()} (migrated; served on ${new URL(embedded.url).host} for the operator CLI)`);
  } else {
    console.log("database: PostgreSQL from DATABASE_URL (apply migrations with npm run db:migrate)");
  }

  console.log(describeRateLimitStore());

  // No node configured at all: one local demo chain per network (chain ids 1, 8453, 56),
  // seeded with the demo scenarios and reloaded from a saved state after the first start.
  const configured = Object.values(rpcSettings).filter((name) => process.env[name]);
  if (configured.length === 0 && process.env.DEMO_CHAINS !== "off") {
    const demo = await startDemoChains({ log: (line) => console.log(`chains: ${line}`) });
    cleanups.push(demo.stop);
    for (const [chain, setting] of Object.entries(rpcSettings)) process.env[setting] = demo[chain as keyof typeof rpcSettings].rpcUrl;
    process.env[demoChainDataSetting] = "1";
    console.log("chains: DEMO DATA — local anvil chains for eth, base and bsc (addresses: npx tsx scripts/demo-chain.ts --print-addresses)");
  } else {
    console.log(`chains: ${configured.length ? configured.join(", ") : "none (DEMO_CHAINS=off)"}`);
  }

  if (dev) await seedDemoAccountsOnStart();

  const port = Number(process.env.PORT ?? 3000);
  const hostname = process.env.HOST ?? (dev ? "127.0.0.1" : "0.0.0.0");
  const app = next({ dev, hostname, port, turbopack: dev });
  const handle = app.getRequestHandler();
  await app.prepare();
  const secret = peerSecret();

  const server = http.createServer((req, res) => {
    // Never trust a client's copy of our internal headers.
    req.headers[peerAddressHeader] = req.socket.remoteAddress ?? "";
    req.headers[peerSecretHeader] = secret;
    void handle(req, res);
  });
  server.listen(port, hostname, () => console.log(`ready: http://localhost:${port} (${mode})`));

  const shutdown = async () => {
    server.close();
    await app.close?.();
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
