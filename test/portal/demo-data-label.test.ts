// The portal says "Demo data" exactly when this deployment reads its local demo chains: the
// notice under the account bar and the badge beside each chain result.
import { afterEach, describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { DemoDataBadge, DemoDataNotice } from "@/components/portal/demo-data";
import { demoChainDataSetting } from "@/lib/chain/demo-data";

describe("demo data label in the portal", () => {
  afterEach(() => {
    delete process.env[demoChainDataSetting];
  });

  it("shows nothing when the chains are real nodes", () => {
    expect(renderToStaticMarkup(createElement(DemoDataNotice))).toBe("");
    expect(renderToStaticMarkup(createElement(DemoDataBadge))).toBe("");
  });

  it("labels the portal and every chain result while the demo chains serve", () => {
    process.env[demoChainDataSetting] = "1";
    const notice = renderToStaticMarkup(createElement(DemoDataNotice));
    expect(notice).toContain('role="note"');
    expect(notice).toMatch(/Demo data<\/span>.*not read from a public network\. Every chain result shown here is demo data\./);
    expect(renderToStaticMarkup(createElement(DemoDataBadge))).toMatch(/>Demo data<\/span>$/);
  });
});
