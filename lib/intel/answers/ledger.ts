// The provenance ledger every intelligence answer keeps while it is presented: each field gets
// exactly one label, and a field labelled `unavailable` always has its reason beside it (spec:
// Contract analysis result). Labels keep the order they were given, which is the order
// `meta.provenance` is written in.
import type { Provenance } from "@/lib/schemas/provenance";

export class ProvenanceLedger {
  readonly provenance: Record<string, Provenance> = {};
  readonly unavailable: Record<string, string> = {};

  /** Read from a node at the read block. */
  fact(...fields: string[]): this {
    return this.#label(fields, "verified_onchain");
  }

  /** The service's reading of facts. */
  reading(...fields: string[]): this {
    return this.#label(fields, "interpretation");
  }

  /** From an outside source: cross-checked, not proven. */
  outside(...fields: string[]): this {
    return this.#label(fields, "augmented");
  }

  /** Could not be obtained, and why. */
  missing(field: string, reason: string): this {
    this.#label([field], "unavailable");
    this.unavailable[field] = reason;
    return this;
  }

  /** A fact when it was read, else missing with the reason. */
  factOr(field: string, read: boolean, reason: () => string): this {
    return read ? this.fact(field) : this.missing(field, reason());
  }

  /**
   * A gap inside a field that keeps its own label (one unpriced trade in a priced list, a
   * token that does not answer name()): named in `unavailable`, the label left alone.
   */
  gap(field: string, reason: string): this {
    this.unavailable[field] = reason;
    return this;
  }

  label(field: string, provenance: Provenance, reason?: string): this {
    if (provenance === "unavailable") return this.missing(field, reason ?? "Not obtained.");
    return this.#label([field], provenance);
  }

  #label(fields: string[], provenance: Provenance): this {
    for (const field of fields) this.provenance[field] = provenance;
    return this;
  }
}
