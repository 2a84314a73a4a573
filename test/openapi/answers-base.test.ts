// Every endpoint's successes on the base demo chain fit the committed OpenAPI document (test/openapi/support/answers-suite.ts).
import { successesOn } from "./support/answers-suite";

successesOn("base");
