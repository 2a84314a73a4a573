// Keeps a demo chain's anvil running: when it dies other than through stop(), it is started
// again from the saved state on the same port (the *_RPC_URL settings name that port), with a
// growing delay and a cap on attempts. While it is down its network answers 503 naming it.
import type { AnvilProcess } from "./anvil";

export type RestartPolicy = {
  /** Delay before the first attempt; each further attempt doubles it. Default 500 ms. */
  firstDelayMs?: number;
  /** Attempts in a row before giving up. Default 5 (about 15 s of trying). */
  maxAttempts?: number;
  /** A chain that stayed up this long starts counting attempts afresh. Default 60 s. */
  healthyAfterMs?: number;
};

export type Supervised = { stop(): Promise<void> };

export function superviseAnvil(options: {
  name: string;
  first: AnvilProcess;
  /** Starts anvil again on the same port from the saved state; null when it did not come up right. */
  restart: () => Promise<AnvilProcess | null>;
  log: (line: string) => void;
  policy?: RestartPolicy;
}): Supervised {
  const { name, log } = options;
  const firstDelayMs = options.policy?.firstDelayMs ?? 500;
  const maxAttempts = options.policy?.maxAttempts ?? 5;
  const healthyAfterMs = options.policy?.healthyAfterMs ?? 60_000;
  let current = options.first;
  let stopped = false;
  let attempts = 0;
  let upSince = Date.now();
  let restarting: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function bringBack(how: string) {
    if (Date.now() - upSince >= healthyAfterMs) attempts = 0;
    log(`demo chain ${name}: anvil on ${current.rpcUrl} exited unexpectedly (${how}); restarting it from the saved state`);
    while (!stopped && attempts < maxAttempts) {
      await pause(firstDelayMs * 2 ** attempts);
      attempts++;
      if (stopped) return;
      const next = await options.restart().catch(() => null);
      if (stopped) return void (await next?.stop());
      if (next) {
        current = next;
        upSince = Date.now();
        log(`demo chain ${name}: restarted on ${next.rpcUrl} from the saved state (attempt ${attempts} of ${maxAttempts})`);
        return watch(next);
      }
      log(`demo chain ${name}: restart attempt ${attempts} of ${maxAttempts} failed`);
    }
    if (!stopped) log(`demo chain ${name}: gave up after ${maxAttempts} attempts; its network answers 503 until the server restarts`);
  }

  function watch(anvil: AnvilProcess) {
    void anvil.died.then(({ code, signal }) => {
      if (stopped || anvil !== current) return;
      restarting = bringBack(signal ?? `exit code ${code}`).finally(() => {
        restarting = null;
      });
    });
  }
  watch(current);

  return {
    async stop() {
      stopped = true;
      wake?.();
      await restarting;
      await current.stop();
    },
  };
}
