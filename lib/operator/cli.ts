// The operator CLI's commands, run from an argument list: one JSON object out, and the exit code.
// scripts/admin.ts runs it for `node --import tsx scripts/admin.ts <command> --json`; the tests run it in
// this process. It calls the same lib functions as the portal's staff area, on the configured
// database (or the embedded one, whether or not the app is running).
import { parseArgs } from "node:util";
import { splitListText } from "@/lib/keys/allow-lists";
import { isApiError } from "@/lib/errors/api-error";
import { createPrismaClient } from "@/lib/db/client";
import { readCardToken } from "@/lib/metadata/card-token";
import {
  changeSettings, createKey, createProject, createUser, grantCreditsTo, publishCard, revokeKey, rotateKey, setProjectStatus, suspendKey, unsuspendKey,
} from "@/lib/operator/operations";
import type { Db } from "@/lib/db/client";
import { creditGrantMessages, grantNeedsConfirmation, parseCreditGrantAmount } from "@/lib/billing/grant-rules";

const actor = "cli";
type Flags = Record<string, string | boolean | undefined>;

class UsageError extends Error {}

const list = (value: unknown) => (typeof value === "string" && value.trim() ? splitListText(value) : undefined);
const text = (flags: Flags, name: string, required = false): string | undefined => {
  const value = flags[name];
  if (typeof value === "string" && value.trim()) return value;
  if (required) throw new UsageError(`--${name} is required`);
  return undefined;
};
const integer = (flags: Flags, name: string, required = false): number | undefined => {
  const value = text(flags, name, required);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number`);
  return Number(value);
};
const date = (flags: Flags, name: string): Date | undefined => {
  const value = text(flags, name);
  if (value === undefined) return undefined;
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw new UsageError(`--${name} must be an ISO 8601 date`);
  return parsed;
};
const onOff = (flags: Flags, name: string): boolean | undefined => {
  const value = text(flags, name);
  if (value === undefined) return undefined;
  if (value !== "on" && value !== "off") throw new UsageError(`--${name} must be on or off`);
  return value === "on";
};

const commands: Record<string, (db: Db, flags: Flags, env: NodeJS.ProcessEnv) => Promise<Record<string, unknown>>> = {
  "user create": async (db, f) => {
    const user = await createUser(db, actor, { email: text(f, "email", true)!, staff: f.staff === true });
    return { id: user.id, email: user.email, role: user.role };
  },
  "project create": async (db, f) => {
    const project = await createProject(db, actor, { ownerEmail: text(f, "owner", true)!, name: text(f, "name", true)! });
    return { id: project.id, name: project.name, status: project.status };
  },
  "project set-status": async (db, f) => {
    const status = text(f, "status", true)!;
    if (!["active", "suspended", "archived"].includes(status)) throw new UsageError("--status must be active, suspended or archived");
    const project = await setProjectStatus(db, actor, { projectId: text(f, "id", true)!, status: status as "active", reason: text(f, "reason") });
    return { id: project.id, status: project.status, reason: project.statusReason };
  },
  "key create": async (db, f) => {
    const created = await createKey(db, actor, {
      projectId: text(f, "project", true)!,
      mode: text(f, "mode", true) as "live" | "test",
      permissions: list(f.scopes) ?? [],
      name: text(f, "name"),
      tier: text(f, "tier") as "basic" | undefined,
      accessMode: text(f, "access-mode") as "paid" | undefined,
      rateLimitPerHour: integer(f, "rate-limit"),
      allowedChains: list(f.chains) as ("eth" | "base" | "bsc")[] | undefined,
      expiresAt: date(f, "expires"),
      allowedOrigins: list(f.origins),
      allowedIps: list(f.ips),
      trialAllowance: integer(f, "trial-allowance"),
      trialEndsAt: date(f, "trial-ends"),
      coveredEndpoints: list(f.endpoints),
    });
    return { id: created.id, key: created.fullKey, masked: created.masked };
  },
  "key rotate": async (db, f) => {
    const rotated = await rotateKey(db, actor, { keyId: text(f, "id", true)! });
    return { id: rotated.id, key: rotated.fullKey, masked: rotated.masked, rotated_from: rotated.rotatedFrom };
  },
  "key revoke": async (db, f) => {
    const key = await revokeKey(db, actor, { keyId: text(f, "id", true)! });
    return { id: key.id, status: key.status };
  },
  "key suspend": async (db, f) => {
    const key = await suspendKey(db, actor, { keyId: text(f, "id", true)!, reason: text(f, "reason", true)! });
    return { id: key.id, status: key.status, reason: key.suspensionReason };
  },
  "key unsuspend": async (db, f) => {
    const key = await unsuspendKey(db, actor, { keyId: text(f, "id", true)!, reason: text(f, "reason") });
    return { id: key.id, status: key.status };
  },
  "credits grant": async (db, f) => {
    // The amount goes to the shared grant rules as typed, so "1e9" or an overflowing figure is refused with the form's words.
    const amount = text(f, "amount", true)!;
    const parsed = parseCreditGrantAmount(amount);
    if (parsed.ok && grantNeedsConfirmation(parsed.amount) && f.confirm !== true) throw new UsageError(`${creditGrantMessages.confirm} Add --confirm.`);
    const account = await grantCreditsTo(db, actor, { email: text(f, "email", true)!, amount, reason: text(f, "reason", true)!, confirmed: f.confirm === true });
    return { balance: account.balance };
  },
  "settings set": async (db, f) => {
    const settings = await changeSettings(db, actor, {
      ...(onOff(f, "public-api") !== undefined ? { publicApiEnabled: onOff(f, "public-api") } : {}),
      ...(onOff(f, "charging") !== undefined ? { chargingEnabled: onOff(f, "charging") } : {}),
      ...(integer(f, "discover-daily-cap") !== undefined ? { discoverDailyCap: integer(f, "discover-daily-cap") } : {}),
    });
    return { public_api: settings.publicApiEnabled ? "on" : "off", charging: settings.chargingEnabled ? "on" : "off", discover_daily_cap: settings.discoverDailyCap };
  },
  "card publish": async (db, f, env) => {
    const card = await publishCard(db, actor, {
      chain: text(f, "chain", true)!, token: text(f, "token", true)!, hook: text(f, "hook", true)!, bullets: (text(f, "bullets", true) ?? "").split("|"),
      publisherEmail: text(f, "publisher"), tokenName: text(f, "token-name"), tokenSymbol: text(f, "token-symbol"),
    }, { readToken: (chain, token) => readCardToken(chain, token, env) });
    return { id: card.id, status: card.status, token_name: card.tokenName, token_symbol: card.tokenSymbol };
  },
};

/** Each command's flags, for --help: the list in docs/portal.md (Operator CLI), kept beside the commands it describes. */
export const commandUsage: Record<keyof typeof commands, string> = {
  "user create": "--email E [--staff]   (any address that can sign in to the portal, e.g. demo@localhost)",
  "project create": "--owner E --name N",
  "project set-status": "--id P --status active|suspended|archived [--reason R]   (a reason is required to suspend or archive)",
  "key create":
    "--project P --mode live|test --scopes a,b [--name N] [--tier basic|premium|pro] [--access-mode paid|trial|partner|enterprise|request_access|legacy] " +
    "[--rate-limit N] [--chains eth,base,bsc] [--expires ISO] [--origins a,b] [--ips a,b] [--trial-allowance N --trial-ends ISO] [--endpoints p,q]",
  "key rotate": "--id K",
  "key revoke": "--id K",
  "key suspend": "--id K --reason R",
  "key unsuspend": "--id K [--reason R]",
  "credits grant": "--email E --amount N --reason R [--confirm]   (1 to 1,000,000; --confirm above 10,000)",
  "settings set": "[--public-api on|off] [--charging on|off] [--discover-daily-cap N]",
  "card publish": "--chain C --token T --hook H --bullets \"a|b\" [--publisher E] [--token-name N] [--token-symbol S]",
};

function helpText(only?: string): string {
  const names = only ? [only] : (Object.keys(commandUsage) as Array<keyof typeof commandUsage>);
  return [
    "Usage: node --import tsx scripts/admin.ts <command> [flags] [--json]",
    "",
    ...names.map((name) => `  ${name} ${commandUsage[name as keyof typeof commandUsage]}`),
    "",
    "Each command prints one JSON object (non-zero exit and a JSON error on failure) and is audit-logged as \"cli\".",
    "The database is DATABASE_URL's, or the embedded one in DATA_DIR (default .data/).",
  ].join("\n");
}

const options = Object.fromEntries(
  ["email", "owner", "name", "id", "status", "reason", "project", "mode", "scopes", "tier", "access-mode", "rate-limit", "chains", "expires", "origins", "ips",
    "trial-allowance", "trial-ends", "endpoints", "amount", "public-api", "charging", "discover-daily-cap", "chain", "token", "hook", "bullets", "publisher", "token-name", "token-symbol"]
    .map((name) => [name, { type: "string" as const }]),
);

/** `text` is for a person at a terminal (help without --json); `output` is the JSON object. */
export type CliOutcome = { exitCode: number; output: Record<string, unknown>; text?: string };

function help(name?: string): CliOutcome {
  return { exitCode: 0, output: { ok: true, usage: helpText(name) }, text: helpText(name) };
}

export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliOutcome> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { ...options, staff: { type: "boolean" }, confirm: { type: "boolean" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
    const name = positionals.slice(0, 2).join(" ");
    const command = commands[name];
    if (positionals.length === 0 || positionals[0] === "help" || (values.help && !command)) return help();
    if (values.help) return help(name);
    if (!command) throw new UsageError(`unknown command "${name}"; commands: ${Object.keys(commands).join(", ")} (--help lists their flags)`);
    const { prisma, close } = await createPrismaClient(env);
    try {
      return { exitCode: 0, output: { ok: true, ...(await command(prisma, values as Flags, env)) } };
    } finally {
      await close();
    }
  } catch (error) {
    const code = isApiError(error) ? error.code : error instanceof UsageError || (error as { code?: string })?.code?.startsWith?.("ERR_PARSE_ARGS") ? "usage" : "error";
    return { exitCode: 1, output: { ok: false, error: code, message: (error as Error).message } };
  }
}
