// Compiled, never run: the harness types a call's body by the endpoint its path names.
import { expectTypeOf } from "vitest";
import type { ApiResponseOf, FailureEnvelope } from "@/lib/api-contract/respond";
import { expectFailure, expectSuccess, type BodyOf, type CallResponse } from "./responses";

declare const pnlBody: BodyOf<"wallet/pnl">;

// @ts-expect-error a wallet's profit answer is not a risk answer
export const pnlAsRisk: BodyOf<"intel/risk"> = pnlBody;

expectTypeOf<BodyOf<"intel/risk">>().toEqualTypeOf<ApiResponseOf<"intel/risk"> | FailureEnvelope>();
expectTypeOf<BodyOf<"discover?limit=2">>().toEqualTypeOf<BodyOf<"discover">>();
expectTypeOf<BodyOf<"wallet/trace">>().toEqualTypeOf<FailureEnvelope>();
expectTypeOf<BodyOf<string>>().toEqualTypeOf<unknown>();

declare const riskCall: CallResponse<BodyOf<"intel/risk">>;
expectTypeOf(expectSuccess(riskCall)).toEqualTypeOf<ApiResponseOf<"intel/risk">>();
expectTypeOf(expectFailure(riskCall)).toEqualTypeOf<FailureEnvelope>();

declare const fetched: Response;
// @ts-expect-error a fetch Response's body is a stream, not the parsed answer
expectSuccess(fetched);
