// Runs once before the suites. Suites that need PostgreSQL, Redis or anvil start or
// reach them through test/support; nothing here talks to anything but loopback.
export default async function setup() {
  process.env.NEXT_TELEMETRY_DISABLED = "1";
}
