// intel/risk's headline as a pure function of the answer's signals and simulation: the level rule,
// the nulls for what no signal answers, and each power's live holder.
import { describe, expect, it } from "vitest";
import { contextOnlySignals, flatHeadline, headlineFieldOf, headlineOf, riskLevel, type HeadlineSignal, type PowersChecked } from "@/lib/intel/endpoints/intel/risk/headline";
import { riskResponse, riskSignalIds } from "@/lib/schemas/responses/risk";

const owner = "0x1111111111111111111111111111111111111111";
const signal = (id: string, flag: boolean, severity: HeadlineSignal["severity"], evidence: Record<string, unknown> = {}, provenance: HeadlineSignal["provenance"] = "verified_onchain"): HeadlineSignal => ({ id, flag, severity, evidence, provenance });
const cleanTrade = { buy_tax_bps: 0, sell_tax_bps: 0, transfer_tax_bps: 0 };
/** Every privileged function was run: a power with no signal is absent. */
const checked: PowersChecked = { complete: true };

describe("the risk level", () => {
  it("is the highest severity among the red flags, and none without one", () => {
    expect(riskLevel([])).toBe("none");
    expect(riskLevel([signal("a", true, "low")])).toBe("low");
    expect(riskLevel([signal("a", true, "low"), signal("b", true, "medium")])).toBe("medium");
    expect(riskLevel([signal("a", true, "medium"), signal("b", true, "high"), signal("c", true, "low")])).toBe("high");
  });

  it("is never raised by context, whatever its severity", () => {
    expect(riskLevel([signal("ownership", false, "low"), signal("upgradeable", false, "info")])).toBe("none");
    expect(riskLevel([signal("x", false, "high"), signal("y", true, "low")])).toBe("low");
  });

  it("the count and the level name the red flags they rest on", () => {
    const headline = headlineOf([signal("holder_concentration", true, "medium", { top_holder_bps: 4000, top_ten_bps: 6000 }), signal("sell_simulated", false, "info")], cleanTrade, checked);
    expect(headline.red_flags).toEqual({ value: 1, from: ["holder_concentration"], provenance: "verified_onchain" });
    expect(headline.level).toEqual({ value: "medium", from: ["holder_concentration"], provenance: "verified_onchain" });
  });
});

