// SIGTERM to `npm start` under load, as systemd, Docker or a process manager send it: every
// request that got an answer has its usage record, the whole process tree (server, demo
// anvils, embedded database socket) is gone within 10 s, and a second start on the same
// DATA_DIR works. Runs the real script on the build the suite made, on its own port and
// embedded database, beside the suite's server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, test } from "@playwright/test";
import { admin as adminBeside, alive, descendants, embeddedEnv, freePort, npmUntilReady, stopStarted, type Started } from "./support/own-server";

test.setTimeout(1_200_000);

/** `processes`: the embedded defaults serve from one; with Redis, `npm start` serves from one worker per core. */
type Setup = { processes: 1 | 2 };

function serverEnv(dataDir: string, port: number, setup: Setup = { processes: 1 }): NodeJS.ProcessEnv {
  // The embedded defaults: PGlite in its own process on loopback, in-process limiter, demo anvils.
  const env: NodeJS.ProcessEnv = { ...embeddedEnv(dataDir, port), NODE_ENV: "production", SHUTDOWN_GRACE_MS: "4000" };
  if (setup.processes === 2) Object.assign(env, { REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379", WEB_CONCURRENCY: "2" });
  return env;
}

const npmStart = (dataDir: string, port: number, setup: Setup) => npmUntilReady(["start"], serverEnv(dataDir, port, setup));
const admin = (dataDir: string, args: string[]) => adminBeside(serverEnv(dataDir, 0), args);

for (const setup of [{ processes: 1 }, { processes: 2 }] satisfies Setup[]) {
  test(`SIGTERM under load, ${setup.processes} server process${setup.processes > 1 ? "es" : ""}: answered requests are recorded, the tree is gone within 10 s, and it starts again`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "graceful-stop-"));
    const port = await freePort();
    let first: Started | undefined;
    let second: Started | undefined;
    try {
      first = await npmStart(dataDir, port, setup);
      expect(first.log()).toContain(`— ${setup.processes} process${setup.processes > 1 ? "es" : ""} (`);
      const owner = admin(dataDir, ["user", "create", "--email", "stop@example.com"]);
      const project = admin(dataDir, ["project", "create", "--owner", owner.email, "--name", "Stop"]);
      const keys = Array.from({ length: 4 }, () => admin(dataDir, ["key", "create", "--project", project.id, "--mode", "live", "--scopes", "intel:read"]).key);

      const tree = [first.npm.pid!, ...descendants(first.npm.pid!)];
      // npm, node, the embedded database's process, three anvils, and the workers when there are several
      expect(tree.length).toBeGreaterThanOrEqual(6 + (setup.processes > 1 ? setup.processes : 0));

      const answers: Array<{ status: number; requestId: string; body: { error?: string; message?: string } }> = [];
      let failures = 0;
      let signalledAt = 0;
      const loop = async (worker: number) => {
        for (let i = 0; ; i++) {
          try {
            const response = await fetch(`http://127.0.0.1:${port}/v1/api/me`, { headers: { "X-API-Key": keys[(worker + i) % keys.length] } });
            answers.push({ status: response.status, requestId: response.headers.get("x-request-id") ?? "", body: (await response.json()) as { error?: string } });
          } catch {
            failures++;
            if (signalledAt) return; // refused: the server has stopped listening
          }
          if (!signalledAt && answers.length >= 150) {
            signalledAt = Date.now();
            process.kill(first!.npm.pid!, "SIGTERM");
          }
          if (i > 400) return;
        }
      };
      await Promise.all(Array.from({ length: 12 }, (_, worker) => loop(worker)));
      expect(signalledAt).toBeGreaterThan(0);

      const code = await first.exited;
      const gone = Date.now();
      await expect.poll(() => tree.filter(alive), { timeout: Math.max(0, 10_000 - (Date.now() - signalledAt)) }).toEqual([]);
      expect(gone - signalledAt).toBeLessThan(10_000);
      expect(code).toBe(0);
      const log = first.log();
      for (const step of ["stop: SIGTERM", "stop: requests drained", "stop: usage records written", "stop: database connections closed", "stop: demo chains stopped", "stop: embedded database closed", "stop: done"]) {
        expect(log).toContain(step);
      }
      // Each worker drains and writes its own records before the shared parts close.
      if (setup.processes > 1) expect(log.split("stop: requests drained").length - 1).toBe(setup.processes);

      // Refused while stopping (503 from the server itself, before any key was read) carry no record.
      const refused = answers.filter((a) => a.status === 503 && a.body.message === "The server is stopping; retry the request.");
      const served = answers.filter((a) => !refused.includes(a));
      expect(served.length).toBeGreaterThanOrEqual(150);
      expect(served.every((a) => a.requestId.startsWith("req_"))).toBe(true);

      second = await npmStart(dataDir, port, setup);
      const { url } = JSON.parse(fs.readFileSync(path.join(dataDir, "embedded-db.json"), "utf8")) as { url: string };
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ id: string }>("SELECT id FROM request_records WHERE id = ANY($1)", [served.map((a) => a.requestId)]);
        const recorded = new Set(rows.map((row) => row.id));
        expect(served.filter((a) => !recorded.has(a.requestId))).toEqual([]);
      } finally {
        await client.end();
      }
      console.log(`graceful stop: ${served.length} answered and recorded, ${refused.length} refused while stopping, ${failures} refused connections, stopped in ${gone - signalledAt} ms`);
    } finally {
      for (const started of [first, second]) await stopStarted(started);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
