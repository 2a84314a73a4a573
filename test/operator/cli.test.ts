// The operator CLI as staff run it: one JSON object on stdout per command, a JSON
// error and non-zero exit on failure, against PostgreSQL.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandUsage, runCli } from "@/lib/operator/cli";
import { createTestDatabase } from "../support/postgres";

const run = promisify(execFile);

describe("operator CLI", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  /** The CLI's commands, run in this process (starting a process per command costs seconds each). */
  async function admin(...args: string[]) {
    const { exitCode, output } = await runCli([...args, "--json"], { ...process.env, DATABASE_URL: database.url });
    return { code: exitCode, out: output as Record<string, any> };
  }

  /** The script itself, as staff run it: one JSON line on stdout and the exit code. */
  async function script(...args: string[]) {
    try {
      const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args, "--json"], { env: { ...process.env, DATABASE_URL: database.url } });
      return { code: 0, out: JSON.parse(stdout) };
    } catch (error) {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, out: JSON.parse(failed.stdout) };
    }
  }

  it("creates a user, project and key, rotates, suspends and revokes it, and flips the switches", { timeout: 90_000 }, async () => {
    expect((await admin("user", "create", "--email", "Ops@Example.com", "--staff")).out).toMatchObject({ ok: true, email: "ops@example.com", role: "staff" });
    const project = (await admin("project", "create", "--owner", "ops@example.com", "--name", "Ops")).out;
    expect(project).toMatchObject({ ok: true, status: "active" });
    const key = (await admin("key", "create", "--project", project.id, "--mode", "live", "--scopes", "intel:read,contract:read", "--chains", "eth", "--ips", "10.0.0.0/8")).out;
    expect(key.key).toMatch(/^svc_live_[0-9A-Za-z]{32}$/);
    expect(key.masked).toBe(`svc_live_${"*".repeat(28)}${key.key.slice(-4)}`);
    const rotated = (await admin("key", "rotate", "--id", key.id)).out;
    expect(rotated).toMatchObject({ ok: true, rotated_from: key.id });
    expect(rotated.key).not.toBe(key.key);
    expect((await admin("key", "suspend", "--id", rotated.id, "--reason", "billing dispute")).out).toMatchObject({ status: "suspended", reason: "billing dispute" });
    expect((await admin("key", "unsuspend", "--id", rotated.id)).out).toMatchObject({ status: "active" });
    expect((await admin("key", "revoke", "--id", rotated.id)).out).toMatchObject({ status: "revoked" });
    expect((await admin("credits", "grant", "--email", "ops@example.com", "--amount", "25", "--reason", "pilot")).out).toEqual({ ok: true, balance: 25 });
    expect((await admin("settings", "set", "--charging", "on", "--discover-daily-cap", "40")).out).toEqual({ ok: true, public_api: "on", charging: "on", discover_daily_cap: 40 });
    expect((await admin("project", "set-status", "--id", project.id, "--status", "suspended", "--reason", "chargeback")).out).toMatchObject({ status: "suspended", reason: "chargeback" });
    // No node here to check the token on: nothing is published (test/operator/card-token.test.ts publishes on a demo chain).
    const card = await runCli(["card", "publish", "--chain", "eth", "--token", "0x" + "b".repeat(40), "--hook", "LP burned", "--bullets", "renounced|LP burned", "--json"], { ...process.env, DATABASE_URL: database.url, ETH_RPC_URL: "" });
    expect(card).toMatchObject({ exitCode: 1, output: { ok: false, error: "unavailable", message: expect.stringContaining("set ETH_RPC_URL") } });
  });

  it("grants credits by the staff form's rules: whole numbers up to the maximum, a reason, --confirm above the threshold", { timeout: 90_000 }, async () => {
    await admin("user", "create", "--email", "grants@example.com");
    for (const amount of ["1e9", "99999999999", "1000001", "0", "-5", "2.5"]) {
      const refused = await admin("credits", "grant", "--email", "grants@example.com", `--amount=${amount}`, "--reason", "r");
      expect({ amount, code: refused.code, out: refused.out }).toEqual({ amount, code: 1, out: { ok: false, error: "bad_request", message: "Credits must be a whole number from 1 to 1,000,000." } });
    }
    const unconfirmed = await admin("credits", "grant", "--email", "grants@example.com", "--amount", "50000", "--reason", "pilot");
    expect(unconfirmed.out).toEqual({ ok: false, error: "usage", message: "A grant above 10,000 credits needs confirmation. Add --confirm." });
    expect((await admin("credits", "grant", "--email", "grants@example.com", "--amount", "50")).out).toMatchObject({ ok: false, error: "usage", message: "--reason is required" });
    expect((await admin("credits", "grant", "--email", "grants@example.com", "--amount", "50000", "--reason", "pilot", "--confirm")).out).toEqual({ ok: true, balance: 50_000 });
  });

  it("answers bad input with a JSON error and a non-zero exit", { timeout: 60_000 }, async () => {
    const bad = await admin("key", "create", "--project", "prj_nope", "--mode", "live", "--scopes", "intel:read", "--ips", "999.1.1.1");
    expect(bad.code).not.toBe(0);
    expect(bad.out).toMatchObject({ ok: false, error: "bad_request" });
    expect(bad.out.message).toMatch(/999\.1\.1\.1/);
    const unknown = await admin("frobnicate", "now");
    expect(unknown.code).not.toBe(0);
    expect(unknown.out).toMatchObject({ ok: false, error: "usage" });
  });

  it("--help lists every command with its flags, and one command's with `<command> --help`", async () => {
    for (const argv of [["--help"], ["-h"], ["help"], []]) {
      const shown = await runCli(argv, {} as NodeJS.ProcessEnv);
      expect(shown.exitCode).toBe(0);
      for (const name of Object.keys(commandUsage)) expect(shown.text).toContain(`  ${name} `);
    }
    const one = await runCli(["key", "create", "--help"], {} as NodeJS.ProcessEnv);
    expect(one.text).toContain("key create --project P --mode live|test");
    expect(one.text).not.toContain("credits grant");
    expect((await admin("--help")).out).toMatchObject({ ok: true, usage: expect.stringContaining("user create --email E") });
  });

  it("accepts exactly the e-mail addresses the portal's sign-in accepts", { timeout: 60_000 }, async () => {
    expect((await admin("user", "create", "--email", " Demo@LOCALHOST ")).out).toMatchObject({ ok: true, email: "demo@localhost" });
    expect((await admin("project", "create", "--owner", "demo@localhost", "--name", "Local")).out).toMatchObject({ ok: true });
    for (const bad of ["not-an-email", "two@@example.com", "a b@example.com", "@example.com"]) {
      expect((await admin("user", "create", "--email", bad)).out).toEqual({ ok: false, error: "bad_request", message: "Enter an e-mail address such as you@example.com." });
    }
  });

  it("the script prints the one JSON line and exits with the CLI's code", { timeout: 60_000 }, async () => {
    expect(await script("user", "create", "--email", "script@example.com")).toMatchObject({ code: 0, out: { ok: true, email: "script@example.com" } });
    expect(await script("frobnicate", "now")).toMatchObject({ code: 1, out: { ok: false, error: "usage" } });
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/admin.ts", "--help"], { env: process.env });
    expect(stdout).toMatch(/^Usage: node --import tsx scripts\/admin\.ts <command>/);
  });
});
