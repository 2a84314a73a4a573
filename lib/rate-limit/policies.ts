// The budgets the spec sets (Limits): live tiers' hourly limits, the sandbox windows of test
// keys, and the metadata surface's windows. The API pipeline spends them; the operator and the
// portal show and set them.
const second = 1_000;
const hour = 3_600_000;
const day = 86_400_000;

export const tierHourlyLimits = { basic: 1_000, premium: 5_000, pro: 15_000 } as const;
export const sandboxWindows = [
  { name: "second", limit: 1, windowMs: second },
  { name: "hour", limit: 25, windowMs: hour },
  { name: "day", limit: 100, windowMs: day },
];
/**
 * Calls that carry no usable key (health, and every 401) spend a budget of the caller's address
 * instead: enough for a load balancer's health checks and a client finding its key, small
 * enough that a flood of keyless calls is turned away before it reaches the database.
 */
export const anonymousWindows = [{ name: "minute", limit: 300, windowMs: 60 * second }];

export const metadataWindows = [
  { name: "second", limit: 1, windowMs: second },
  { name: "hour", limit: 60, windowMs: hour },
];