describe("the headline's values", () => {
  it("no signal, no value: null and unavailable, never false", () => {
    const headline = flatHeadline(headlineOf([], null, checked));
    for (const field of ["honeypot", "buy_tax_bps", "sell_tax_bps", "transfer_tax_bps", "owner", "lp_burned_bps", "lp_locked_bps", "lp_earliest_unlock", "top_holder_bps", "top_ten_bps"] as const) {
      expect(headline[field], field).toBeNull();
      expect(headline.provenance[field], field).toBe("unavailable");
      expect(headline.from[field], field).toEqual([]);
    }
    expect(headline.level).toBe("none");
  });

  it("a honeypot: true from its signal; its sell tax unknown, its buy tax measured", () => {
    const headline = flatHeadline(headlineOf([signal("honeypot", true, "high")], { buy_tax_bps: 0, sell_tax_bps: null, transfer_tax_bps: null }, checked));
    expect(headline).toMatchObject({ honeypot: true, buy_tax_bps: 0, sell_tax_bps: null, transfer_tax_bps: null, level: "high", red_flags: 1 });
    // The sell tax is unknown because the sell failed: the honeypot signal is named as why.
    expect(headline.from).toMatchObject({ honeypot: ["honeypot"], buy_tax_bps: ["simulation"], sell_tax_bps: ["honeypot"] });
    expect(headline.provenance.sell_tax_bps).toBe("unavailable");
  });

  it("a sell the venue refuses for a taxed token is no honeypot; a tax signal gives its rate", () => {
    const headline = flatHeadline(headlineOf([signal("sell_refused_by_venue", true, "high"), signal("buy_tax", true, "medium", { tax_bps: 500 })], { buy_tax_bps: 500, sell_tax_bps: null, transfer_tax_bps: 0 }, checked));
    expect(headline).toMatchObject({ honeypot: false, buy_tax_bps: 500, sell_tax_bps: null, transfer_tax_bps: 0 });
    expect(headline.from).toMatchObject({ honeypot: ["sell_refused_by_venue"], buy_tax_bps: ["buy_tax"] });
  });

  it("owner state: none, renounced, or the live owner's kind (a Safe is a multisig); a kind not read is null", () => {
    const ownerOf = (evidence: Record<string, unknown>) => flatHeadline(headlineOf([signal("ownership", false, "info", evidence)], null, checked)).owner;
    expect(ownerOf({ owner: null, renounced: null, kind: null })).toBe("none");
    expect(ownerOf({ owner: "0x000000000000000000000000000000000000dEaD", renounced: true, kind: null })).toBe("renounced");
    expect(ownerOf({ owner, renounced: false, kind: "eoa" })).toBe("eoa");
    expect(ownerOf({ owner, renounced: false, kind: "safe" })).toBe("multisig");
    expect(ownerOf({ owner, renounced: false, kind: "timelock" })).toBe("timelock");
    expect(ownerOf({ owner, renounced: false, kind: "contract" })).toBe("contract");
    expect(ownerOf({ owner, renounced: false, kind: null })).toBeNull();
  });

  it("LP and holders come from their signals; a lock with no schedule leaves the unlock null", () => {
    const headline = flatHeadline(
      headlineOf([signal("lp_custody", false, "info", { burned_bps: 1000, locked_bps: 8500, earliest_unlock: "2027-01-01T00:00:00.000Z" }), signal("holder_concentration", false, "info", { top_holder_bps: 900, top_ten_bps: 3100 })], cleanTrade, checked),
    );
    expect(headline).toMatchObject({ lp_burned_bps: 1000, lp_locked_bps: 8500, lp_earliest_unlock: "2027-01-01T00:00:00.000Z", top_holder_bps: 900, top_ten_bps: 3100, level: "none", red_flags: 0 });
    expect(flatHeadline(headlineOf([signal("lp_custody", false, "info", { burned_bps: 0, locked_bps: 9000, earliest_unlock: null })], null, checked)).lp_earliest_unlock).toBeNull();
  });

  it("upgradeable: a flagged proxy is, a minimal clone is not, no signal means no proxy where the code was walked whole, and unknown (with why) where it was not", () => {
    expect(flatHeadline(headlineOf([signal("upgradeable", true, "high", { standard: "eip1967_transparent" }, "interpretation")], null, checked)).upgradeable).toBe(true);
    expect(flatHeadline(headlineOf([signal("upgradeable", false, "info", { standard: "eip1167_minimal" }, "interpretation")], null, checked)).upgradeable).toBe(false);
    expect(flatHeadline(headlineOf([], null, checked)).upgradeable).toBe(false);
    const cutShort = flatHeadline(headlineOf([], null, checked, "The walk of the code stopped at its step budget, so some of its paths were not followed."));
    expect(cutShort.upgradeable).toBeNull();
    expect(cutShort.unknown.upgradeable).toMatch(/step budget/);
    // A recognised proxy is upgradeable whether or not its code was walked.
    expect(flatHeadline(headlineOf([signal("upgradeable", true, "medium", { standard: "eip1967_transparent" }, "interpretation")], null, checked, "not known")).upgradeable).toBe(true);
  });
});

describe("each power's live holder", () => {
  const mint = (evidence: Record<string, unknown>, flag: boolean) => signal("power_mint", flag, flag ? "high" : "info", { functions: [], owner: evidence.owner ?? null, owner_renounced: evidence.owner_renounced ?? null }, "interpretation");

  it("a live owner holds it; renounced and no one else, no one does", () => {
    expect(headlineOf([mint({ owner, owner_renounced: false }, true)], null, checked).powers.mint).toMatchObject({ present: { value: true }, live_holder: { value: true, from: ["power_mint"] } });
    expect(headlineOf([mint({ owner: "0x000000000000000000000000000000000000dEaD", owner_renounced: true }, false)], null, checked).powers.mint.live_holder.value).toBe(false);
  });

  it("renounced, but a stored address or the previous owner can still use it", () => {
    const renounced = mint({ owner: "0x000000000000000000000000000000000000dEaD", owner_renounced: true }, true);
    expect(headlineOf([renounced, signal("hidden_owner", true, "high")], null, checked).powers.mint.live_holder).toEqual({ value: true, from: ["power_mint", "hidden_owner"], provenance: "verified_onchain" });
    expect(headlineOf([renounced, signal("ownership_reclaimable", true, "high")], null, checked).powers.mint.live_holder.from).toEqual(["power_mint", "ownership_reclaimable"]);
  });

  it("no owner() and no stored address: who holds it is unknown, so null", () => {
    const power = headlineOf([mint({ owner: null, owner_renounced: null }, true)], null, checked).powers.mint;
    expect(power.present.value).toBe(true);
    expect(power.live_holder).toEqual({ value: null, from: [], provenance: "unavailable" });
  });

  it("a power with no signal is unknown, not absent, where a privileged function was not run: null with the reason", () => {
    const reason = "1 of the 9 privileged functions could not be run as their holder within a call's gas: mint(address,uint256).";
    const headline = flatHeadline(headlineOf([signal("power_pause", true, "medium", { owner, owner_renounced: false })], cleanTrade, { complete: false, reason }));
    expect(headline.powers.pause).toEqual({ present: true, live_holder: true });
    for (const kind of ["mint", "blacklist", "balance_edit", "fees", "limits", "trading_switch", "exemptions"] as const) {
      expect(headline.powers[kind], kind).toEqual({ present: null, live_holder: null });
      expect(headline.provenance[`powers.${kind}.present`], kind).toBe("unavailable");
      expect(headline.unknown[`powers.${kind}.present`], kind).toBe(reason);
    }
    expect(headline.unknown["powers.pause.present"]).toBeUndefined();
    expect(riskResponse.data.shape.headline.safeParse(headline).success).toBe(true);
  });

  it("a power not found is absent, with no holder", () => {
    expect(headlineOf([], null, checked).powers.pause).toEqual({ present: { value: false, from: [], provenance: "interpretation" }, live_holder: { value: false, from: [], provenance: "interpretation" } });
  });
});

