import type { z } from "zod";

/** Signed out, or asking for something that is not theirs (reported as not found, so nothing leaks). */
export class PortalAccessError extends Error {
  constructor(readonly kind: "unauthenticated" | "not_found" | "rate_limited", message: string) {
    super(message);
    this.name = "PortalAccessError";
  }
}

/** A form value that failed validation; carries every issue for the form to show. */
export class PortalInputError extends Error {
  readonly fieldErrors: Record<string, string>;
  constructor(error: z.ZodError) {
    super(error.issues[0]?.message ?? "Invalid input.");
    this.name = "PortalInputError";
    this.fieldErrors = {};
    for (const issue of error.issues) {
      const field = issue.path.length > 0 ? String(issue.path[0]) : "_form";
      this.fieldErrors[field] ??= issue.message;
    }
  }
}

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new PortalInputError(parsed.error);
  return parsed.data;
}

export const notFoundMessage = "Not found, or you do not have access to it.";
