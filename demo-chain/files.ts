// Small file helpers shared by the compile cache and the saved chain states. Several processes
// (parallel test files, a dev server) may build at once, so writes are atomic and long builds
// take a lock instead of running twice.
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

export async function readJsonIfPresent<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export async function fileExists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** Readers never see a half-written file: write beside it, then rename over it. */
export async function writeFileAtomic(file: string, contents: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, file);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` while holding a lock directory. A lock older than `staleMs` belongs to a process that
 * died mid-build and is taken over.
 */
export async function withFileLock<T>(lockPath: string, fn: () => Promise<T>, staleMs = 180_000): Promise<T> {
  await mkdir(path.dirname(lockPath), { recursive: true });
  for (;;) {
    try {
      await mkdir(lockPath);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const info = await stat(lockPath).catch(() => null);
      if (info && Date.now() - info.mtimeMs > staleMs) await rm(lockPath, { recursive: true, force: true });
      else await sleep(100);
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lockPath, { recursive: true, force: true });
  }
}
