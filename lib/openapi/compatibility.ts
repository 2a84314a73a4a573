// What a new version of the OpenAPI document breaks for a client built against the old one:
// a removed path or operation, a removed response field, a field a client could rely on that
// became optional, or a type that narrowed (fewer types or enum values accepted as input,
// other types returned). Additions are never breaking. A breaking change needs a version note.
import { inlineComponents, type JsonSchema } from "./output-json-schema";

type Json = Record<string, unknown>;

export type Breaking = { where: string; what: string };

const asObject = (value: unknown): Json => (value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {});

function typesOf(schema: Json): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === "string") return [schema.type];
  if ("const" in schema) return [typeof schema.const === "string" ? "string" : typeof schema.const];
  return [];
}

/** A response schema: every field the old one promised must still be there, as present and of the same type. */
function compareOutput(before: Json, after: Json, where: string, out: Breaking[]) {
  const typesBefore = typesOf(before);
  const typesAfter = typesOf(after);
  if (typesBefore.length && typesAfter.length && typesAfter.some((type) => !typesBefore.includes(type) && !(type === "integer" && typesBefore.includes("number")))) {
    out.push({ where, what: `type changed from ${typesBefore.join("|")} to ${typesAfter.join("|")}` });
  }
  if (Array.isArray(before.enum) && Array.isArray(after.enum)) {
    const added = (after.enum as unknown[]).filter((value) => !(before.enum as unknown[]).includes(value));
    if (added.length) out.push({ where, what: `may now return ${added.map((v) => JSON.stringify(v)).join(", ")}` });
  }
  const propsBefore = asObject(before.properties);
  const propsAfter = asObject(after.properties);
  const requiredBefore = new Set((before.required as string[] | undefined) ?? []);
  const requiredAfter = new Set((after.required as string[] | undefined) ?? []);
  for (const [name, schema] of Object.entries(propsBefore)) {
    if (!(name in propsAfter)) {
      out.push({ where: `${where}.${name}`, what: "field removed" });
      continue;
    }
    if (requiredBefore.has(name) && !requiredAfter.has(name)) out.push({ where: `${where}.${name}`, what: "field no longer always present" });
    compareOutput(asObject(schema), asObject(propsAfter[name]), `${where}.${name}`, out);
  }
  if (before.items && after.items) compareOutput(asObject(before.items), asObject(after.items), `${where}[]`, out);
  compareBranches(before, after, where, out, compareOutput);
}

/** A nullable or union schema (anyOf/oneOf): each branch the old one had, held against the new one's branch in the same place. */
function compareBranches(before: Json, after: Json, where: string, out: Breaking[], compare: (before: Json, after: Json, where: string, out: Breaking[]) => void) {
  for (const key of ["anyOf", "oneOf"] as const) {
    const branchesBefore = before[key];
    const branchesAfter = after[key];
    if (!Array.isArray(branchesBefore) || !Array.isArray(branchesAfter)) continue;
    branchesBefore.forEach((branch, index) => {
      if (index < branchesAfter.length) compare(asObject(branch), asObject(branchesAfter[index]), where, out);
    });
  }
}

/** A request schema: whatever the old one accepted must still be accepted. */
function compareInput(before: Json, after: Json, where: string, out: Breaking[]) {
  const typesBefore = typesOf(before);
  const typesAfter = typesOf(after);
  if (typesBefore.length && typesAfter.length && typesBefore.some((type) => !typesAfter.includes(type))) {
    out.push({ where, what: `no longer accepts ${typesBefore.filter((t) => !typesAfter.includes(t)).join("|")}` });
  }
  if (Array.isArray(before.enum) && Array.isArray(after.enum)) {
    const dropped = (before.enum as unknown[]).filter((value) => !(after.enum as unknown[]).includes(value));
    if (dropped.length) out.push({ where, what: `no longer accepts ${dropped.map((v) => JSON.stringify(v)).join(", ")}` });
  }
  const requiredBefore = new Set((before.required as string[] | undefined) ?? []);
  for (const name of (after.required as string[] | undefined) ?? []) {
    if (!requiredBefore.has(name)) out.push({ where: `${where}.${name}`, what: "newly required" });
  }
  const propsAfter = asObject(after.properties);
  for (const [name, schema] of Object.entries(asObject(before.properties))) {
    if (!(name in propsAfter)) out.push({ where: `${where}.${name}`, what: "no longer accepted" });
    else compareInput(asObject(schema), asObject(propsAfter[name]), `${where}.${name}`, out);
  }
  compareBranches(before, after, where, out, compareInput);
}

/** The breaking changes no version note (lib/openapi/version-notes.ts) accounts for. */
export function unnotedBreakingChanges(before: Json, after: Json, notes: ReadonlyArray<{ where: string; what: string }>): Breaking[] {
  return breakingChanges(before, after).filter((change) => !notes.some((note) => note.where === change.where && note.what === change.what));
}

export function breakingChanges(before: Json, after: Json): Breaking[] {
  const out: Breaking[] = [];
  const pathsBefore = asObject(before.paths);
  const pathsAfter = asObject(after.paths);
  for (const [path, operations] of Object.entries(pathsBefore)) {
    if (!(path in pathsAfter)) {
      out.push({ where: path, what: "path removed" });
      continue;
    }
    for (const [method, operation] of Object.entries(asObject(operations))) {
      const next = asObject(asObject(pathsAfter[path])[method]);
      const where = `${method.toUpperCase()} ${path}`;
      if (!Object.keys(next).length) {
        out.push({ where, what: "operation removed" });
        continue;
      }
      // A field may move into a shared component (or out of one) without changing for a client: compare what the refs stand for.
      const schemaOf = (doc: Json, op: Json, ...keys: string[]) => inlineComponents(keys.reduce<Json>((node, key) => asObject(node[key]), op) as JsonSchema, asObject(asObject(doc.components).schemas) as Record<string, JsonSchema>);
      compareOutput(schemaOf(before, asObject(operation), "responses", "200", "content", "application/json", "schema"), schemaOf(after, next, "responses", "200", "content", "application/json", "schema"), `${where} 200`, out);
      compareInput(schemaOf(before, asObject(operation), "requestBody", "content", "application/json", "schema"), schemaOf(after, next, "requestBody", "content", "application/json", "schema"), `${where} body`, out);
    }
  }
  return out;
}
