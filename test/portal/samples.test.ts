// The Quickstart's samples run as written: each is saved to a file and run with its own tool
// (curl, tsx, python3) against a real HTTP server in front of the API, with API_KEY set, and must
// print the answer and exit 0. As the Quickstart shows them once a new key is filled in (withKey),
// they run pasted as they are, with no API_KEY in the environment.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeyPlaceholder, curlSample, pythonSample, typescriptSample, withKey, type SampleCall } from "@/lib/portal/samples";
import { useDemoNetworks } from "../support/demo-chains";
import { createHarness, type Harness } from "../support/harness";
import { startApiHttpServer } from "../support/api-http-server";

const run = promisify(execFile);
const demo = useDemoNetworks();
let h: Harness;
let server: Awaited<ReturnType<typeof startApiHttpServer>> | undefined;
let baseUrl: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "samples-"));

beforeAll(async () => {
  h = await createHarness("pglite+memory");
  server = await startApiHttpServer();
  baseUrl = server.baseUrl;
});

afterAll(async () => {
  await server?.close();
  await h?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const samples = { curl: curlSample, typescript: typescriptSample, python: pythonSample };

/** Runs a sample with the key in API_KEY or, `filled`, written into it as the Quickstart fills it in (and API_KEY unset). */
async function runSample(kind: keyof typeof samples, call: SampleCall, { filled = false } = {}) {
  const key = (await h.key()).key;
  const file = path.join(dir, `${kind}-${call.path.replace(/\W/g, "-")}${filled ? "-filled" : ""}.${kind === "typescript" ? "ts" : kind === "python" ? "py" : "sh"}`);
  const shown = samples[kind](baseUrl, call);
  const code = filled ? withKey(shown, key) : kind === "curl" ? shown.replace(apiKeyPlaceholder, "$API_KEY") : shown;
  fs.writeFileSync(file, code);
  const [command, args] = kind === "curl" ? ["bash", [file]] : kind === "typescript" ? [path.resolve("node_modules/.bin/tsx"), [file]] : ["python3", [file]];
  const { API_KEY: _, ...environment } = process.env;
  return run(command, args, { env: filled ? environment : { ...environment, API_KEY: key }, cwd: dir, timeout: 60_000 });
}

describe("Quickstart samples", () => {
  const me: SampleCall = { method: "GET", path: "/v1/api/me", body: null };
  const risk = (): SampleCall => ({ method: "POST", path: "/v1/api/intel/risk", body: { chain: "eth", address: demo.chains.eth.addressBook.scenarios.healthy.token.address } });

  it("curl prints the answer", async () => {
    const { stdout } = await runSample("curl", me);
    expect(JSON.parse(stdout)).toMatchObject({ ok: true, data: { environment: "live" } });
    expect(JSON.parse((await runSample("curl", risk())).stdout)).toMatchObject({ ok: true, meta: { credits_charged: 2 } });
  });

  it("TypeScript runs with tsx as written", async () => {
    expect((await runSample("typescript", me)).stdout).toContain("svc_live_");
    expect((await runSample("typescript", risk())).stdout).toMatch(/ 2\n$/);
  }, 60_000);

  it("Python runs with the standard library as written", async () => {
    expect((await runSample("python", me)).stdout).toContain("svc_live_");
    expect((await runSample("python", risk())).stdout).toMatch(/ 2\n$/);
  }, 60_000);

  it("with the new key filled in, each runs pasted as shown, without API_KEY in the environment", async () => {
    expect(JSON.parse((await runSample("curl", me, { filled: true })).stdout)).toMatchObject({ ok: true, data: { environment: "live" } });
    expect((await runSample("typescript", me, { filled: true })).stdout).toContain("svc_live_");
    expect((await runSample("python", me, { filled: true })).stdout).toContain("svc_live_");
  }, 60_000);

  it("a failed call makes the TypeScript and Python samples fail with the error code and request id", async () => {
    const bad: SampleCall = { method: "POST", path: "/v1/api/intel/risk", body: { chain: "ethereum", address: "0x0" } };
    await expect(runSample("typescript", bad)).rejects.toMatchObject({ stderr: expect.stringMatching(/invalid_chain \(request req_/) });
    await expect(runSample("python", bad)).rejects.toMatchObject({ stderr: expect.stringMatching(/invalid_chain \(request req_/) });
  }, 60_000);
});
