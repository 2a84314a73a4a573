// Every field of an intelligence answer carries exactly one provenance label (spec: Contract
// analysis result). Part of the answer vocabulary: the schemas describe with it, the endpoints label with it.
export const provenanceLabels = {
  verified_onchain: "Read from a node of that network at request time; a fact.",
  augmented: "Supplied by an outside source, cross-checked but not proven.",
  interpretation: "The service's reading of the facts; a judgement.",
  unavailable: "Could not be obtained; the reason is in data.unavailable.",
} as const;

export type Provenance = keyof typeof provenanceLabels;
