// What stops free allowances from multiplying and cards from carrying markup: a project holds at
// most maxKeysPerProject keys made in the portal, and a card's text is plain text at publish time
// (the API serves it verbatim to clients that may not escape it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { createKey, publishCard, revokeKey } from "@/lib/operator/operations";
import { everyTokenExists } from "../support/card-tokens";
import { assertKeyRoom, maxKeysPerProject } from "@/lib/portal/keys";
import { createWorld, openPortalDatabase, usePortal, type World } from "./support/world";

describe("allowance caps and plain-text cards", () => {
  let db: Db;
  let close: () => Promise<void>;
  let world: World;

  beforeAll(async () => {
    ({ db, close } = await openPortalDatabase());
    usePortal(db);
    world = await createWorld(db);
  });
  afterAll(async () => close());

  it("refuses a key past the project's ceiling, and makes room again when one is revoked", async () => {
    const held = await db.apiKey.count({ where: { projectId: world.projectB.id, status: { not: "revoked" }, rotatedToId: null } });
    const made = [];
    for (let i = held; i < maxKeysPerProject; i++) made.push(await createKey(db, "test", { projectId: world.projectB.id, mode: "test", permissions: ["intel:read"] }));
    await expect(assertKeyRoom(db, world.projectB.id)).rejects.toThrow(/the most a project may have \(25\); revoke one first/);
    await revokeKey(db, "test", { keyId: made[0].id });
    await expect(assertKeyRoom(db, world.projectB.id)).resolves.toBeUndefined();
  });

  it("refuses markup and invisible characters in a card at publish time, and keeps plain text", async () => {
    const card = { publisherId: world.a.id, chain: "eth", token: `0x${"b".repeat(40)}` };
    for (const [hook, bullets] of [
      ["<img src=x onerror=alert(1)>", ["fine"]],
      ["fine hook", ["<script>alert(1)</script>"]],
      ["fine hook", ["a </b> close"]],
      ["<!-- comment -->", ["fine"]],
      ["right\u202Eleft", ["fine"]],
    ] as const) {
      await expect(publishCard(db, "test", { ...card, hook, bullets: [...bullets] }), hook).rejects.toThrow(/must be plain text/);
    }
    await expect(publishCard(db, "test", { ...card, hook: "fine", bullets: ["fine"], tokenName: "<b>Token</b>" })).rejects.toThrow(/token name must be plain text/);
    const plain = await publishCard(db, "test", { ...card, hook: "Price < $1 and 2 > 1: still plain", bullets: ["a & b"] }, { readToken: everyTokenExists });
    expect(plain.hook).toBe("Price < $1 and 2 > 1: still plain");
  });
});
