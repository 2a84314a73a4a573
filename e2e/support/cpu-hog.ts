// A busy machine on demand: a child process spinning on one core (a tight loop), for specs that
// must hold under load. It is bounded in time, stops on its own when the process that started it
// goes away (it watches its parent id), and `stop()` kills it at once.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";

export type CpuHog = { pid: number; stop: () => Promise<void> };

/** Spins one core for at most `maxMs`, or until stopped. */
export function startCpuHog(maxMs: number): CpuHog {
  // Date.now() every iteration is the loop's only work; the parent check every 2^20 iterations.
  const spin = `const end = Date.now() + ${Math.round(maxMs)}; const parent = process.ppid; let n = 0;
while (Date.now() < end) { if ((++n & 0xfffff) === 0 && process.ppid !== parent) break; }`;
  const child: ChildProcess = spawn(process.execPath, ["-e", spin], { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/** CPU seconds (user + system) a process has used, from /proc (clock ticks of 1/100 s); null once it is gone. */
export function cpuSeconds(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of stat (here indices 11 and 12, after pid and comm).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
