// After `npm test`: the ten slowest test files of both runners (Vitest and the browser suite), from
// the JSON each wrote into test-results/, and a failure for any Vitest file over the per-file
// budget. A file that grows past the budget is split or made cheaper, so the two workers share the
// work and the whole run stays within its minutes (docs/testing.md).
//   tsx scripts/test-times.ts [--budget-seconds 60] [--top 10]
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

type Timed = { file: string; seconds: number; runner: "vitest" | "browser" };

const root = path.resolve(__dirname, "..");
const results = path.join(root, "test-results");

function vitestTimes(file: string): Timed[] {
  if (!fs.existsSync(file)) return [];
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as { testResults: { name: string; startTime: number; endTime: number }[] };
  return report.testResults.map((result) => ({ file: path.relative(root, result.name), seconds: (result.endTime - result.startTime) / 1000, runner: "vitest" }));
}

type PlaywrightSuite = { file?: string; suites?: PlaywrightSuite[]; specs?: { tests: { results: { duration: number }[] }[] }[] };

function browserTimes(file: string): Timed[] {
  if (!fs.existsSync(file)) return [];
  const report = JSON.parse(fs.readFileSync(file, "utf8")) as { suites: PlaywrightSuite[] };
  const total = (suite: PlaywrightSuite): number =>
    (suite.specs ?? []).reduce((sum, spec) => sum + spec.tests.reduce((inner, test) => inner + test.results.reduce((r, result) => r + result.duration, 0), 0), 0) +
    (suite.suites ?? []).reduce((sum, nested) => sum + total(nested), 0);
  return report.suites.map((suite) => ({ file: path.join("e2e", suite.file ?? "?"), seconds: total(suite) / 1000, runner: "browser" }));
}

function main() {
  const { values } = parseArgs({ options: { "budget-seconds": { type: "string", default: "60" }, top: { type: "string", default: "10" } } });
  const budget = Number(values["budget-seconds"]);
  const times = [...vitestTimes(path.join(results, "vitest.json")), ...browserTimes(path.join(results, "playwright.json"))].sort((a, b) => b.seconds - a.seconds);
  if (times.length === 0) {
    console.log("test times: no test reports in test-results/");
    return;
  }
  console.log(`test times: the ${Math.min(Number(values.top), times.length)} slowest files`);
  for (const { file, seconds, runner } of times.slice(0, Number(values.top))) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}${runner === "browser" ? "  (browser suite)" : ""}`);
  const over = times.filter((time) => time.runner === "vitest" && time.seconds > budget);
  if (over.length > 0) {
    console.error(`test times: ${over.length} Vitest file(s) over the ${budget} s budget a file: ${over.map((time) => `${time.file} (${time.seconds.toFixed(1)} s)`).join(", ")}; split or speed them up`);
    process.exitCode = 1;
  }
}

main();
