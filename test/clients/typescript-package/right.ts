// Uses the packed client as its README shows; it must compile under every module resolution a
// consumer may use (node10, node16, bundler): the chains and error codes are the document's, and
// an answer's and an error's headers are readable.
import { ApiError, apiResponse, DevIntelClient, type Chain, type ErrorCode, type RateLimitInfo } from "@developer-intelligence/client";

export async function headline(client: DevIntelClient, chain: Chain): Promise<string> {
  try {
    const risk = await client.intelRisk({ chain, address: "0x0000000000000000000000000000000000000001" });
    const budget: RateLimitInfo | null = risk[apiResponse].rateLimit;
    const requestId: string = risk[apiResponse].requestId;
    return `${risk.data.flags.join(", ")} (request ${requestId}, ${budget?.remaining ?? "?"} left)`;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const code: ErrorCode = error.code;
    if (code === "rate_limited") return `wait ${error.retryAfterSeconds ?? "?"} s; ${error.response.rateLimit?.resetSeconds ?? "?"} s to the window's reset`;
    return `${code} (${error.status}, request ${error.response.requestId}): ${error.response.headers.get("content-type") ?? ""}`;
  }
}

export function client(apiKey: string): DevIntelClient {
  return new DevIntelClient({ baseUrl: "https://api.example.com", apiKey });
}

export const chains: Chain[] = ["eth", "base", "bsc"];
