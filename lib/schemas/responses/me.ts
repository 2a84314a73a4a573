// GET /v1/api/me: the calling key's own details, masked, with the owner's credit balance.
import { z } from "zod";
import { AccessMode, KeyMode, KeyTier } from "@/lib/db/generated/enums";
import { defineResponse, isoTimeOut } from "./common";
import { chainIdOut } from "./onchain-parts";

/**
 * The permissions a key can carry. Written out rather than read from the endpoint registry,
 * which will import the response schemas (a cycle); a test holds the two lists equal.
 */
export const scopeNames = ["intel:read", "security:read", "liquidity:read", "contract:read"] as const;

export const meResponse = defineResponse({
  data: z
    .object({
      key: z
        .string()
        .regex(/^svc_(live|test)_\*{28}[0-9A-Za-z]{4}$/)
        .describe("The calling key, masked: its prefix (svc_live_ or svc_test_), 28 asterisks and its last four characters. The full key is never shown again."),
      project_id: z.string().describe("The project the key belongs to (prj_…); quote it when asking the operator's staff for credits."),
      environment: z.enum(KeyMode).describe("live for live keys; test for sandbox (test) keys."),
      tier: z.enum(KeyTier).optional().describe("Live keys only: the key's tier, basic, premium or pro; it sets the highest hourly limit a paid key may have. Absent for test keys, which have no tier."),
      access_mode: z
        .enum([...Object.values(AccessMode), "sandbox"])
        .describe(
          "How the key may run paid endpoints. paid: pay as you go. trial: a temporary allowance with an end date (see trial). partner, enterprise: arrangements set with the operator. " +
            "request_access: must be approved before running paid endpoints. legacy: an older key that can only call metadata endpoints. sandbox: every test key, whatever its record says.",
        ),
      scopes: z.array(z.enum(scopeNames)).describe("The permissions the key carries, sorted: intel:read, security:read, liquidity:read, contract:read."),
      rate_limit_per_hour: z.number().int().positive().describe("The key's intelligence calls per hour; 25 for every test key (its sandbox budget)."),
      credits_balance: z.number().int().nullable().optional().describe("Live keys only: the project owner's credit balance, in credits; null when it could not be read at that moment (not zero). Absent for test keys, which are never charged."),
      free_credits_today: z.number().int().nonnegative().nullable().optional().describe("Live keys only: the owner's free credits left today (UTC), spent before the balance; null when the balance could not be read. Absent for test keys."),
      charging_enabled: z.boolean().describe("Whether successful paid calls deduct credits now; while false, calls deduct nothing and answers still quote the list price."),
      top_up: z.string().describe("How to get more credits (there is no top-up page: the operator's staff grant them)."),
      allowed_chains: z.array(chainIdOut).nullable().describe("The networks the key may call; null when it has no network restriction."),
      allowed_origins: z.array(z.string()).nullable().describe("The key's origin allow list (origins such as https://app.example.com, or wildcard subdomains such as https://*.example.com); null when it has none. It limits what a browser may call with the key; a server can send any Origin."),
      allowed_ips: z.array(z.string()).nullable().describe("The key's IP allow list (addresses and CIDR ranges, IPv4 and IPv6); null when it has none."),
      expires_at: isoTimeOut.nullable().describe("When the key stops working (ISO 8601, UTC): the earlier of its expiry and, for a trial key, its trial end; null when neither is set."),
      trial: z
        .object({
          allowance: z.number().int().nullable().describe("The trial allowance, in credits at list price; null only on a record that lacks it (trial keys are created and set with one)."),
          used: z.number().int().nonnegative().describe("Credits of the allowance used so far, at list price."),
          ends_at: isoTimeOut.nullable().describe("When the trial ends; null only on a record that lacks it (trial keys are created and set with one)."),
        })
        .optional()
        .describe("Present only for live keys in trial access mode: the trial allowance, what is used of it, and its end."),
    })
    .describe("The calling key's own details. Nothing here names an account, e-mail address or other private data except the owner's credit balance."),
});
