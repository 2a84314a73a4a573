// The operator functions added for the staff area: key arrangements and access
// approval, credit grants and the switches, each validated and audit-logged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { approveKeyAccess, changeSettings, createKey, grantCreditsTo, setKeyArrangement } from "@/lib/operator/operations";
import { changeSettings as changeSettingsAction, grantCredits as grantCreditsAction } from "@/lib/portal/actions/staff";
import { maxCreditBalance } from "@/lib/billing/grant-rules";
import { getSettings } from "@/lib/settings";
import { createWorld, openPortalDatabase, usePortal, type World } from "./support/world";

describe("staff operations on keys", () => {
  let db: Db;
  let close: () => Promise<void>;
  let world: World;
  const inAMonth = new Date(Date.now() + 30 * 86_400_000);

  beforeAll(async () => {
    ({ db, close } = await openPortalDatabase());
    world = await createWorld(db);
  });
  afterAll(async () => close());

  it("moves the hourly limit with the tier unless one is given", async () => {
    const premium = await setKeyArrangement(db, "staff@example.com", { keyId: world.keyA.id, tier: "premium", reason: "upgrade" });
    expect(premium).toMatchObject({ tier: "premium", rateLimitPerHour: 5000 });
    const custom = await setKeyArrangement(db, "staff@example.com", { keyId: world.keyA.id, rateLimitPerHour: 3000 });
    expect(custom.rateLimitPerHour).toBe(3000);
    await expect(setKeyArrangement(db, "staff@example.com", { keyId: world.keyA.id, rateLimitPerHour: 6000 })).rejects.toThrow("hourly limit cannot exceed the premium tier's 5000.");
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "key.arrangement", targetId: world.keyA.id, reason: "upgrade" } });
    expect(audit.actor).toBe("staff@example.com");
    expect(audit.details).toMatchObject({ before: { tier: "basic" }, after: { tier: "premium" } });
  });

  it("sets up partner limits and covered endpoints, and refuses them for paid keys", async () => {
    const partner = await setKeyArrangement(db, "staff", { keyId: world.keyA.id, accessMode: "partner", rateLimitPerHour: 50_000, coveredEndpoints: ["intel/risk"] });
    expect(partner).toMatchObject({ accessMode: "partner", rateLimitPerHour: 50_000, coveredEndpoints: ["intel/risk"] });
    await expect(setKeyArrangement(db, "staff", { keyId: world.keyA.id, coveredEndpoints: ["me"] })).rejects.toThrow(/covered endpoints: each must be one of/);
    await expect(setKeyArrangement(db, "staff", { keyId: world.keyA.id, accessMode: "paid", rateLimitPerHour: 1000, coveredEndpoints: ["intel/risk"] })).rejects.toThrow(
      "covered endpoints apply to partner and enterprise keys only.",
    );
    const paid = await setKeyArrangement(db, "staff", { keyId: world.keyA.id, accessMode: "paid", tier: "basic" });
    expect(paid).toMatchObject({ accessMode: "paid", rateLimitPerHour: 1000, coveredEndpoints: [] });
  });

  it("needs an allowance and an end date for a trial, and clears them when leaving it", async () => {
    await expect(setKeyArrangement(db, "staff", { keyId: world.keyA.id, accessMode: "trial" })).rejects.toThrow("a trial key needs a trial allowance and an end date.");
    await expect(setKeyArrangement(db, "staff", { keyId: world.keyA.id, accessMode: "trial", trialAllowance: 100, trialEndsAt: new Date(Date.now() - 1000) })).rejects.toThrow(
      "trial end date must be in the future.",
    );
    const trial = await setKeyArrangement(db, "staff", { keyId: world.keyA.id, accessMode: "trial", trialAllowance: 100, trialEndsAt: inAMonth });
    expect(trial).toMatchObject({ accessMode: "trial", trialAllowance: 100 });
    const back = await setKeyArrangement(db, "staff", { keyId: world.keyA.id, accessMode: "paid" });
    expect(back).toMatchObject({ accessMode: "paid", trialAllowance: null, trialEndsAt: null });
  });

  it("leaves test keys on the sandbox", async () => {
    await expect(setKeyArrangement(db, "staff", { keyId: world.keyB.id, tier: "pro" })).rejects.toThrow("Test keys are always sandbox; arrangements apply to live keys.");
  });

  it("approves a request-access key once", async () => {
    const made = await createKey(db, "test", { projectId: world.projectA.id, mode: "live", permissions: ["intel:read"], accessMode: "request_access" });
    const approved = await approveKeyAccess(db, "staff", { keyId: made.id, reason: "vetted" });
    expect(approved.accessMode).toBe("paid");
    await expect(approveKeyAccess(db, "staff", { keyId: made.id })).rejects.toThrow("Only a key waiting for access approval can be approved.");
    expect(await db.auditLog.count({ where: { action: "key.approve_access", targetId: made.id, reason: "vetted" } })).toBe(1);
  });

  it("records why a switch was flipped", async () => {
    await changeSettings(db, "staff@example.com", { chargingEnabled: true }, "launch");
    const entry = await db.auditLog.findFirstOrThrow({ where: { action: "settings.update" }, orderBy: { createdAt: "desc" } });
    expect(entry).toMatchObject({ actor: "staff@example.com", reason: "launch", details: { chargingEnabled: true } });
    await changeSettings(db, "staff@example.com", { chargingEnabled: false }, "back off");
  });
});

