// wallet/exact-movements, assess: the movements as lines, newest first, and how many of each
// kind. A taxed sell moves the wallet's tokens twice in one transaction (tax wallet, then pool):
// one sell. Each trade is priced by what left or reached the wallet in its transaction (a router's
// fee inside it), as wallet/pnl prices it. No movement at all is no answer, not an empty one.
import { ApiError } from "@/lib/errors/api-error";
import { getNetwork } from "@/lib/chain/networks";
import { describeWindow } from "@/lib/intel/answers/windows";
import { countByKind, movementLines } from "@/lib/intel/reads/wallet/movements";
import { tradeQuotes } from "@/lib/intel/reads/wallet/wallet-side";
import type { RecentMovements } from "./read";

export function assessMovements(reading: RecentMovements) {
  const { scan, token, wallet } = reading;
  if (reading.movements.length === 0) {
    throw new ApiError(
      "insufficient_data",
      `No ${token ? `movements of ${token}` : "token movements"} by ${wallet} on ${getNetwork(reading.chain).displayName} in blocks ${scan.fromBlock} to ${scan.toBlock} (${describeWindow(scan.window)}).`,
    );
  }
  // Merged oldest first so each line keeps its legs in log order; shown newest first.
  const lines = movementLines([...reading.movements].reverse()).reverse();
  const quotes = tradeQuotes(lines.filter((line) => line.swap !== null), reading.walletSides, getNetwork(reading.chain).wrappedNative.address);
  return { lines, quotes, counts: countByKind(lines) };
}
