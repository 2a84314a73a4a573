// A server warms itself before it listens (lib/server/warm-up.ts): every API route's code loaded by
// a preflight that leaves no request line, then the app's own warm-up, which only the process's
// secret opens — here against a recording handler, and the app's warm-up on both backends.
import type { IncomingMessage } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { POST as warmUpRoute } from "@/app/internal/warm-up/route";
import { endpoints, endpointPath } from "@/lib/api-contract/endpoints";
import { peerSecret, peerSecretHeader } from "@/lib/server/client-address";
import { dropWarmUpClaim, isWarmUpRequest, warmUpApp, warmUpHeader, warmUpPath } from "@/lib/server/warm-up";
import { backends, createHarness } from "@/test/support/harness";

type Seen = { method: string; url: string; stamped: boolean; claim: string | undefined };

describe("warmUpApp", () => {
  it("preflights every API route and the MCP endpoint, then opens the app's warm-up with the process's secret", async () => {
    const seen: Seen[] = [];
    const warm = await warmUpApp(
      (req, res) => {
        seen.push({ method: req.method!, url: req.url!, stamped: req.headers[peerSecretHeader] === peerSecret(), claim: req.headers[warmUpHeader] as string | undefined });
        if (req.url === warmUpPath) return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ warmed: ["schemas", "database"] }));
        res.writeHead(req.url!.endsWith("/health") ? 404 : 204).end();
      },
      (req: IncomingMessage) => void (req.headers[peerSecretHeader] = peerSecret()),
    );
    const preflights = seen.filter((request) => request.method === "OPTIONS").map((request) => request.url);
    expect(preflights.sort()).toEqual([...endpoints.map(endpointPath), "/v1/api/mcp"].sort());
    expect(seen.at(-1)).toEqual({ method: "POST", url: warmUpPath, stamped: true, claim: peerSecret() });
    expect(seen.every((request) => request.stamped)).toBe(true);
    // What answered 204 is what loaded: the one route that did not is not counted.
    expect(warm).toEqual({ routes: endpoints.length, warmed: ["schemas", "database"] });
  });
});

describe("the warm-up's secret", () => {
  it("is the process's own: a missing or guessed one is no warm-up, and a client's copy is dropped", () => {
    expect(isWarmUpRequest(new Headers({ [warmUpHeader]: peerSecret() }))).toBe(true);
    expect(isWarmUpRequest(new Headers())).toBe(false);
    expect(isWarmUpRequest(new Headers({ [warmUpHeader]: "0".repeat(48) }))).toBe(false);
    const req = { headers: { [warmUpHeader]: peerSecret(), host: "x" } } as unknown as IncomingMessage;
    dropWarmUpClaim(req);
    expect(req.headers).toEqual({ host: "x" });
  });
});

describe.each(backends)("the app's warm-up (%s)", (backend) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it("compiles every answer schema on its saved example and opens the database and the rate-limit store; anyone else gets a 404", async () => {
    const h = await createHarness(backend);
    close = () => h.close();
    const answer = await warmUpRoute(new Request(`http://localhost${warmUpPath}`, { method: "POST", headers: { [warmUpHeader]: peerSecret() } }));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ warmed: ["schemas", "database", "rate limits"] });
    await expect(warmUpRoute(new Request(`http://localhost${warmUpPath}`, { method: "POST", headers: { [warmUpHeader]: "guess" } }))).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404|NEXT_NOT_FOUND/);
  });
});
