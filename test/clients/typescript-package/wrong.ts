// Each line marked `expect-error` must be refused by the compiler through the packed package:
// the generated chains, error codes and answer types are what make it wrong.
import { ApiError, apiResponse, DevIntelClient } from "@developer-intelligence/client";

export async function misuse(client: DevIntelClient, error: ApiError): Promise<unknown[]> {
  const risk = await client.intelRisk({ chain: "solana", address: "0x1" }); // expect-error: not a chain the API serves
  const discover = await client.discover({ chain: "ethereum" }); // expect-error: chains by their short names
  const misspelt = error.code === "rate_limitted"; // expect-error: no such error code
  const remaining: number = risk[apiResponse].rateLimit.remaining; // expect-error: an answer may carry no RateLimit headers, and a window may be unread
  const replayed: string = risk[apiResponse].idempotentReplayed; // expect-error: a boolean
  return [discover, misspelt, remaining, replayed];
}
