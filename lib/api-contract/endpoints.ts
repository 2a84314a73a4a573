// The one endpoint registry: every route's method, path, permission, price and
// surface, and its request schema. Routing guards, pricing, the Endpoints tab and
// the OpenAPI document all read it.
import type { z } from "zod";
import { contractAnalysisRequestSchema, discoverQuerySchema, exactMovementsRequestSchema, liquidityRequestSchema, tokenRequestSchema, walletApprovalsRequestSchema, walletPnlRequestSchema } from "@/lib/schemas/requests";
import type { ResponseSchema } from "@/lib/schemas/responses/common";
import { contractAnalysisResponse } from "@/lib/schemas/responses/contract-analysis";
import { discoverResponse } from "@/lib/schemas/responses/discover";
import { liquidityResponse } from "@/lib/schemas/responses/liquidity";
import { meResponse } from "@/lib/schemas/responses/me";
import { riskResponse } from "@/lib/schemas/responses/risk";
import { teamWalletsResponse } from "@/lib/schemas/responses/team-wallets";
import { walletApprovalsResponse } from "@/lib/schemas/responses/wallet-approvals";
import { walletExactMovementsResponse } from "@/lib/schemas/responses/wallet-exact-movements";
import { walletPnlResponse } from "@/lib/schemas/responses/wallet-pnl";
import { whyDownResponse } from "@/lib/schemas/responses/why-down";
import type { ErrorCode } from "@/lib/errors/error-codes";
import type { EndpointImplementation } from "@/lib/api-contract/endpoint";

export const permissions = {
  "intel:read": "why-down, team-wallets, risk, wallet/pnl and wallet/exact-movements",
  "security:read": "wallet/approvals (read only; cannot move funds or revoke)",
  "liquidity:read": "intel/liquidity (pool context, LP custody, lock and burn context)",
  "contract:read": "contract/analysis (existence, owner, proxy, deployer, controllers)",
} as const;
export type Permission = keyof typeof permissions;
export const permissionNames = Object.keys(permissions) as Permission[];

/** public: no key. metadata: any valid key, metadata budget. intelligence: permission, key budget, credits. */
export type Surface = "public" | "metadata" | "intelligence";

export type EndpointDefinition = {
  id: string;
  method: "GET" | "POST";
  surface: Surface;
  permission: Permission | null;
  /** Credits per successful call. */
  price: number;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /**
   * What a success carries: `data` field by field and the endpoint's own `meta`; every answer is
   * parsed by it. Only health has none: it answers its own body (healthResponse), not the envelope.
   */
  response?: ResponseSchema;
  /** Errors the endpoint itself can answer beyond the pipeline's common ones (an honest 422, say). */
  errors?: readonly ErrorCode[];
};

export const endpoints = [
  { id: "health", method: "GET", surface: "public", permission: null, price: 0, summary: "Availability check; needs no key." },
  { id: "me", method: "GET", surface: "metadata", permission: null, price: 0, summary: "The calling key's own details, restrictions and credit balance.", response: meResponse },
  { id: "discover", method: "GET", surface: "metadata", permission: null, price: 0, summary: "Anonymised intelligence cards users chose to publish; free under a strict daily cap.", query: discoverQuerySchema, response: discoverResponse },
  { id: "intel/why-down", method: "POST", surface: "intelligence", permission: "intel:read", price: 3, summary: "Why the token's price is down, from recent on-chain activity.", body: tokenRequestSchema, errors: ["insufficient_data"], response: whyDownResponse },
  { id: "intel/team-wallets", method: "POST", surface: "intelligence", permission: "intel:read", price: 5, summary: "Wallets linked to the token's team or treasury by on-chain relations, and their recent behaviour.", body: tokenRequestSchema, response: teamWalletsResponse },
  { id: "intel/liquidity", method: "POST", surface: "intelligence", permission: "liquidity:read", price: 2, summary: "Token identity, market snapshot and LP custody with lock and burn context.", body: liquidityRequestSchema, response: liquidityResponse },
  { id: "intel/risk", method: "POST", surface: "intelligence", permission: "intel:read", price: 2, summary: "Chain-aware risk signals and flags, with a red-flag read as fallback.", body: tokenRequestSchema, errors: ["insufficient_data"], response: riskResponse },
  { id: "contract/analysis", method: "POST", surface: "intelligence", permission: "contract:read", price: 0, summary: "Contract and control evidence with provenance per field.", body: contractAnalysisRequestSchema, response: contractAnalysisResponse },
  { id: "wallet/pnl", method: "POST", surface: "intelligence", permission: "intel:read", price: 10, summary: "Realized and unrealized profit of one wallet in one token.", body: walletPnlRequestSchema, errors: ["insufficient_data"], response: walletPnlResponse },
  { id: "wallet/approvals", method: "POST", surface: "intelligence", permission: "security:read", price: 2, summary: "Live ERC-20 spending approvals of a wallet, unlimited ones flagged.", body: walletApprovalsRequestSchema, response: walletApprovalsResponse },
  {
    id: "wallet/exact-movements",
    method: "POST",
    surface: "intelligence",
    permission: "intel:read",
    price: 5,
    summary: "The most recent exact token movements of a wallet (at most 25) with counts.",
    body: exactMovementsRequestSchema,
    errors: ["insufficient_data"],
    response: walletExactMovementsResponse,
  },
] as const satisfies readonly EndpointDefinition[];

