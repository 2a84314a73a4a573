// Answers read from the local demo chains say so: the server marks them when it starts the
// demo chains, and every chain call's success envelope then carries meta.demo_data.
import { afterEach, describe, expect, it } from "vitest";
import { successBody } from "@/lib/api-contract/respond";
import { demoChainDataSetting, servesDemoChainData } from "@/lib/chain/demo-data";

describe("demo data label", () => {
  afterEach(() => {
    delete process.env[demoChainDataSetting];
  });

  it("is absent when chains are real nodes", () => {
    expect(servesDemoChainData()).toBe(false);
    const body = successBody("req_1", {}, { credits_charged: 2, chain: "eth" });
    expect(body.meta).not.toHaveProperty("demo_data");
  });

  it("marks every chain answer when the server runs the demo chains, and only chain answers", () => {
    process.env[demoChainDataSetting] = "1";
    expect(successBody("req_1", {}, { credits_charged: 2, chain: "base" }).meta).toMatchObject({ demo_data: true, demo_notice: expect.stringMatching(/^Demo data/) });
    expect(successBody("req_2", {}, { credits_charged: 0 }).meta).not.toHaveProperty("demo_data");
  });
});
