// Which branches of a response schema real answers have met: for every optional field whether
// answers had it and lacked it, for every nullable field whether they had it null and not null,
// and which values of every enum they carried. A test uses it to show its answers reach the
// branches the schema declares, not only the common path.
import { z } from "zod";

export type BranchMiss = string;

type Seen = { present: number; absent: number; isNull: number; notNull: number; values: Set<string>; options?: readonly string[]; optional: boolean; nullable: boolean };

export class BranchCoverage {
  private readonly seen = new Map<string, Seen>();

  /** Starts from every branch the schema declares, so a field no answer reached shows as a miss too. */
  constructor(private readonly schema: z.ZodType) {
    this.declare(schema, "$", false, false);
  }

  private declare(schema: z.ZodType, path: string, optional: boolean, nullable: boolean): void {
    if (schema instanceof z.ZodOptional) return this.declare(schema.unwrap() as z.ZodType, path, true, nullable);
    if (schema instanceof z.ZodNullable) return this.declare(schema.unwrap() as z.ZodType, path, optional, true);
    const entry = this.entry(path);
    entry.optional ||= optional;
    entry.nullable ||= nullable;
    if (schema instanceof z.ZodEnum) entry.options = schema.options as string[];
    else if (schema instanceof z.ZodObject) for (const [key, field] of Object.entries(schema.shape)) this.declare(field as z.ZodType, `${path}.${key}`, false, false);
    else if (schema instanceof z.ZodArray) this.declare(schema.element as z.ZodType, `${path}[]`, false, false);
    else if (schema instanceof z.ZodDiscriminatedUnion) {
      const discriminator = (schema._zod.def as { discriminator: string }).discriminator;
      for (const option of schema.options as z.ZodObject[]) this.declare(option, `${path}<${String((option.shape[discriminator] as z.ZodLiteral).value)}>`, false, false);
    }
  }

  /** Walks `value` along the schema, noting the branch each field took. */
  observe(value: unknown): void {
    this.walk(this.schema, value, "$");
  }

  private entry(path: string): Seen {
    let entry = this.seen.get(path);
    if (!entry) this.seen.set(path, (entry = { present: 0, absent: 0, isNull: 0, notNull: 0, values: new Set(), optional: false, nullable: false }));
    return entry;
  }

  private walk(schema: z.ZodType, value: unknown, path: string): void {
    if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return this.walk(schema.unwrap() as z.ZodType, value, path);
    const entry = this.entry(path);
    if (value === undefined) return void entry.absent++;
    entry.present++;
    if (value === null) return void entry.isNull++;
    entry.notNull++;
    if (schema instanceof z.ZodEnum) {
      entry.values.add(String(value));
    } else if (schema instanceof z.ZodObject) {
      for (const [key, field] of Object.entries(schema.shape)) this.walk(field as z.ZodType, (value as Record<string, unknown>)[key], `${path}.${key}`);
    } else if (schema instanceof z.ZodArray) {
      for (const item of value as unknown[]) this.walk(schema.element as z.ZodType, item, `${path}[]`);
    } else if (schema instanceof z.ZodDiscriminatedUnion) {
      const discriminator = (schema._zod.def as { discriminator: string }).discriminator;
      const tag = (value as Record<string, unknown>)[discriminator];
      const option = (schema.options as z.ZodObject[]).find((candidate) => candidate.shape[discriminator].safeParse(tag).success);
      if (option) this.walk(option, value, `${path}<${String(tag)}>`);
    }
  }

  /** Every branch no answer took: an optional field never present or never absent, a nullable one never null or never set, an enum value never carried. */
  misses(): BranchMiss[] {
    const misses: BranchMiss[] = [];
    for (const [path, entry] of this.seen) {
      if (entry.present + entry.absent === 0) {
        misses.push(`${path} never reached`);
        continue;
      }
      if (entry.optional && entry.absent === 0) misses.push(`${path} never absent`);
      if (entry.optional && entry.present === 0) misses.push(`${path} never present`);
      if (entry.nullable && entry.isNull === 0) misses.push(`${path} never null`);
      if (entry.nullable && entry.notNull === 0) misses.push(`${path} never set`);
      for (const option of entry.options ?? []) if (!entry.values.has(option)) misses.push(`${path} never ${option}`);
    }
    return misses.sort();
  }
}
