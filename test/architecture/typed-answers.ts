// Compile-time checks of the typed answer contract, run by `tsc --noEmit` (part of `npm test`):
// each line below must NOT compile. If the contract loosened (an answer's data or a signal typed as
// unknown again), its @ts-expect-error would be unused and the type-check would fail.
import type { IntelAnswer } from "@/lib/intel/runtime/endpoint-adapter";
import type { Signal } from "@/lib/intel/endpoints/intel/risk/signal";

// @ts-expect-error a signal id the risk schema does not list
export const unlistedSignal: Signal = { id: "power_teleport", severity: "high", flag: true, title: "", evidence: { reason: "" }, provenance: "verified_onchain" };

// @ts-expect-error evidence the buy_tax schema does not describe
export const wrongEvidence: Signal = { id: "buy_tax", severity: "low", flag: false, title: "", evidence: { tax_percent: "5" }, provenance: "verified_onchain" };

// @ts-expect-error wallet/pnl's answer must be what its response schema accepts, not any object
export const wrongAnswer: IntelAnswer<"wallet/pnl"> = async (input) => ({ chain: input.chain, block: 1n, data: { wallet: input.wallet }, provenance: {} });

// @ts-expect-error the input is the registry's: wallet/pnl's request has no address field
export const wrongInput: IntelAnswer<"wallet/pnl"> = async (input) => ({ chain: input.chain, block: 1n, data: input.address, provenance: {} });
