// An answer leaves through its response schema: unnamed fields are dropped, a misfit is an error.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AnswerContractError, shapeAnswer } from "@/lib/api/pipeline/shape-answer";
import type { EndpointDefinition } from "@/lib/api-contract/endpoints";
import { defineResponse } from "@/lib/schemas/responses/common";

const endpoint: EndpointDefinition = {
  id: "intel/example",
  method: "POST",
  surface: "intelligence",
  permission: "intel:read",
  price: 2,
  summary: "An example.",
  response: defineResponse({
    data: z.object({ verdict: z.enum(["clean", "flagged"]), score: z.number().int() }),
    meta: z.object({ read: z.object({ blocks: z.number().int() }) }),
    sources: z.array(z.object({ name: z.string() })),
  }),
};

describe("shapeAnswer", () => {
  it("drops fields the contract does not name, in data, meta and sources", () => {
    const shaped = shapeAnswer(endpoint, {
      data: { verdict: "clean", score: 3, debug: "internal" },
      meta: { read: { blocks: 10, cursor: "x" } },
      sources: [{ name: "a", secret: 1 }],
    });
    expect(shaped).toEqual({ data: { verdict: "clean", score: 3 }, meta: { read: { blocks: 10 } }, sources: [{ name: "a" }] });
  });

  it("refuses an answer that does not fit: a wrong type, an unknown enum value, meta or sources the schema does not declare", () => {
    expect(() => shapeAnswer(endpoint, { data: { verdict: "clean", score: 1.5 } })).toThrow(AnswerContractError);
    expect(() => shapeAnswer(endpoint, { data: { verdict: "maybe", score: 1 } })).toThrow(/verdict|invalid/i);
    const bare = { ...endpoint, response: defineResponse({ data: z.object({}) }) };
    expect(() => shapeAnswer(bare, { data: {}, meta: { extra: 1 } })).toThrow(/meta/);
    expect(() => shapeAnswer(bare, { data: {}, sources: [] })).toThrow(/sources/);
  });

  it("checks one shared result once for every caller it reaches, and a new result afresh", () => {
    let checks = 0;
    const counted = {
      ...endpoint,
      response: defineResponse({ data: z.object({ verdict: z.enum(["clean", "flagged"]) }).transform((data) => (checks++, data)) }),
    };
    const shared = { data: { verdict: "clean", debug: 1 } };
    const first = shapeAnswer(counted, shared);
    expect(shapeAnswer(counted, shared)).toBe(first);
    expect(checks).toBe(1);
    expect(shapeAnswer(counted, { data: { verdict: "clean" } })).toEqual({ data: { verdict: "clean" } });
    expect(checks).toBe(2);
    // Another endpoint's contract checks the same object by its own schema.
    expect(() => shapeAnswer({ ...counted, id: "intel/other", response: defineResponse({ data: z.object({ verdict: z.literal("flagged") }) }) }, shared)).toThrow(AnswerContractError);
  });
});
