// A thread's first module, plain JavaScript: Node 20 does not apply loader hooks registered by
// `--import tsx` to a worker's entry module, so the thread registers tsx itself, then loads its
// TypeScript entry (the `entry` of workerData).
import { workerData } from "node:worker_threads";
import { pathToFileURL } from "node:url";
import { register as registerCommonJs } from "tsx/cjs/api";
import { register } from "tsx/esm/api";

// Both, as `--import tsx` does: the project's TypeScript is CommonJS to Node (no "type": "module").
registerCommonJs();
register();
await import(pathToFileURL(workerData.entry).href);
