import path from "node:path";

/** Where the embedded defaults keep their state (git-ignored). */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR || ".data");
}
