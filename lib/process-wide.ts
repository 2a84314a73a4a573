// One holder per process for state a module keeps process-wide (a pool, a client, a cache, a
// test's overrides): Next loads a module more than once in one process (each route bundle, and the
// server's own import), and every copy must find the same state. The holder is keyed by name in
// the runtime's global symbol registry; each worker thread, a realm of its own, has its own.
export function processWide<Holder extends object>(name: string): Partial<Holder> {
  const key = Symbol.for(`developer-intelligence-api/${name}`);
  const shared = globalThis as unknown as Record<symbol, Partial<Holder> | undefined>;
  return (shared[key] ??= {});
}
