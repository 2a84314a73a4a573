// GET /v1/api/health: the one answer that is not the envelope, so it is described whole here
// rather than through defineResponse.
import { z } from "zod";
import { isoTimeOut } from "./common";

export const healthResponse = z
  .object({
    ok: z.literal(true).describe("Always true: the service is up and the public API is on (when it is off, health answers 404 public_api_disabled)."),
    service: z.string().describe("The service's name."),
    version: z.literal("v1").describe("The API version: v1, as in the path prefix /v1/api."),
    generated_at: isoTimeOut.describe("When the answer was produced (ISO 8601, UTC)."),
  })
  .describe("Health: no key, no charge. Not the success envelope.");
