// Retry-After as both clients read it: seconds, or an HTTP date (RFC 9110 allows both); anything
// else is no instruction, and the client falls back to its own wait.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { retryAfterSeconds } from "@/clients/typescript/src/index";

const run = promisify(execFile);
const now = Date.parse("2026-11-27T12:00:00Z");
const cases: Array<[string | null, number | null]> = [
  ["3", 3],
  [" 30 ", 30],
  ["Fri, 27 Nov 2026 12:00:05 GMT", 5],
  ["Fri, 27 Nov 2026 11:59:00 GMT", 0],
  ["soon", null],
  ["-1", null],
  ["", null],
  [null, null],
];

describe("Retry-After", () => {
  it("the TypeScript client reads seconds and HTTP dates", () => {
    expect(cases.map(([value]) => retryAfterSeconds(value, now))).toEqual(cases.map(([, seconds]) => seconds));
  });

  it("the Python client reads them alike", async () => {
    const script = `import json, sys\nsys.path.insert(0, ${JSON.stringify(path.resolve(__dirname, "../../clients/python"))})\nfrom devintel_client import retry_after_seconds\nprint(json.dumps([retry_after_seconds(v, ${now / 1000}) for v in json.loads(sys.argv[1])]))`;
    const { stdout } = await run("python3", ["-c", script, JSON.stringify(cases.map(([value]) => value))]);
    expect(JSON.parse(stdout)).toEqual(cases.map(([, seconds]) => seconds));
  });
});
