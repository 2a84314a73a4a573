// The key as the pipeline sees it — the key row, its project's state, the owner's
// credit account and the operator's switches — read in one round trip by the
// SHA-256 of the whole key under the unique index.
import type { SqlExecutor } from "@/lib/db/sql-executor";
import type { AccessMode, KeyMode, KeyStatus, KeyTier, ProjectStatus } from "@/lib/db/generated/enums";
import { defaultSettings, type Settings } from "@/lib/settings";

export type KeyContext = {
  id: string;
  projectId: string;
  name: string | null;
  mode: KeyMode;
  permissions: string[];
  tier: KeyTier;
  accessMode: AccessMode;
  rateLimitPerHour: number;
  allowedChains: string[];
  expiresAt: Date | null;
  allowedOrigins: string[];
  allowedIps: string[];
  coveredEndpoints: string[];
  trialAllowance: number | null;
  trialEndsAt: Date | null;
  trialUsed: number;
  status: KeyStatus;
  suspensionReason: string | null;
  rotatedToId: string | null;
  lastFour: string;
  lastUsedAt: Date | null;
  project: { id: string; status: ProjectStatus; statusReason: string | null; ownerId: string };
  /** The owner's credit account; null when the owner has none yet. */
  account: { id: string; balance: number; freeCreditsDay: string | null; freeCreditsUsed: number } | null;
};

type Row = Record<string, unknown> & Omit<KeyContext, "project" | "account"> & {
  projectStatus: ProjectStatus;
  projectStatusReason: string | null;
  ownerId: string;
  accountId: string | null;
  balance: number | null;
  freeCreditsDay: string | null;
  freeCreditsUsed: number | null;
  publicApiEnabled: boolean | null;
  chargingEnabled: boolean | null;
  discoverDailyCap: number | null;
};

function settingsOf(row: Pick<Row, "publicApiEnabled" | "chargingEnabled" | "discoverDailyCap"> | undefined): Settings {
  if (!row || row.publicApiEnabled === null) return defaultSettings;
  return { publicApiEnabled: row.publicApiEnabled, chargingEnabled: row.chargingEnabled!, discoverDailyCap: row.discoverDailyCap! };
}

/**
 * The settings, and the key with that hash (null when unknown). Lookups made in the
 * same turn of the event loop share one query, so a burst of requests costs one
 * round trip rather than one each.
 */
export async function loadKeyAndSettings(sql: SqlExecutor, hash: string): Promise<{ settings: Settings; key: KeyContext | null }> {
  let loader = loaders.get(sql);
  if (!loader) {
    loader = new KeyLoader(sql);
    loaders.set(sql, loader);
  }
  return loader.load(hash);
}

type Waiting = { hash: string; resolve: (value: { settings: Settings; key: KeyContext | null }) => void; reject: (error: unknown) => void };

class KeyLoader {
  private waiting: Waiting[] = [];
  constructor(private readonly sql: SqlExecutor) {}

  load(hash: string): Promise<{ settings: Settings; key: KeyContext | null }> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ hash, resolve, reject });
      if (this.waiting.length === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush() {
    const batch = this.waiting;
    this.waiting = [];
    try {
      const rows = await selectKeys(this.sql, [...new Set(batch.map((w) => w.hash))]);
      const settings = settingsOf(rows[0]);
      const byHash = new Map(rows.filter((row) => row.id).map((row) => [row.hash as string, row]));
      for (const waiting of batch) {
        const row = byHash.get(waiting.hash);
        waiting.resolve({ settings, key: row ? toKeyContext(row) : null });
      }
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}

const loaders = new WeakMap<SqlExecutor, KeyLoader>();

async function selectKeys(sql: SqlExecutor, hashes: string[]): Promise<Row[]> {
  // Timestamps are read AT TIME ZONE 'UTC' so every driver returns the same instant.
  return sql.query<Row>(`
    SELECT k.id, k.hash, k.project_id AS "projectId", k.name, k.mode::text AS mode, k.permissions, k.tier::text AS tier,
           k.access_mode::text AS "accessMode", k.rate_limit_per_hour AS "rateLimitPerHour", k.allowed_chains AS "allowedChains",
           k.expires_at AT TIME ZONE 'UTC' AS "expiresAt", k.allowed_origins AS "allowedOrigins", k.allowed_ips AS "allowedIps",
           k.covered_endpoints AS "coveredEndpoints", k.trial_allowance AS "trialAllowance", k.trial_ends_at AT TIME ZONE 'UTC' AS "trialEndsAt",
           k.trial_used AS "trialUsed", k.status::text AS status, k.suspension_reason AS "suspensionReason",
           k.rotated_to_id AS "rotatedToId", k.last_four AS "lastFour", k.last_used_at AT TIME ZONE 'UTC' AS "lastUsedAt",
           p.status::text AS "projectStatus", p.status_reason AS "projectStatusReason", p.owner_id AS "ownerId",
           a.id AS "accountId", a.balance, a.free_credits_day AS "freeCreditsDay", a.free_credits_used AS "freeCreditsUsed",
           s.public_api_enabled AS "publicApiEnabled", s.charging_enabled AS "chargingEnabled", s.discover_daily_cap AS "discoverDailyCap"
    FROM (SELECT 1) AS one
    LEFT JOIN settings s ON s.id = 1
    LEFT JOIN api_keys k ON k.hash = ANY($1::text[])
    LEFT JOIN projects p ON p.id = k.project_id
    LEFT JOIN credit_accounts a ON a.user_id = p.owner_id`,
    [hashes],
  );
}

function toKeyContext(row: Row): KeyContext {
  const { hash: _hash, projectStatus, projectStatusReason, ownerId, accountId, balance, freeCreditsDay, freeCreditsUsed, publicApiEnabled, chargingEnabled, discoverDailyCap, ...key } = row;
  return {
    ...key,
    expiresAt: toDate(key.expiresAt),
    trialEndsAt: toDate(key.trialEndsAt),
    lastUsedAt: toDate(key.lastUsedAt),
    project: { id: key.projectId, status: projectStatus, statusReason: projectStatusReason, ownerId },
    account: accountId ? { id: accountId, balance: balance!, freeCreditsDay, freeCreditsUsed: freeCreditsUsed! } : null,
  };
}

// Raw timestamps arrive as Date from PostgreSQL and may arrive as strings from other adapters.
function toDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value.endsWith("Z") || value.includes("+") ? value : `${value}Z`);
}
