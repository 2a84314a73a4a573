// After a test points a network at another node (or changes a provider's limits or the explorer):
// the clients cached on the request thread are dropped, and so are the intelligence threads, which
// took a copy of the settings when they started; the next read starts new ones on the new settings.
// A server's settings do not change while it runs, so only tests need this.
import { clearChainClients } from "@/lib/chain/clients";
import { resetIntelThreadPool } from "@/lib/intel/runtime/threads/pool";

export async function nodeSettingsChanged(): Promise<void> {
  clearChainClients();
  await resetIntelThreadPool();
}
