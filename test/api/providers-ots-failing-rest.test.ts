// Every intelligence endpoint's demo requests through emulated providers: the same `data` as the
// node, or an honest 503, never a 500. This file: a node whose ots_getContractCreator fails, for
// every endpoint but intel/risk and contract/analysis. Why the split: the describe below.
import { describe } from "vitest";
import { itAnswers503WhereTheDeployerIsRead, useProviderSuite } from "./support/providers-suite";

const suite = useProviderSuite({ straight: false });

// Every intelligence endpoint's demo requests, answered through emulated providers (the provider
// proxy in front of the eth demo chain) and straight from the node: the same `data`, or, where a
// provider cannot serve what the endpoint reads, an honest 503 naming it — never a 500.
// This file: a node whose ots_getContractCreator fails, for the requests of every intelligence
// endpoint but intel/risk and contract/analysis (the other half: providers-ots-failing-analysis.test.ts).
// Each request that reads the deployer waits out the node client's retries, so the requests are
// answered in two files; neither compares with the node, so neither asks it first. The other
// provider files: providers-limits.test.ts and providers-refusals.test.ts (shared steps in
// support/providers-suite.ts).
describe("through a provider that cannot serve what an endpoint reads", () => {
  itAnswers503WhereTheDeployerIsRead(suite, "rest");
});
