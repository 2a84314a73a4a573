// The key as the pipeline sees it (the key row, its project, the owner's credit account, the
// operator's switches), read in one round trip and kept briefly in this process. How long a copy is
// believed: KeyContextCache below.
import type { SqlExecutor } from "@/lib/db/sql-executor";
import { keyContextSubscription, onKeyContextChange, type KeyContextChange } from "./change-notices";
import type { AccessMode, KeyMode, KeyStatus, KeyTier, ProjectStatus } from "@/lib/db/generated/enums";
import { defaultSettings, type Settings } from "@/lib/settings";
import { processWide } from "@/lib/process-wide";

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
  let cache = caches.get(sql);
  if (!cache) {
    const loader = new KeyLoader(sql);
    cache = new KeyContextCache((wanted) => loader.load(wanted));
    caches.set(sql, cache);
  }
  return cache.get(hash) ?? cache.load(hash);
}

type Loaded = { settings: Settings; key: KeyContext | null };

/** Without notices (or while the subscription is not answering) a copy is believed this long. */
export const believedWithoutNoticesMs = 1_000;
/** With notices, a copy is read again after this long all the same (a writer that forgot to announce). */
export const believedWithNoticesMs = 10_000;
const maxEntries = 50_000;

type Entry = { loaded: Loaded & { key: KeyContext }; startedAt: number };

/**
 * The copies of one database's key contexts. A read that started before a change it may not have
 * seen is handed to its callers but not kept; a change drops the copies it touches at once.
 *
 * The key as the pipeline sees it — the key row, its project's state, the owner's
 * credit account and the operator's switches — read in one round trip by the
 * SHA-256 of the whole key under the unique index, and kept in this process for a short while:
 * a hot key's calls share one read. A copy is believed for one second, or, where Redis carries
 * change notices and this process's subscription has answered within the last second, until a
 * notice drops it (at most `believedWithNoticesMs`). Every writer announces what it changed
 * (lib/keys/change-notices.ts), so a revocation, a suspension or any other change reaches every
 * process within a second. Credits are never charged from a copy: the charge reads the account
 * row under a lock (lib/billing/settle.ts); the copy's balance serves `me` and the early 402 only.
 */
export class KeyContextCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Loaded>>();
  /** When each scope last changed ("key:…", "project:…", "owner:…"), and everything. */
  private readonly changedAt = new Map<string, number>();
  private everythingChangedAt = 0;

  constructor(private readonly fetch: (hash: string) => Promise<Loaded>, private readonly clock: () => number = Date.now) {
    onKeyContextChange((changes) => this.forget(changes));
    allCaches.add(this);
  }

  get size() {
    return this.entries.size;
  }

  get(hash: string): Loaded | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    const now = this.clock();
    const age = now - entry.startedAt;
    if (age < believedWithoutNoticesMs) return entry.loaded;
    if (age < believedWithNoticesMs && keyContextSubscription()?.coveredSince(entry.startedAt, believedWithoutNoticesMs, now)) return entry.loaded;
    this.entries.delete(hash);
    return undefined;
  }

  load(hash: string): Promise<Loaded> {
    const running = this.pending.get(hash);
    if (running) return running;
    // Subscribe before the read starts, so a notice sent after it is heard.
    keyContextSubscription();
    const startedAt = this.clock();
    const loading = this.fetch(hash).then((loaded) => {
      if (this.pending.get(hash) === loading) this.pending.delete(hash);
      // Unknown keys are not kept: a key created a moment later must work at once.
      if (loaded.key && !this.changedSince(loaded.key, startedAt)) this.keep(hash, { loaded: loaded as Entry["loaded"], startedAt });
      return loaded;
    }, (error: unknown) => {
      if (this.pending.get(hash) === loading) this.pending.delete(hash);
      throw error;
    });
    this.pending.set(hash, loading);
    return loading;
  }

  /** Drops the copies a change touches; reads under way when it came are not kept. */
  forget(changes: KeyContextChange[]) {
    const now = this.clock();
    this.pending.clear();
    for (const change of changes) {
      if (change.scope === "all") {
        this.everythingChangedAt = now;
        this.entries.clear();
        continue;
      }
      this.changedAt.set(`${change.scope}:${change.id}`, now);
      for (const [hash, entry] of this.entries) if (touches(entry.loaded.key, change)) this.entries.delete(hash);
    }
    if (this.changedAt.size > 10_000) for (const [scope, at] of this.changedAt) if (now - at > 60_000) this.changedAt.delete(scope);
  }

  /**
   * What this process's own charge left in the account (and a trial key's allowance): the copies
   * show it at once, and reads under way are not kept.
   */
  settled(change: { ownerId: string; account?: { balance: number; freeCreditsDay: string | null; freeCreditsUsed: number }; trial?: { keyId: string; used: number } }) {
    const now = this.clock();
    this.changedAt.set(`owner:${change.ownerId}`, now);
    if (change.trial) this.changedAt.set(`key:${change.trial.keyId}`, now);
    this.pending.clear();
    for (const entry of this.entries.values()) {
      const key = entry.loaded.key;
      if (change.account && key.project.ownerId === change.ownerId && key.account) key.account = { ...key.account, ...change.account };
      if (change.trial && key.id === change.trial.keyId) key.trialUsed = change.trial.used;
    }
  }

  private changedSince(key: KeyContext, at: number): boolean {
    if (this.everythingChangedAt >= at) return true;
    const since = (scope: string) => (this.changedAt.get(scope) ?? 0) >= at;
    return since(`key:${key.id}`) || since(`project:${key.projectId}`) || since(`owner:${key.project.ownerId}`);
  }

  private keep(hash: string, entry: Entry) {
    this.entries.delete(hash);
    this.entries.set(hash, entry);
    if (this.entries.size > maxEntries) {
      let drop = Math.ceil(maxEntries / 10);
      for (const oldest of this.entries.keys()) {
        if (drop-- <= 0) break;
        this.entries.delete(oldest);
      }
    }
  }
}

function touches(key: KeyContext, change: Exclude<KeyContextChange, { scope: "all" }>): boolean {
  switch (change.scope) {
    case "key":
      return key.id === change.id;
    case "project":
      return key.projectId === change.id;
    case "owner":
      return key.project.ownerId === change.id;
  }
}

/** Every cache in this process is told of a settled charge (lib/billing/settle.ts). */
export function noteSettled(change: Parameters<KeyContextCache["settled"]>[0]) {
  for (const cache of allCaches) cache.settled(change);
}

const holder = processWide<{ keyContextCaches: Set<KeyContextCache> }>("lib/keys/key-context");
const allCaches = (holder.keyContextCaches ??= new Set<KeyContextCache>());

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

const caches = new WeakMap<SqlExecutor, KeyContextCache>();

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
