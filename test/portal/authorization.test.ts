// The portal's authorization guard, exhaustively: user B, signed in, tries every
// server action, route handler, page and layout the portal has against user A's
// project, keys and cards. Nothing of A's may be read or changed. The lists of
// actions, routes and pages are discovered from the source tree, so a new one
// without a case here fails this suite.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import type { ActionResult } from "@/lib/portal/action-result";
import { notFoundMessage } from "@/lib/portal/errors";
import { suspendKey } from "@/lib/operator/operations";
import { createWorld, openPortalDatabase, snapshotOfA, usePortal, type World } from "./support/world";
import { treeText } from "./support/tree-text";

const root = path.resolve(__dirname, "../..");

function sourceFiles(dir: string, pattern: RegExp): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(relative, pattern));
    else if (pattern.test(entry.name)) out.push(relative);
  }
  return out;
}

/** Every "use server" module outside the API, and its exported actions. */
async function discoverActions(): Promise<Map<string, (input: unknown) => Promise<unknown>>> {
  const actions = new Map<string, (input: unknown) => Promise<unknown>>();
  const files = ["app", "lib", "components"].flatMap((dir) => sourceFiles(dir, /\.(ts|tsx)$/)).filter((file) => !file.startsWith(path.join("lib", "db", "generated")));
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    if (!/^\s*(\/\/[^\n]*\n\s*)*["']use server["']/.test(text)) continue;
    const module = (await import(path.join(root, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (typeof value === "function") actions.set(`${file.replace(/\\/g, "/")}#${name}`, value as (input: unknown) => Promise<unknown>);
    }
  }
  return actions;
}

/** Actions that run before anyone is signed in: nothing of anyone's to guard. */
const publicActions: Record<string, string> = {
  "lib/auth/sign-in-actions.ts#requestSignInLink": "asks for a sign-in link for the e-mail typed in (rate limited per address and per client address, in Auth.js's signIn callback)",
  "lib/auth/sign-in-actions.ts#signInWithGitHub": "starts the OAuth redirect",
  "lib/auth/sign-in-actions.ts#signOutEverywhere": "ends the caller's own session",
};

type ActionCase = {
  /** Who may do it: A (the owner) or staff. B must fail either way. */
  rightful: "owner" | "staff";
  input: (w: World) => unknown;
  /** False for actions that create something new for the caller and so touch nothing of A's. */
  targetsA?: boolean;
  setup?: (db: Db, w: World) => Promise<void>;
  /** After B's successful non-targeting call: what B made must be B's. */
  checkOwnership?: (db: Db, w: World) => Promise<void>;
};

const actionCases: Record<string, ActionCase> = {
  "lib/portal/actions/projects.ts#createProject": {
    rightful: "owner",
    targetsA: false,
    input: () => ({ name: "Made by the caller" }),
    checkOwnership: async (db, w) => {
      const made = await db.project.findMany({ where: { name: "Made by the caller" } });
      expect(made.map((p) => p.ownerId)).toEqual([w.b.id]);
    },
  },
  "lib/portal/actions/projects.ts#renameProject": { rightful: "owner", input: (w) => ({ projectId: w.projectA.id, name: "hijacked" }) },
  "lib/portal/actions/keys.ts#createKey": { rightful: "owner", input: (w) => ({ projectId: w.projectA.id, mode: "live", permissions: ["intel:read"] }) },
  "lib/portal/actions/keys.ts#rotateKey": { rightful: "owner", input: (w) => ({ keyId: w.keyA.id }) },
  "lib/portal/actions/keys.ts#revokeKey": { rightful: "owner", input: (w) => ({ keyId: w.keyA.id }) },
  "lib/portal/actions/cards.ts#publishCard": {
    rightful: "owner",
    targetsA: false,
    input: () => ({ chain: "eth", token: `0x${"b".repeat(40)}`, hook: "Made by the caller", bullets: "one\ntwo" }),
    checkOwnership: async (db, w) => {
      const made = await db.discoverCard.findMany({ where: { hook: "Made by the caller" } });
      expect(made.map((c) => c.publisherId)).toEqual([w.b.id]);
    },
  },
  "lib/portal/actions/cards.ts#withdrawCard": { rightful: "owner", input: (w) => ({ cardId: w.cardA.id }) },
  "lib/portal/actions/staff.ts#setProjectStatus": { rightful: "staff", input: (w) => ({ projectId: w.projectA.id, status: "suspended", reason: "abuse" }) },
  "lib/portal/actions/staff.ts#suspendKey": { rightful: "staff", input: (w) => ({ keyId: w.keyA.id, reason: "abuse" }) },
  "lib/portal/actions/staff.ts#unsuspendKey": {
    rightful: "staff",
    setup: async (db, w) => void (await suspendKey(db, "test", { keyId: w.keyA.id, reason: "under review" })),
    input: (w) => ({ keyId: w.keyA.id }),
  },
  "lib/portal/actions/staff.ts#setKeyArrangement": { rightful: "staff", input: (w) => ({ keyId: w.keyA.id, tier: "premium", reason: "upgrade" }) },
  "lib/portal/actions/staff.ts#approveKeyAccess": {
    rightful: "staff",
    setup: async (db, w) => void (await db.apiKey.update({ where: { id: w.keyA.id }, data: { accessMode: "request_access" } })),
    input: (w) => ({ keyId: w.keyA.id }),
  },
  "lib/portal/actions/staff.ts#grantCredits": { rightful: "staff", input: (w) => ({ email: w.a.email, amount: 50, reason: "goodwill" }) },
  "lib/portal/actions/staff.ts#changeSettings": { rightful: "staff", input: () => ({ chargingEnabled: true, publicApiEnabled: false, reason: "maintenance", confirmed: true }) },
};

/** Routes outside /v1/api (which has its own suites) that need no account. */
const publicRoutes: Record<string, string> = {
  "app/api/auth/[...nextauth]/route.ts": "Auth.js's own endpoints",
  "app/openapi.json/route.ts": "the public OpenAPI document",
  "app/developers/reference/[...endpoint]/route.ts": "one endpoint's reference details, as public as /docs and the OpenAPI document (prerendered at build)",
  "app/internal/bare/route.ts": "benchmark-only, off unless ENABLE_BENCH_ROUTES=1",
  "app/internal/warm-up/route.ts": "the server's own warm-up before it listens: 404 without the process's secret, and it reads no one's data (test/server/warm-up.test.ts)",
  "app/readyz/route.ts": "readiness for load balancers: which part is down, no data of anyone's (test/server/readiness.test.ts)",
  "app/livez/route.ts": "liveness for orchestrators: reads nothing, says only that the process answers (test/server/liveness.test.ts)",
};

type RouteCase = { url: (w: World) => string; params: (w: World) => Record<string, string>; rightful: "owner" | "staff" };
const routeCases: Record<string, RouteCase> = {
  "app/developers/[projectId]/usage/export/route.ts": {
    rightful: "owner",
    url: (w) => `http://localhost/developers/${w.projectA.id}/usage/export?window=30d`,
    params: (w) => ({ projectId: w.projectA.id }),
  },
  "app/staff/usage/export/route.ts": { rightful: "staff", url: (w) => `http://localhost/staff/usage/export?window=30d&project=${w.projectA.id}`, params: () => ({}) },
};

/** Strings that would give A's data away if they appeared in what B is shown. */
function secretsOf(w: World): string[] {
  return [w.projectA.id, w.projectA.name, w.a.email, w.keyA.id, w.keyA.lastFour.length === 4 ? `****${w.keyA.lastFour}` : w.keyA.id, w.cardA.id, w.cardA.hook, w.requestA];
}


function digestOf(error: unknown): string {
  return String((error as { digest?: string })?.digest ?? (error as Error)?.message ?? error);
}

describe("portal authorization: B cannot read or change A's things", () => {
  let db: Db;
  let close: () => Promise<void>;
  let portal: ReturnType<typeof usePortal>;
  let world: World;
  let actions: Map<string, (input: unknown) => Promise<unknown>>;

  beforeAll(async () => {
    ({ db, close } = await openPortalDatabase());
    portal = usePortal(db);
    actions = await discoverActions();
  });
  afterAll(async () => close());
  beforeEach(async () => {
    world = await createWorld(db);
  });

  it("has a case for every server action, and every action module is found", () => {
    const names = [...actions.keys()];
    expect(names.length).toBeGreaterThan(10);
    const missing = names.filter((name) => !(name in actionCases) && !(name in publicActions));
    expect(missing, "server actions without an authorization case").toEqual([]);
    const stale = Object.keys(actionCases).filter((name) => !actions.has(name));
    expect(stale, "cases for actions that no longer exist").toEqual([]);
  });

  for (const [name, testCase] of Object.entries(actionCases)) {
    it(`action ${name}: refused for B (and for signed-out callers), allowed for the rightful caller`, async () => {
      const action = actions.get(name)!;
      await testCase.setup?.(db, world);
      const before = await snapshotOfA(db, world);

      portal.as(null);
      const anonymous = (await action(testCase.input(world))) as ActionResult<unknown>;
      expect(anonymous.ok).toBe(false);

      portal.as(world.b.id);
      const attempt = (await action(testCase.input(world))) as ActionResult<unknown>;
      if (testCase.targetsA === false) {
        expect(attempt.ok).toBe(true);
        await testCase.checkOwnership?.(db, world);
      } else {
        expect(attempt).toEqual({ ok: false, error: notFoundMessage });
      }
      expect(await snapshotOfA(db, world)).toEqual(before);

      if (testCase.rightful === "staff") {
        // The owner is not staff either: an owner cannot lift a suspension or change their own tier.
        portal.as(world.a.id);
        const byOwner = (await action(testCase.input(world))) as ActionResult<unknown>;
        expect(byOwner).toEqual({ ok: false, error: notFoundMessage });
        expect(await snapshotOfA(db, world)).toEqual(before);
      }

      portal.as(testCase.rightful === "staff" ? world.staff.id : world.a.id);
      const rightful = (await action(testCase.input(world))) as ActionResult<unknown>;
      expect(rightful, `the rightful caller's ${name}`).toMatchObject({ ok: true });
    });
  }

  it("has a case for every route handler outside the API", () => {
    const routes = sourceFiles("app", /^route\.ts$/).map((file) => file.replace(/\\/g, "/")).filter((file) => !file.startsWith("app/v1/"));
    const missing = routes.filter((file) => !(file in routeCases) && !(file in publicRoutes));
    expect(missing, "routes without an authorization case").toEqual([]);
  });

  for (const [file, testCase] of Object.entries(routeCases)) {
    it(`route ${file}: 401 signed out, 404 for B with nothing of A's, 200 for the rightful caller`, async () => {
      const route = (await import(path.join(root, file))) as { GET: (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response> };
      const call = async () => {
        const response = await route.GET(new Request(testCase.url(world)), { params: Promise.resolve(testCase.params(world)) });
        return { status: response.status, text: await response.text() };
      };
      portal.as(null);
      expect((await call()).status).toBe(401);

      portal.as(world.b.id);
      const attempt = await call();
      expect(attempt.status).toBe(404);
      for (const secret of secretsOf(world)) expect(attempt.text).not.toContain(secret);

      portal.as(testCase.rightful === "staff" ? world.staff.id : world.a.id);
      const rightful = await call();
      expect(rightful.status).toBe(200);
      expect(rightful.text).toContain(world.requestA);
    });
  }

  const pageFiles = ["app/developers", "app/staff"].flatMap((dir) => sourceFiles(dir, /^(page|layout)\.tsx$/)).map((file) => file.replace(/\\/g, "/"));

  it("finds the portal's pages and layouts", () => {
    expect(pageFiles.length).toBeGreaterThan(10);
  });

  for (const file of pageFiles) {
    it(`page ${file}: B, given A's ids, is sent away or shown nothing of A's`, async () => {
      const module = (await import(path.join(root, file))) as { default: (props: unknown) => Promise<unknown> };
      portal.as(world.b.id);
      const props = {
        params: Promise.resolve({ projectId: world.projectA.id }),
        searchParams: Promise.resolve({ project: world.projectA.id, key: world.keyA.id, window: "30d" }),
        children: null,
      };
      let shown: unknown;
      try {
        shown = await module.default(props);
      } catch (error) {
        const digest = digestOf(error);
        // notFound() or a redirect that leads anywhere but A's project.
        expect(digest).toMatch(/NEXT_HTTP_ERROR_FALLBACK;404|NEXT_REDIRECT/);
        expect(digest).not.toContain(world.projectA.id);
        return;
      }
      const text = treeText(shown);
      for (const secret of secretsOf(world)) expect(text).not.toContain(secret);
    });
  }
});

describe("portal actions are rate limited per user", () => {
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await openPortalDatabase());
  });
  afterAll(async () => close());

  it("refuses the 31st action in a minute and admits again a minute later", async () => {
    const portal = usePortal(db);
    const world = await createWorld(db);
    const { renameProject } = await import("@/lib/portal/actions/projects");
    portal.as(world.a.id);
    for (let i = 0; i < 30; i++) expect(await renameProject({ projectId: world.projectA.id, name: `name ${i}` })).toMatchObject({ ok: true });
    const refused = await renameProject({ projectId: world.projectA.id, name: "one too many" });
    expect(refused.ok).toBe(false);
    expect(refused.ok ? "" : refused.error).toMatch(/Too many actions/);
    portal.clock.now = new Date(portal.clock.now.getTime() + 61_000);
    expect(await renameProject({ projectId: world.projectA.id, name: "later" })).toMatchObject({ ok: true });
  });
});
