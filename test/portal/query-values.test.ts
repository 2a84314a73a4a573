// Crafted query values on the portal's pages and exports, as a tester sent them: NUL, CR/LF,
// a right-to-left override, a quote, an impossible day. Each page renders and names what it
// ignored; each export answers 400 with no Content-Disposition; nothing reaches the database.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { readActivityQuery } from "@/lib/portal/activity";
import { readUsageQuery, csvFileName } from "@/lib/portal/usage";
import { readQuery, textValue } from "@/lib/portal/query-values";
import { createWorld, openPortalDatabase, usePortal, type World } from "./support/world";
import { treeText } from "./support/tree-text";

const root = path.resolve(__dirname, "../..");


const craftedValues = ["\u0000", "a\r\nb", "\u202E", 'abc"; x', "2020-13-45", "\uFEFFprj", "x".repeat(300)];

describe("reading query values", () => {
  it("drops and names every crafted value instead of passing it on", () => {
    // (An impossible day is a well-formed id; it is crafted for the day fields only.)
    for (const value of craftedValues.filter((value) => value !== "2020-13-45")) {
      const usage = readUsageQuery({ key: value, project: value, endpoint: value, status: value, window: value, page: value });
      expect(usage.query, JSON.stringify(value)).toEqual({ window: "24h", key: undefined, endpoint: undefined, status: undefined, project: undefined, page: 1 });
      expect(usage.problems.length, JSON.stringify(value)).toBe(6);
    }
    for (const value of craftedValues) {
      const activity = readActivityQuery({ from: value, to: value, actor: value, project: value, action: value });
      expect([activity.query.from, activity.query.to], JSON.stringify(value)).toEqual([undefined, undefined]);
      // The actor filter is free text: a quote is a search, a control character is not.
      if (/[\u0000\r\u202E]/.test(value)) expect(activity.query.actor, JSON.stringify(value)).toBeUndefined();
    }
    expect(readActivityQuery({ from: "2020-13-45" }).problems).toEqual(["From is not a day on the calendar; it was ignored."]);
    expect(readActivityQuery({ from: "2024-02-29", to: "2023-02-29" }).problems).toEqual(["To is not a day on the calendar; it was ignored."]);
    expect(readQuery({ q: { label: "Search", schema: textValue(100) } }, { q: "\u0000" }).problems).toEqual(["Search contains control or invisible characters; it was ignored."]);
    // Good values pass unchanged.
    expect(readUsageQuery({ key: "key_abc", endpoint: "intel/risk", status: "429", window: "7d", page: "2" }).query).toEqual({ window: "7d", key: "key_abc", endpoint: "intel/risk", status: "429", project: undefined, page: 2 });
  });

  it("writes file names from safe characters only", () => {
    expect(csvFileName({ projectId: null }, { window: "24h", page: 1, project: 'a"; b\r\n' }, new Date("2026-01-02T00:00:00Z"))).toBe("usage-a___b__-24h-2026-01-02.csv");
  });
});

describe("crafted values on pages and exports", () => {
  let db: Db;
  let close: () => Promise<void>;
  let portal: ReturnType<typeof usePortal>;
  let world: World;

  beforeAll(async () => {
    ({ db, close } = await openPortalDatabase());
    portal = usePortal(db);
    world = await createWorld(db);
  });
  afterAll(async () => close());

  async function page(file: string, searchParams: Record<string, string>, params: Record<string, string> = {}) {
    const module = (await import(path.join(root, file))) as { default: (props: unknown) => Promise<unknown> };
    return treeText(await module.default({ params: Promise.resolve(params), searchParams: Promise.resolve(searchParams) }));
  }

  async function exportCsv(file: string, url: string, params: Record<string, string> = {}) {
    const route = (await import(path.join(root, file))) as { GET: (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response> };
    return route.GET(new Request(url), { params: Promise.resolve(params) });
  }

  it("renders the staff project list with a NUL search and says it was ignored", async () => {
    portal.as(world.staff.id);
    for (const q of ["\u0000", "a\u202Eb", "x".repeat(101)]) {
      const text = await page("app/staff/page.tsx", { q });
      expect(text).toMatch(/Search (contains control or invisible characters|is longer than 100 characters); it was ignored\./);
    }
    expect(await page("app/staff/page.tsx", { page: "abc" })).toContain("Page is not a page number; it was ignored.");
  });

  it("renders the owner's activity with an impossible day and the staff audit with crafted filters", async () => {
    portal.as(world.a.id);
    const text = await page("app/developers/[projectId]/activity/page.tsx", { from: "2020-13-45", to: "2020-02-30" }, { projectId: world.projectA.id });
    expect(text).toContain("From is not a day on the calendar; it was ignored.");
    expect(text).toContain("To is not a day on the calendar; it was ignored.");
    portal.as(world.staff.id);
    const audit = await page("app/staff/audit/page.tsx", { actor: "\u0000", project: "a\r\nb", from: "2020-13-45" });
    expect(audit).toContain("Actor contains control or invisible characters; it was ignored.");
    expect(audit).toContain("Project is not an id (letters, digits, _ and - only); it was ignored.");
  });

  it("renders the usage pages with a NUL key and says so", async () => {
    portal.as(world.a.id);
    expect(await page("app/developers/[projectId]/usage/page.tsx", { key: "\u0000" }, { projectId: world.projectA.id })).toContain("Key is not an id");
    portal.as(world.staff.id);
    expect(await page("app/staff/usage/page.tsx", { project: "\u202E" })).toContain("Project is not an id");
    expect(await page("app/staff/projects/[projectId]/usage/page.tsx", { key: "a%00" }, { projectId: world.projectA.id })).toContain("Key is not an id");
  });

  it("answers the exports 400 for a crafted filter, with no file and no header built from it", async () => {
    portal.as(world.staff.id);
    for (const project of ["a\r\nb", "\u202E", 'abc"; x']) {
      const response = await exportCsv("app/staff/usage/export/route.ts", `http://localhost/staff/usage/export?${new URLSearchParams({ project })}`);
      expect(response.status, JSON.stringify(project)).toBe(400);
      expect(response.headers.get("content-disposition")).toBeNull();
      expect(await response.text()).toContain("Project is not an id");
    }
    portal.as(world.a.id);
    const owner = await exportCsv("app/developers/[projectId]/usage/export/route.ts", `http://localhost/developers/${world.projectA.id}/usage/export?key=%00`, { projectId: world.projectA.id });
    expect(owner.status).toBe(400);
    expect(await owner.text()).toContain("Key is not an id");
    // The same export with good filters is the file.
    const good = await exportCsv("app/developers/[projectId]/usage/export/route.ts", `http://localhost/developers/${world.projectA.id}/usage/export?window=30d`, { projectId: world.projectA.id });
    expect(good.status).toBe(200);
    expect(good.headers.get("content-disposition")).toMatch(/^attachment; filename="usage-prj_[a-z0-9]+-30d-\d{4}-\d{2}-\d{2}\.csv"$/);
  });
});
