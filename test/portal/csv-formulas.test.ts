// A spreadsheet runs a cell that starts with =, +, -, @, tab or CR as a formula. Text that reaches
// the usage exports (a key's name, a failure's message) is the caller's, so both exports, through
// their routes on a real database, must hand every such text cell over defused, and only the
// numbers bare.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { createKey } from "@/lib/operator/operations";
import { newId } from "@/lib/ids";
import { createWorld, openPortalDatabase, usePortal, type World } from "./support/world";

const root = path.resolve(__dirname, "../..");

// The first one looks like a negative number to a check that reads only its first characters.
const formulas = ['-1+HYPERLINK("http://evil.example/?x","Open report")', '=HYPERLINK("http://evil.example")', "+1+1", "@SUM(A1)", "\t=1+1", "\r=1+1", "-=1"];

/** Splits a CSV text into rows of cells (RFC 4180 quoting), so each cell is judged on its own. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") row.push(cell), (cell = "");
    else if (char === "\n") row.push(cell), rows.push(row), (row = []), (cell = "");
    else cell += char;
  }
  if (cell !== "" || row.length > 0) row.push(cell), rows.push(row);
  return rows;
}

describe("formula cells in the usage exports", () => {
  let db: Db;
  let close: () => Promise<void>;
  let portal: ReturnType<typeof usePortal>;
  let world: World;

  beforeAll(async () => {
    ({ db, close } = await openPortalDatabase());
    portal = usePortal(db);
    world = await createWorld(db);
    for (const name of formulas) {
      const { key } = await createKey(db, "test", { projectId: world.projectA.id, name, mode: "live", permissions: ["intel:read"] });
      await db.requestRecord.create({
        data: { id: newId("req"), keyId: key.id, projectId: world.projectA.id, endpoint: "intel/risk", method: "POST", httpStatus: 400, errorCode: "bad_request", errorMessage: name, outcome: "client_error", quoted: 2, charged: 0, chain: "eth", latencyMs: 7 },
      });
    }
  });
  afterAll(async () => close());

  async function exportCsv(file: string, url: string, params: Record<string, string> = {}) {
    const route = (await import(path.join(root, file))) as { GET: (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response> };
    const response = await route.GET(new Request(url), { params: Promise.resolve(params) });
    expect(response.status).toBe(200);
    return parseCsv(await response.text());
  }

  function expectDefused(rows: string[][]) {
    const [header, ...body] = rows;
    const column = (row: string[], name: string) => row[header.indexOf(name)];
    for (const row of body) {
      for (const cell of row) expect(cell, JSON.stringify(row)).not.toMatch(/^[=+\-@\t\r]/);
    }
    // Defused by a leading quote, the text otherwise whole. (A key's name is stored trimmed.)
    const messages = body.map((row) => column(row, "error_message")).filter((cell) => cell !== "");
    expect(messages.sort()).toEqual(formulas.map((formula) => `'${formula}`).sort());
    for (const row of body.filter((row) => column(row, "error_message") !== "")) {
      expect(column(row, "key_name")).toBe(`'${column(row, "error_message").slice(1).trim()}`);
      // Numbers still go out as numbers.
      expect(["http_status", "quoted", "charged", "latency_ms"].map((name) => column(row, name))).toEqual(["400", "2", "0", "7"]);
    }
  }

  it("defuses them in the owner's export", async () => {
    portal.as(world.a.id);
    expectDefused(await exportCsv("app/developers/[projectId]/usage/export/route.ts", `http://localhost/developers/${world.projectA.id}/usage/export?window=24h`, { projectId: world.projectA.id }));
  });

  it("defuses them in the staff export", async () => {
    portal.as(world.staff.id);
    expectDefused(await exportCsv("app/staff/usage/export/route.ts", `http://localhost/staff/usage/export?window=24h&project=${world.projectA.id}`));
  });
});