export type EndpointId = (typeof endpoints)[number]["id"];
export type Endpoint = (typeof endpoints)[number];

/** What an endpoint's implementation receives as input: its body or query schema's output (defaults applied). */
export type InputOf<Id extends EndpointId> =
  Extract<Endpoint, { id: Id }> extends { body: infer Body extends z.ZodType }
    ? z.output<Body>
    : Extract<Endpoint, { id: Id }> extends { query: infer Query extends z.ZodType }
      ? z.output<Query>
      : Record<string, never>;

/**
 * What an endpoint's answer function may return as `data`: its response schema's input, checked by the compiler and parsed again at run time.
 * Health has no schema: its route's implementation is never called (the handler answers health itself), so it returns null.
 */
export type AnswerDataOf<Id extends EndpointId> = Extract<Endpoint, { id: Id }> extends { response: { data: infer Data extends z.ZodType } } ? z.input<Data> : null;

/** An endpoint's implementation as its route binds it: the registry's input in, data its response schema accepts out. */
export type EndpointImplementationOf<Id extends EndpointId> = EndpointImplementation<InputOf<Id>, AnswerDataOf<Id>>;

/** What a success's `data` carries on the wire: the response schema's output (the pipeline parses every answer with it). */
export type ResponseDataOf<Id extends EndpointId> = Extract<Endpoint, { id: Id }> extends { response: { data: infer Data extends z.ZodType } } ? z.output<Data> : never;

/** The `meta` fields an endpoint adds to the envelope's own, as its response schema outputs them (sources included). */
export type ResponseMetaOf<Id extends EndpointId> = (Extract<Endpoint, { id: Id }> extends { response: { meta: infer Meta extends z.ZodType } } ? z.output<Meta> : unknown) &
  (Extract<Endpoint, { id: Id }> extends { response: { sources: infer Sources extends z.ZodType } } ? { sources?: z.output<Sources> } : unknown);

/** The endpoints answered by chain reads (intelligence). */
export type IntelEndpointId = Extract<Endpoint, { surface: "intelligence" }>["id"];

export const apiBasePath = "/v1/api";

/** What an endpoint answers to: its own method, HEAD beside GET (Next derives it), and OPTIONS. */
export function allowedMethods(endpoint: Pick<EndpointDefinition, "method">): string {
  return endpoint.method === "GET" ? "GET, HEAD, OPTIONS" : `${endpoint.method}, OPTIONS`;
}

export function endpointPath(endpoint: { id: string }): string {
  return `${apiBasePath}/${endpoint.id}`;
}

export function findEndpoint(id: string): EndpointDefinition | undefined {
  return (endpoints as readonly EndpointDefinition[]).find((endpoint) => endpoint.id === id);
}

export function getEndpoint(id: EndpointId): EndpointDefinition {
  return findEndpoint(id)!;
}

/** Paths the spec lists as not available in v1: they answer 404 saying so. */
export const notAvailable = [
  { pattern: /^wallet\/trace(\/.*)?$/, what: "Deep wallet trace (wallet/trace)" },
  { pattern: /^reports\/[^/]+$/, what: "Report fetch by id (reports/:id)" },
  { pattern: /^reports\/?$/, what: "Reports" },
  { pattern: /^webhooks(\/.*)?$/, what: "Webhooks" },
  { pattern: /^solana(\/.*)?$/, what: "Solana endpoints" },
] as const;

export function notAvailableFeature(subpath: string): string | null {
  return notAvailable.find((entry) => entry.pattern.test(subpath))?.what ?? null;
}

export const isPaid = (endpoint: EndpointDefinition) => endpoint.price > 0;
