// Six 100 MB sign-in forms at once against `npm start`: each must be refused (413) in under a
// second without the server reading it, memory must stay flat, and other clients' API calls must
// not slow down. How it measures: main() below.
import http from "node:http";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { onFreshDatabase, residentMbOfTree, runBench, waitFor } from "./support/server";

const { values } = parseArgs({ options: { uploads: { type: "string", default: "6" }, megabytes: { type: "string", default: "100" }, port: { type: "string", default: "3331" } } });
const uploads = Number(values.uploads);
const bytes = Number(values.megabytes) * 2 ** 20;
const port = Number(values.port);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** Streams a `bytes`-long form to `path` until the server answers; resolves with the status and the time it took. */
function upload(path: string): Promise<{ status: number | null; ms: number; sentMb: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    let sent = 0;
    let done = false;
    const finish = (status: number | null) => {
      if (done) return;
      done = true;
      request.destroy();
      resolve({ status, ms: Math.round(performance.now() - started), sentMb: Math.round(sent / 2 ** 20) });
    };
    const request = http.request({ host: "127.0.0.1", port, path, method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(bytes) } });
    request.on("response", (response) => {
      response.resume();
      finish(response.statusCode ?? null);
    });
    // The server answers 413 and closes: a write can fail before the answer is read, so wait for it a moment.
    request.on("error", () => setTimeout(() => finish(null), 500));
    const chunk = Buffer.alloc(64 * 1024, "a");
    const write = () => {
      while (!done && sent < bytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return request.once("drain", write);
      }
      if (!done) request.end();
    };
    write();
  });
}

/** An API call on another connection: `me`, or contract/analysis, which on a network with no node the pipeline answers 503 at once. */
async function apiCall(key: string, index: number): Promise<number> {
  const at = performance.now();
  const read = index % 2 === 1;
  await fetch(`http://127.0.0.1:${port}/v1/api/${read ? "contract/analysis" : "me"}`, {
    method: read ? "POST" : "GET",
    headers: { "x-api-key": key, ...(read ? { "content-type": "application/json" } : {}) },
    body: read ? JSON.stringify({ chain: "eth", address: `0x${"1".repeat(40)}` }) : undefined,
  }).then((response) => response.arrayBuffer());
  return performance.now() - at;
}

async function apiLoop(keys: string[], until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  let index = 0;
  while (!until()) {
    latencies.push(await apiCall(keys[index % keys.length], index++));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return latencies.sort((a, b) => a - b);
}

/**
 * Six 100 MB sign-in forms at once against `npm start`: each must be refused (413) in under a
 * second without the server reading it, the server's memory must stay flat, and other clients'
 * API calls must not slow down.
 *
 *   npm run build && npx tsx bench/large-bodies.ts [--uploads 6] [--megabytes 100]
 *
 * The uploads stream their bodies (Content-Length declared up front, 64 KiB writes) and stop when
 * the server answers or closes. Meanwhile another client calls the API every 10 ms, `me` and
 * contract/analysis in turn (rotating keys, so no budget refuses it; with no node configured the
 * read is a 503 the pipeline answers at once); its p99 is compared with the same loop run in the
 * five seconds after the server said it was ready, before any upload, with nothing warmed by the
 * bench. Memory is the server tree's resident set (/proc).
 */
async function main() {
  await onFreshDatabase(async (bench) => {
    const server = bench.startServer(port, { REDIS_URL: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379" });
    const keys = await bench.liveKeys(200, ["intel:read", "contract:read"]);
    await waitFor(`http://127.0.0.1:${port}/readyz`, 120_000);
    // Measured from the moment the server is ready, with nothing warmed by the bench: a first call that is slow shows here.
    const baselineEnd = Date.now() + 5_000;
    const baseline = await apiLoop(keys, () => Date.now() > baselineEnd);
    const memoryBefore = residentMbOfTree(server.pid);
    let memoryPeak = memoryBefore;
    const sampler = setInterval(() => (memoryPeak = Math.max(memoryPeak, residentMbOfTree(server.pid))), 50);

    const rows = [];
    for (const path of ["/api/auth/signin/email", "/api/auth/callback/email", "/api/auth/signout"]) {
      let uploading = true;
      const during = apiLoop(keys, () => !uploading);
      const results = await Promise.all(Array.from({ length: uploads }, () => upload(path)));
      // Keep calling for a moment after, so a stall that outlives the uploads shows too.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      uploading = false;
      const latencies = await during;
      rows.push({
        path,
        answered_413: results.filter((result) => result.status === 413).length,
        // The server closes the connection after its 413; a client still writing can meet the reset first.
        reset_before_answer: results.filter((result) => result.status === null).length,
        other: results.filter((result) => result.status !== null && result.status !== 413).length,
        slowest_refusal_ms: Math.max(...results.map((result) => result.ms)),
        most_sent_mb: Math.max(...results.map((result) => result.sentMb)),
        api_calls: latencies.length,
        api_p99_ms: Number(percentile(latencies, 99).toFixed(1)),
        api_max_ms: Number(latencies[latencies.length - 1].toFixed(1)),
      });
    }
    clearInterval(sampler);
    console.table(rows);
    console.log(JSON.stringify({
      uploads, megabytes_each: bytes / 2 ** 20,
      api_first_5s_p99_ms: Number(percentile(baseline, 99).toFixed(1)), api_first_5s_max_ms: Number(baseline[baseline.length - 1].toFixed(1)), api_first_5s_calls: baseline.length,
      server_rss_mb_before: memoryBefore, server_rss_mb_peak: memoryPeak, server_rss_mb_after: residentMbOfTree(server.pid),
    }, null, 2));
  });
}

runBench(main);
