// Fixed dates of the demo history.

/** 2026-01-05T00:00:00Z: the first demo transaction. */
export const DEMO_START_TIMESTAMP = 1_767_571_200;
/** Genesis a day earlier, passed to anvil as --timestamp. */
export const DEMO_GENESIS_TIMESTAMP = DEMO_START_TIMESTAMP - 86_400;
