// A server logger whose JSON lines a test can read (lib/server/log.ts), swapped in for the process's.
import { Writable } from "node:stream";
import { createLogger, setServerLog } from "@/lib/server/log";

export function captureLines() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, destination };
}

/** Makes the process's server log JSON lines kept in memory, until `restore()`. */
export function captureServerLog() {
  const captured = captureLines();
  setServerLog(createLogger({ env: { LOG_FORMAT: "json" }, destination: captured.destination }));
  return {
    lines: captured.lines,
    /** The parsed request lines (msg "request"). */
    requests: () => captured.lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === "request"),
    restore: () => setServerLog(undefined),
  };
}
