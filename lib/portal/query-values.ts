// The one reader for the portal's query values (filters, search, pages). Each value is checked
// before it can reach the database or a header: PostgreSQL refuses NUL in text, an impossible
// day makes an Invalid Date, and CR, LF or a quote in a file name would break Content-Disposition.
// A value that fails is dropped and named, so a page says what it ignored and an export answers 400.
import { z } from "zod";

/** Control, format (bidi overrides, zero-width) and lone surrogate characters: never part of a name, id or search. */
const invisible = /[\p{Cc}\p{Cf}\p{Cs}]/u;

/** Ids this project mints (`prj_…`, `key_…`) and the like: letters, digits, _ and -. */
export const idValue = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "is not an id (letters, digits, _ and - only)" });

/** Free text typed into a search box. */
export const textValue = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `is longer than ${max} characters` })
    .refine((value) => !invisible.test(value), { error: "contains control or invisible characters" });

/** A UTC day written YYYY-MM-DD that exists on the calendar. */
export const dayValue = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "is not a day (YYYY-MM-DD)" })
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00.000Z`);
    return Number.isFinite(time) && new Date(time).toISOString().startsWith(value);
  }, { error: "is not a day on the calendar" });

export const pageValue = z.coerce.number({ error: "is not a page number" }).int({ error: "is not a page number" }).min(1, { error: "is not a page number" }).max(10_000, { error: "is past the last page we show" });

export type QueryField = { label: string; schema: z.ZodType; fallback?: unknown };
type Output<F extends Record<string, QueryField>> = { [K in keyof F]: F[K]["fallback"] extends undefined ? z.output<F[K]["schema"]> | undefined : z.output<F[K]["schema"]> };

export type QueryReading<T> = { query: T; problems: string[] };

/** The first value of each parameter; empty means absent. */
export function flatParams(params: Record<string, string | string[] | undefined> | URLSearchParams): Record<string, string | undefined> {
  if (params instanceof URLSearchParams) return Object.fromEntries([...new Set(params.keys())].map((key) => [key, params.get(key) || undefined]));
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, (Array.isArray(value) ? value[0] : value) || undefined]));
}

/** Reads `fields` from the query; each value that fails its rule falls back and is named in `problems`. Unknown parameters are ignored. */
export function readQuery<F extends Record<string, QueryField>>(fields: F, params: Record<string, string | string[] | undefined> | URLSearchParams): QueryReading<Output<F>> {
  const flat = flatParams(params);
  const query: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, field] of Object.entries(fields)) {
    const raw = flat[name];
    if (raw === undefined) {
      query[name] = field.fallback;
      continue;
    }
    const parsed = field.schema.safeParse(raw);
    if (parsed.success && parsed.data !== "") {
      query[name] = parsed.data;
    } else {
      query[name] = field.fallback;
      if (!parsed.success) problems.push(`${field.label} ${parsed.error.issues[0]?.message ?? "is not valid"}; it was ignored.`);
    }
  }
  return { query: query as Output<F>, problems };
}
