// Compiled, never run: the TypeScript client's answer type for each endpoint agrees with the
// envelope the server writes for it: the same fields, envelope and data alike, and every answer
// the client's type allows is one the server's type allows. (Not yet the other way: the server's
// types are wider in places the document narrows, such as meta.chain and a swap's dex.)
import { expectTypeOf } from "vitest";
import type { EndpointId } from "@/lib/api-contract/endpoints";
import type { ApiResponseOf } from "@/lib/api-contract/respond";
import type * as Client from "@/clients/typescript/src/index";

type ClientResponses = {
  health: Client.HealthResponse;
  me: Client.MeResponse;
  discover: Client.DiscoverResponse;
  "intel/why-down": Client.IntelWhyDownResponse;
  "intel/team-wallets": Client.IntelTeamWalletsResponse;
  "intel/liquidity": Client.IntelLiquidityResponse;
  "intel/risk": Client.IntelRiskResponse;
  "contract/analysis": Client.ContractAnalysisResponse;
  "wallet/pnl": Client.WalletPnlResponse;
  "wallet/approvals": Client.WalletApprovalsResponse;
  "wallet/exact-movements": Client.WalletExactMovementsResponse;
};

type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? "same fields" : "client lacks a field") : "server lacks a field";
type Within<Client, Server> = [Client] extends [Server] ? "within" : "client allows more";
type Envelope = Exclude<EndpointId, "health">;

expectTypeOf<keyof ClientResponses>().toEqualTypeOf<EndpointId>();
expectTypeOf<{ [Id in EndpointId]: SameKeys<ApiResponseOf<Id>, ClientResponses[Id]> }>().toEqualTypeOf<{ [Id in EndpointId]: "same fields" }>();
expectTypeOf<{ [Id in Envelope]: SameKeys<ApiResponseOf<Id>["data"], ClientResponses[Id]["data"]> }>().toEqualTypeOf<{ [Id in Envelope]: "same fields" }>();
expectTypeOf<{ [Id in EndpointId]: Within<ClientResponses[Id], ApiResponseOf<Id>> }>().toEqualTypeOf<{ [Id in EndpointId]: "within" }>();
