// What every portal server action returns: data, or one message a person can act
// on (plus per-field messages for forms). Actions never throw at the browser.
export type ActionResult<T = null> = { ok: true; data: T } | { ok: false; error: string; fieldErrors?: Record<string, string> };
