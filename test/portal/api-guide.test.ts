// The reference pages' shared guide says what the code enforces: the limits from the rate
// policies, every error code a caller can receive, and the provenance labels.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApiGuide } from "@/components/portal/api-guide";
import { errorCodes } from "@/lib/errors/error-codes";
import { provenanceLabels } from "@/lib/schemas/provenance";

describe("the API guide on /docs and the Endpoints tab", () => {
  const html = renderToStaticMarkup(createElement(ApiGuide));

  it("names the limits and headers a caller meets", () => {
    for (const text of ["1,000/hour", "5,000 premium", "15,000 pro", "1/second, 60/hour", "1/second, 25/hour, 100/day", "Retry-After", "RateLimit-Policy", "Idempotent-Replayed", "svc_live_", "svc_test_"]) {
      expect(html, text).toContain(text);
    }
  });

  it("names the per-key cap on intelligence calls in flight, from its setting, and what a 402's details carry", () => {
    expect(html).toContain("A key runs at most 4 intelligence calls at once");
    for (const field of ["details", "free_credits_left", "available"]) expect(html, field).toContain(`>${field}<`);
  });

  it("lists every error code but the one no caller receives, and every provenance label", () => {
    for (const code of Object.keys(errorCodes)) {
      if (code === "client_closed") expect(html).not.toContain(`>${code}<`);
      else expect(html, code).toContain(`>${code}<`);
    }
    for (const label of Object.keys(provenanceLabels)) expect(html, label).toContain(label);
  });
});
