// The server's log: JSON lines (pino) that a log pipeline can parse, one object a line with `time`,
// `level` and the fields of the event; under `npm run dev` the same events as one readable line
// each. LOG_FORMAT=json|pretty chooses (default: pretty in development, json otherwise), LOG_LEVEL
// the least level written (default info). Keys are never logged, only their ids.
import { Writable } from "node:stream";
import { format } from "node:util";
import pino, { type Logger } from "pino";
import { processWide } from "@/lib/process-wide";

export type { Logger };

const levelNames: Record<number, string> = { 10: "trace", 20: "debug", 30: "info", 40: "warn", 50: "error", 60: "fatal" };

/** One readable line per event: time, level, message, then the fields as key=value. */
export function prettyLine(json: string): string {
  const { time, level, msg, pid: _pid, hostname: _hostname, ...fields } = JSON.parse(json) as Record<string, unknown>;
  const at = typeof time === "number" ? new Date(time).toISOString().slice(11, 23) : "";
  const rest = Object.entries(fields)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `${name}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" ");
  return `${at} ${levelNames[level as number] ?? level} ${msg ?? ""}${rest ? ` ${rest}` : ""}\n`;
}

function prettyStream(out: NodeJS.WritableStream): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) if (line) out.write(prettyLine(line));
      done();
    },
  });
}

/** A logger writing to `destination` (stdout by default) in the chosen format. */
export function createLogger(options: { env?: NodeJS.ProcessEnv | Record<string, string | undefined>; destination?: NodeJS.WritableStream } = {}): Logger {
  const env = options.env ?? process.env;
  const format = env.LOG_FORMAT === "json" || env.LOG_FORMAT === "pretty" ? env.LOG_FORMAT : env.NODE_ENV === "production" ? "json" : "pretty";
  const out = options.destination ?? process.stdout;
  return pino({ level: env.LOG_LEVEL || "info", base: { pid: process.pid } }, format === "pretty" ? prettyStream(out) : (out as pino.DestinationStream));
}

const holder = processWide<{ serverLog: Logger }>("lib/log");

/** The process's logger (tests swap it with setServerLog). */
export function serverLog(): Logger {
  holder.serverLog ??= createLogger();
  return holder.serverLog;
}

export function setServerLog(logger: Logger | undefined) {
  holder.serverLog = logger;
}

/**
 * The level of a line about an answer: a server fault (5xx) is an error, except a dependency's
 * 503 (retry, nothing charged), which is a warning; every other answer is information.
 */
export function answerLevel(status: number): "info" | "warn" | "error" {
  if (status === 503) return "warn";
  return status >= 500 ? "error" : "info";
}

// Next colours its lines and prefixes them with a glyph; a JSON line carries the words only.
const terminalColours = /\x1b\[[0-9;]*m/g;
const nextGlyph = /^\s*[○⨯⚠▲✓»]\s+/;

/**
 * What libraries print with console.* (Next's "Running next.config.mjs took …", its warnings) goes
 * through `logger` instead, at the level its method says, so a JSON log stays one object a line.
 */
export function routeConsoleTo(logger: Logger) {
  const through = (level: "debug" | "info" | "warn" | "error") => (...args: unknown[]) => {
    const err = args.find((arg): arg is Error => arg instanceof Error);
    const message = format(...args.filter((arg) => arg !== err)).replace(terminalColours, "").replace(nextGlyph, "").trim();
    if (err) logger[level]({ err }, message || err.message);
    else if (message) logger[level](message);
  };
  console.debug = through("debug");
  console.log = console.info = through("info");
  console.warn = through("warn");
  console.error = through("error");
}