describe("the headline's schema", () => {
  it("accepts what the function builds, empty and full", () => {
    const headlineSchema = riskResponse.data.shape.headline;
    expect(headlineSchema.safeParse(flatHeadline(headlineOf([], null, checked))).success).toBe(true);
    const full = flatHeadline(headlineOf([signal("honeypot", true, "high"), mint(), signal("ownership", false, "low", { owner, renounced: false, kind: "safe" })], cleanTrade, checked));
    expect(headlineSchema.parse(full)).toEqual(full);
    function mint() {
      return signal("power_mint", true, "high", { owner, owner_renounced: false }, "interpretation");
    }
  });
});

describe("every kind of red flag has its headline entry", () => {
  it("each signal id is either mapped to a headline field or never a flag (a kind added without one fails here)", () => {
    const mapped = Object.keys(headlineFieldOf);
    for (const id of riskSignalIds) expect([mapped.includes(id), contextOnlySignals.includes(id)], id).toSatisfy(([isMapped, isContext]: boolean[]) => isMapped !== isContext);
  });

  it.each(Object.entries(headlineFieldOf))("%s, as a flag, is named in the `from` of %s", (id, field) => {
    // The ownership signal is in every answer: the owner field reads beside it.
    const ownership = signal("ownership", false, "info", { owner: null, renounced: null, kind: null });
    const evidence = id === "trade_limits" ? { max_transaction: { share_bps: 50 }, max_wallet: null } : {};
    const headline = flatHeadline(headlineOf([signal(id, true, "medium", evidence), ...(id === "ownership" ? [] : [ownership])], null, checked));
    expect(headline.from[field as keyof typeof headline.from], `${id} → ${field}`).toContain(id);
  });

  it("the new entries read their signals: a holder who cannot sell, a balance taken, a gate, the tighter limit, a hook that can intervene", () => {
    const headline = flatHeadline(
      headlineOf(
        [
          signal("holder_sells", true, "high"),
          signal("siphoned_balances", true, "high"),
          signal("outside_gate", true, "medium"),
          signal("trade_limits", true, "medium", { max_transaction: { share_bps: 80 }, max_wallet: { share_bps: 50 } }),
          signal("v4_hook", false, "info"),
          signal("v4_hook", true, "medium"),
        ],
        cleanTrade,
        checked,
      ),
    );
    expect(headline).toMatchObject({ holders_can_sell: false, balances_tampered: true, transfer_gate: true, trade_limit_bps: 50, pool_hook_can_intervene: true });
    const quiet = flatHeadline(headlineOf([signal("holder_sells", false, "info"), signal("siphoned_balances", false, "info")], cleanTrade, checked));
    expect(quiet).toMatchObject({ holders_can_sell: true, balances_tampered: false, transfer_gate: false, trade_limit_bps: null, pool_hook_can_intervene: null });
    // Code not walked whole: no gate found is not "no gate".
    const unread = flatHeadline(headlineOf([], cleanTrade, checked, "The walk of the code stopped at its step budget, so some of its paths were not followed."));
    expect(unread.transfer_gate).toBeNull();
    expect(unread.unknown.transfer_gate).toMatch(/step budget/);
  });
});
