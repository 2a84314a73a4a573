import { ApiError } from "@/lib/errors/api-error";
import { apiKeyFromHeaders, hashApiKey, isWellFormedApiKey } from "@/lib/keys/api-key";
import type { Db } from "@/lib/db/client";
import type { SqlExecutor } from "@/lib/db/sql-executor";
import { getSettings, type Settings } from "@/lib/settings";
import { loadKeyAndSettings, type KeyContext } from "@/lib/keys/key-context";

/**
 * The operator's switches and the caller's key. The public-API switch is checked
 * first, then: no key → missing_api_key; malformed or unknown → invalid_api_key.
 * A well-formed key costs one round trip for both.
 */
export async function authenticate(db: Db, sql: SqlExecutor, headers: Headers): Promise<{ settings: Settings; key: KeyContext }> {
  const presented = apiKeyFromHeaders(headers);
  if (!presented || !isWellFormedApiKey(presented)) {
    assertPublicApiOn(await getSettings(db));
    if (!presented) throw new ApiError("missing_api_key");
    throw new ApiError("invalid_api_key", "The API key is not valid: keys start with svc_live_ or svc_test_.");
  }
  const { settings, key } = await loadKeyAndSettings(sql, hashApiKey(presented));
  assertPublicApiOn(settings);
  if (!key) throw new ApiError("invalid_api_key");
  return { settings, key };
}

export function assertPublicApiOn(settings: Settings) {
  if (!settings.publicApiEnabled) throw new ApiError("public_api_disabled");
}
