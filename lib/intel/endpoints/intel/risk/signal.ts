// What every risk signal is: the shape the assessment and the power read both write, taken from
// the answer's schema, so a signal whose id or evidence the schema does not know does not compile.
import type { z } from "zod";
import type { signalOut } from "@/lib/schemas/responses/risk";

export type Signal = z.input<typeof signalOut>;

export type Severity = Signal["severity"];
