// Compiled, never run: an endpoint's implementation must give the data its response schema
// accepts, and the envelope type of an endpoint carries its schema's output as data.
import { expectTypeOf } from "vitest";
import type { z } from "zod";
import type { EndpointImplementationOf } from "@/lib/api-contract/endpoints";
import type { ApiResponseOf, Envelope, FailureEnvelope } from "@/lib/api-contract/respond";
import type { riskResponse } from "@/lib/schemas/responses/risk";
import type { walletPnlResponse } from "@/lib/schemas/responses/wallet-pnl";

declare const pnlData: z.input<typeof walletPnlResponse.data>;

// @ts-expect-error a wallet's profit is not a risk answer
export const pnlForRisk: EndpointImplementationOf<"intel/risk"> = async () => ({ data: pnlData });

expectTypeOf<ApiResponseOf<"intel/risk">["data"]>().toEqualTypeOf<z.output<typeof riskResponse.data>>();
expectTypeOf<ApiResponseOf<"intel/risk">["ok"]>().toEqualTypeOf<true>();
expectTypeOf<ApiResponseOf<"intel/risk">["meta"]["provenance"]>().toEqualTypeOf<z.output<NonNullable<typeof riskResponse.meta>>["provenance"]>();
expectTypeOf<FailureEnvelope["ok"]>().toEqualTypeOf<false>();
expectTypeOf<Extract<Envelope, { ok: false }>>().toEqualTypeOf<FailureEnvelope>();
