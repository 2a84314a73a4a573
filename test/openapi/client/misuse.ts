// Reads the generated types must refuse. If the document typed answers loosely (any, or an open
// record), these lines would compile and their @ts-expect-error directives would be the errors.
import type { paths } from "./schema";

type PnlBody = paths["/v1/api/wallet/pnl"]["post"]["responses"][200]["content"]["application/json"];

export function misuse(pnl: PnlBody) {
  // @ts-expect-error data has no such field
  void pnl.data.profit;
  // @ts-expect-error realized can be null: its usd cannot be read unchecked
  void pnl.data.realized.usd;
  // @ts-expect-error counts are numbers
  const buys: string = pnl.data.counts.buy;
  return buys;
}
