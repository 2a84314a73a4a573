// This deployment's own origin, for copy-paste samples: AUTH_URL when set (the
// configured public address), else the address the browser used to reach us.
import { headers } from "next/headers";

export async function deploymentBaseUrl(): Promise<string> {
  if (process.env.AUTH_URL) {
    try {
      return new URL(process.env.AUTH_URL).origin;
    } catch {
      // fall through to the request's own address
    }
  }
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? "http";
  return `${proto}://${host}`;
}
