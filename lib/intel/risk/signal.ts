// What every risk signal is: the shape the assessment and the power read both write.
import type { Provenance } from "@/lib/schemas/provenance";

export type Severity = "high" | "medium" | "low" | "info";

export type Signal = {
  id: string;
  severity: Severity;
  /** A red flag, as opposed to context (a clean check, or a fact that is not a risk alone). */
  flag: boolean;
  title: string;
  evidence: Record<string, unknown>;
  provenance: Provenance;
};