describe("staff credit grants and switches, through the staff actions", () => {
  let db: Db;
  let close: () => Promise<void>;
  let world: World;
  let portal: ReturnType<typeof usePortal>;

  beforeAll(async () => {
    ({ db, close } = await openPortalDatabase());
    world = await createWorld(db);
    portal = usePortal(db);
  });
  afterAll(async () => close());

  const balanceOfA = async () => (await db.creditAccount.findUniqueOrThrow({ where: { userId: world.a.id } })).balance;

  it("takes whole positive numbers up to the maximum, and says so for anything else", async () => {
    portal.as(world.staff.id);
    const before = await balanceOfA();
    // "1e9" was read as a billion; "99999999999" overflowed the balance column into "Something went wrong".
    for (const amount of ["1e9", "99999999999", "1000001", "0", "-3", "2.5", "1,000", " ", "0x10"]) {
      expect({ amount, result: await grantCreditsAction({ email: world.a.email, amount, reason: "goodwill", confirmed: true }) }).toEqual({
        amount,
        result: { ok: false, error: "Credits must be a whole number from 1 to 1,000,000.", fieldErrors: { amount: "Credits must be a whole number from 1 to 1,000,000." } },
      });
    }
    expect(await balanceOfA()).toBe(before);
    expect(await grantCreditsAction({ email: world.a.email, amount: "250", reason: "goodwill" })).toEqual({ ok: true, data: { balance: before + 250 } });
  });

  it("needs a reason, and a confirmation above the threshold", async () => {
    portal.as(world.staff.id);
    const before = await balanceOfA();
    const noReason = await grantCreditsAction({ email: world.a.email, amount: "10", reason: "  " });
    expect(noReason).toMatchObject({ ok: false, fieldErrors: { reason: "Give a reason; it is kept in the audit log." } });
    expect(await grantCreditsAction({ email: world.a.email, amount: "10001", reason: "pilot" })).toEqual({ ok: false, error: "A grant above 10,000 credits needs confirmation." });
    expect(await balanceOfA()).toBe(before);
    expect(await grantCreditsAction({ email: world.a.email, amount: "10000", reason: "pilot" })).toEqual({ ok: true, data: { balance: before + 10_000 } });
    expect(await grantCreditsAction({ email: world.a.email, amount: "1000000", reason: "enterprise deal", confirmed: true })).toEqual({ ok: true, data: { balance: before + 1_010_000 } });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "credits.grant", reason: "enterprise deal" } });
    expect(audit.details).toMatchObject({ amount: 1_000_000 });
  });

  it("refuses in words a grant that would take the balance past the column's maximum", async () => {
    await db.creditAccount.update({ where: { userId: world.b.id }, data: { balance: maxCreditBalance - 5 } });
    await expect(grantCreditsTo(db, "staff", { email: world.b.email, amount: 6, reason: "top" })).rejects.toThrow(
      "This grant would take the balance (2,147,483,642) past the maximum of 2,147,483,647 credits.",
    );
    expect((await grantCreditsTo(db, "staff", { email: world.b.email, amount: 5, reason: "top" })).balance).toBe(maxCreditBalance);
    expect(await db.creditLedger.count({ where: { account: { userId: world.b.id }, kind: "grant", note: "top" } })).toBe(1);
  });

  it("switches the public API only when confirmed; charging needs no confirmation", async () => {
    portal.as(world.staff.id);
    expect(await changeSettingsAction({ publicApiEnabled: false, reason: "maintenance" })).toEqual({ ok: false, error: "Switching the public API on or off needs confirmation." });
    expect((await getSettings(db)).publicApiEnabled).toBe(true);
    expect(await changeSettingsAction({ publicApiEnabled: true, chargingEnabled: true, reason: "launch" })).toMatchObject({ ok: true, data: { publicApiEnabled: true, chargingEnabled: true } });
    expect(await changeSettingsAction({ publicApiEnabled: false, reason: "maintenance", confirmed: true })).toMatchObject({ ok: true, data: { publicApiEnabled: false } });
    expect(await changeSettingsAction({ publicApiEnabled: true, chargingEnabled: false, reason: "done", confirmed: true })).toMatchObject({ ok: true, data: { publicApiEnabled: true, chargingEnabled: false } });
  });
});
