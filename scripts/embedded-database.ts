// The embedded database's own process: PGlite runs on the thread that executes its queries, so a
// server that rendered a heavy page or decoded a busy token on the same thread held every query
// past its timeout. Started by the server (`startEmbeddedDatabaseProcess`), it serves PGlite on
// loopback, says where over IPC, and closes when the server tells it to or goes away.
import { serveEmbeddedDatabase } from "@/lib/db/embedded";
import { serverLog } from "@/lib/log";

async function main() {
  const served = await serveEmbeddedDatabase();
  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= served.close().then(
      () => process.exit(0),
      (error: unknown) => {
        serverLog().error({ err: error instanceof Error ? error.message : String(error) }, "database: closing the embedded database failed");
        process.exit(1);
      },
    );
    return closing;
  };
  // Ctrl-C reaches the whole process group: the server decides when the database closes (after
  // its requests and usage records are written), so this process waits for its word.
  process.on("SIGINT", () => undefined);
  process.on("SIGTERM", () => void close());
  process.on("message", (message) => {
    if (message === "close") void close();
  });
  // The server is gone (crashed or killed): nothing else will close the database.
  process.on("disconnect", () => void close());
  process.send!({ url: served.url });
}

main().catch((error: unknown) => {
  serverLog().error({ err: error }, "database: the embedded database could not start");
  process.exit(1);
});
