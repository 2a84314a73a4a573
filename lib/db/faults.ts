// Tells "the database could not be reached or did not answer in time" from every other
// database error. The first is an outage of a dependency (503, retry); the second is a bug
// or a data problem (500). The texts and codes are the ones pg, pg-pool, Prisma's pg adapter
// and PostgreSQL itself use when a server is down, restarting, overloaded or silent.
import { BaseError as ViemError } from "viem";
import { errorChain } from "@/lib/error-chain";

/** Socket errors on the way to the database. */
const socketCodes = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "EADDRNOTAVAIL", "ECONNABORTED"]);

/** Prisma's codes for an unreachable, closed, saturated or timed-out database. */
const prismaCodes = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028", "P2037"]);

/** Prisma driver-adapter error kinds with the same meaning. */
const adapterKinds = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "TlsConnectionError"]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 53 (insufficient resources: too many
 * connections, out of memory or disk), 57P01–57P03 (shutting down, crashed, not yet accepting)
 * and 57014 (cancelled by the statement timeout).
 */
function isUnavailableSqlState(code: string): boolean {
  return /^(08|53)[0-9A-Z]{3}$/.test(code) || code === "57P01" || code === "57P02" || code === "57P03" || code === "57014";
}

/** pg and pg-pool say these in words only. */
const unavailableTexts = [
  /Connection terminated/i,
  /Query read timeout/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Cannot use a pool after calling end/i,
  /Client was closed and is not queryable/i,
  /PGlite is closed/i,
];

function isUnavailableEntry(entry: unknown): boolean {
  if (entry === null || typeof entry !== "object") return false;
  const { code, kind, message } = entry as { code?: unknown; kind?: unknown; message?: unknown };
  if (typeof code === "string" && (socketCodes.has(code) || prismaCodes.has(code) || isUnavailableSqlState(code))) return true;
  if (typeof kind === "string" && adapterKinds.has(kind)) return true;
  if (typeof kind === "string" && kind === "postgres" && typeof code === "string" && isUnavailableSqlState(code)) return true;
  // Prisma keeps the adapter's error under meta.driverAdapterError.
  const adapterError = (entry as { meta?: { driverAdapterError?: { cause?: unknown } } }).meta?.driverAdapterError;
  if (adapterError && isUnavailableEntry(adapterError.cause)) return true;
  return typeof message === "string" && unavailableTexts.some((text) => text.test(message));
}

/** True when the error means the database is down, unreachable, overloaded or silent. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const chain = errorChain(error);
  // A chain node's refused connection carries the same socket codes; it is not the database.
  if (chain.some((entry) => entry instanceof ViemError)) return false;
  return chain.some(isUnavailableEntry);
}

/** PostgreSQL's undefined table and column, and Prisma's names for them: a schema older than the code. */
const schemaCodes = new Set(["42P01", "42703", "P2021", "P2022"]);

function isSchemaEntry(entry: unknown): boolean {
  if (entry === null || typeof entry !== "object") return false;
  const { code, originalCode } = entry as { code?: unknown; originalCode?: unknown };
  if ((typeof code === "string" && schemaCodes.has(code)) || (typeof originalCode === "string" && schemaCodes.has(originalCode))) return true;
  const adapterError = (entry as { meta?: { driverAdapterError?: { cause?: unknown } } }).meta?.driverAdapterError;
  return Boolean(adapterError && isSchemaEntry(adapterError.cause));
}

/** True when a query failed because the database lacks a table or column this version uses (migrations not applied). */
export function isSchemaBehind(error: unknown): boolean {
  return errorChain(error).some(isSchemaEntry);
}
