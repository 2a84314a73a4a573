// The audit log read two ways: an owner's project trail holds exactly that project's entries
// (and credit grants to the owner's account), never another project's; staff filter the whole
// log by project, actor, action and time, and page it; details read as words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { createKey, grantCreditsTo, revokeKey, rotateKey, setProjectStatus, suspendKey, unsuspendKey } from "@/lib/operator/operations";
import { activityPageSize, actorForOwner, describeDetails, parseActivityQuery, projectActivity, staffAudit } from "@/lib/portal/activity";
import { renameProject } from "@/lib/portal/projects";
import { createWorld, openPortalDatabase, type World } from "./support/world";

describe("activity log", () => {
  let db: Db;
  let close: () => Promise<void>;
  let world: World;
  let secondProject: string;

  beforeAll(async () => {
    ({ db, close } = await openPortalDatabase());
    world = await createWorld(db);
    const a = world.a.email;
    const made = await createKey(db, a, { projectId: world.projectA.id, name: "restricted", mode: "test", permissions: ["intel:read"], allowedChains: ["eth"], allowedOrigins: ["https://app.example.com"], allowedIps: ["10.0.0.0/8"] });
    await rotateKey(db, a, { keyId: made.id });
    await suspendKey(db, "staff@example.com", { keyId: world.keyA.id, reason: "abuse report" });
    await unsuspendKey(db, "staff@example.com", { keyId: world.keyA.id });
    await renameProject(db, a, { projectId: world.projectA.id, name: "Renamed A" });
    await grantCreditsTo(db, "cli", { email: a, amount: 5, reason: "goodwill" });
    // B's project, and a second project of A's: neither belongs in A's first project's trail.
    await revokeKey(db, world.b.email, { keyId: world.keyB.id });
    await setProjectStatus(db, "staff@example.com", { projectId: world.projectB.id, status: "suspended", reason: "unpaid" });
    secondProject = (await db.project.create({ data: { id: "prj_second", ownerId: world.a.id, name: "A's second" } })).id;
    await renameProject(db, a, { projectId: secondProject, name: "A's second, renamed" });
  });
  afterAll(async () => close());

  it("shows the owner exactly their project's events and their account's credit grants", async () => {
    const { entries } = await projectActivity(db, world.projectA, parseActivityQuery({}));
    const keysOfA = new Set((await db.apiKey.findMany({ where: { projectId: world.projectA.id } })).map((key) => key.id));
    for (const entry of entries) {
      expect(entry.projectId === world.projectA.id || (entry.action === "credits.grant" && entry.targetId === world.a.id), entry.action).toBe(true);
      if (entry.targetType === "key") expect(keysOfA.has(entry.targetId)).toBe(true);
    }
    expect(entries.map((entry) => entry.action).sort()).toEqual(
      ["credits.grant", "credits.grant", "key.create", "key.create", "key.rotate", "key.suspend", "key.unsuspend", "project.create", "project.rename"].sort(),
    );
    expect(entries.some((entry) => entry.projectId === world.projectB.id || entry.projectId === secondProject)).toBe(false);
  });

  it("filters the owner's trail by action kind and time", async () => {
    const rotations = await projectActivity(db, world.projectA, parseActivityQuery({ action: "key.rotate" }));
    expect(rotations.entries.map((entry) => entry.action)).toEqual(["key.rotate"]);
    const future = await projectActivity(db, world.projectA, parseActivityQuery({ from: "2999-01-01" }));
    expect(future.entries).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await projectActivity(db, world.projectA, parseActivityQuery({ from: today, to: today }))).entries.length).toBeGreaterThan(0);
    // Malformed filters are dropped, not errors.
    expect(parseActivityQuery({ action: "'; drop", from: "yesterday", page: "-3" })).toEqual({ action: undefined, project: undefined, actor: undefined, from: undefined, to: undefined, page: 1 });
  });

  it("records a key's restrictions and the sandbox access a test key really has", async () => {
    const { entries } = await projectActivity(db, world.projectA, parseActivityQuery({ action: "key.create" }));
    const restricted = entries.find((entry) => entry.facts.some((fact) => fact.value.startsWith("restricted")))!;
    const facts = Object.fromEntries(restricted.facts.map((fact) => [fact.label, fact.value]));
    expect(facts).toMatchObject({ Mode: "test", Access: "sandbox", Permissions: "intel:read", Networks: "eth", Origins: "https://app.example.com", IPs: "10.0.0.0/8", Expires: "never" });
    expect(facts.Key).toMatch(/^restricted · svc_test_…[0-9A-Za-z]{4}$/);
  });

  it("lets staff filter by project, actor, action and time, and pages", async () => {
    const ofB = await staffAudit(db, parseActivityQuery({ project: world.projectB.id }));
    expect(ofB.entries.map((entry) => entry.action).sort()).toEqual(["key.create", "key.revoke", "project.create", "project.suspend"].sort());
    const byStaff = await staffAudit(db, parseActivityQuery({ actor: "STAFF@example" }));
    expect(new Set(byStaff.entries.map((entry) => entry.actor))).toEqual(new Set(["staff@example.com"]));
    expect((await staffAudit(db, parseActivityQuery({ action: "project.suspend", project: world.projectA.id }))).entries).toEqual([]);
    for (let i = 0; i < activityPageSize; i++) await grantCreditsTo(db, "cli", { email: world.b.email, amount: 1, reason: `page ${i}` });
    const first = await staffAudit(db, parseActivityQuery({ action: "credits.grant" }));
    const second = await staffAudit(db, parseActivityQuery({ action: "credits.grant", page: "2" }));
    expect(first.entries).toHaveLength(activityPageSize);
    expect(first.hasMore).toBe(true);
    expect(second.entries.length).toBeGreaterThan(0);
    expect(second.entries.some((entry) => first.entries.some((seen) => seen.id === entry.id))).toBe(false);
  });

  it("names the owner to themselves and staff only by role", () => {
    expect(actorForOwner("a@example.com", "a@example.com")).toBe("You");
    expect(actorForOwner("staff@example.com", "a@example.com")).toBe("Staff");
    expect(actorForOwner("cli", "a@example.com")).toBe("Operator");
    expect(describeDetails("project.rename", { from: "Old", to: "New" })).toEqual([{ label: "From", value: "Old" }, { label: "To", value: "New" }]);
    expect(describeDetails("key.revoke", null)).toEqual([]);
    // A project's name is not a key's.
    expect(describeDetails("project.create", { owner: "usr_1", name: "P" })).toEqual([{ label: "Name", value: "P" }]);
  });
});
