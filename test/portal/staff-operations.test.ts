// The operator functions added for the staff area: key arrangements and access
// approval, each validated and audit-logged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { approveKeyAccess, changeSettings, createKey, setKeyArrangement } from "@/lib/operator/operations";
import { createWorld, openPortalDatabase, type World } from "./support/world";

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
