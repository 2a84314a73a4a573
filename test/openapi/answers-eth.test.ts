// Every endpoint's successes on the eth demo chain fit the committed OpenAPI document (test/openapi/support/answers-suite.ts).
import { successesOn } from "./support/answers-suite";

successesOn("eth");
