// The MCP endpoint, driven by the SDK's own client (Client + StreamableHTTPClientTransport) over a
// real HTTP server in front of the route, on PostgreSQL, Redis and the eth demo chain with charging
// on: the tools are the registry's intelligence endpoints, each answers its demo request, and a tool
// call is refused, limited, charged and recorded exactly as the endpoint's HTTP call is.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { demoRequestsFor } from "@/demo-chain/requests";
import { endpoints, type EndpointDefinition, type EndpointId } from "@/lib/api-contract/endpoints";
import { inputJsonSchema } from "@/lib/openapi/endpoint-reference";
import { McpGuide } from "@/components/portal/mcp-guide";
import { mcpClientConfig, mcpTypescriptSample, withKey } from "@/lib/portal/samples";
import { useChargedRoute } from "../support/route-harness";
import { startApiHttpServer } from "../support/api-http-server";
import { expectSuccess } from "../support/harness";

const route = useChargedRoute("eth");
const intelligence = (endpoints as readonly EndpointDefinition[]).filter((endpoint) => endpoint.surface === "intelligence") as Array<EndpointDefinition & { id: EndpointId }>;
let server: Awaited<ReturnType<typeof startApiHttpServer>> | undefined;
let mcpUrl: URL;

beforeAll(async () => {
  await route.useNode(route.chain.rpcUrl);
  server = await startApiHttpServer();
  mcpUrl = new URL(`${server.baseUrl}/v1/api/mcp`);
});

afterAll(async () => {
  await server?.close();
});

async function connect(key: string | null): Promise<Client> {
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers: key ? { "x-api-key": key } : {} } });
  await client.connect(transport);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult & { structuredContent: Record<string, any> };
}

const records = (keyId: string) => route.h.db.requestRecord.findMany({ where: { keyId }, orderBy: { createdAt: "asc" } });

describe("MCP endpoint", () => {
  it("refuses a connection without a key, as the API does (401 missing_api_key)", async () => {
    await expect(connect(null)).rejects.toThrow(/401|missing_api_key/);
    const raw = await fetch(mcpUrl, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
    const body = await raw.json();
    expect({ status: raw.status, ok: body.ok, error: body.error }).toEqual({ status: 401, ok: false, error: "missing_api_key" });
    expect(body.request_id).toBe(raw.headers.get("x-request-id"));
  });

  it("refuses an unknown key (401 invalid_api_key)", async () => {
    await expect(connect(`svc_live_${"x".repeat(40)}`)).rejects.toThrow(/401|invalid_api_key/);
  });

  it("lists one tool per intelligence endpoint, named, described and shaped by the registry; listing costs and records nothing", async () => {
    const { key, id } = await route.h.key();
    const client = await connect(key);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.title).sort()).toEqual(intelligence.map((endpoint) => endpoint.id).sort());
      expect(new Set(tools.map((tool) => tool.name)).size).toBe(intelligence.length);
      for (const endpoint of intelligence) {
        const tool = tools.find((candidate) => candidate.title === endpoint.id)!;
        expect(tool.name).toMatch(/^[a-z_]+$/);
        expect(tool.description).toContain(endpoint.summary);
        expect(tool.inputSchema).toEqual(inputJsonSchema(endpoint.body!));
        expect(tool.annotations?.readOnlyHint).toBe(true);
      }
      expect(await records(id)).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("answers every tool on its demo request with the endpoint's answer, recorded as coming through MCP", async () => {
    const { key, id } = await route.h.key();
    await route.setAccount(1_000);
    const client = await connect(key);
    try {
      const { tools } = await client.listTools();
      for (const endpoint of intelligence) {
        const args = demoRequestsFor(endpoint.id, "eth", route.chain.addressBook)[0];
        const result = await call(client, tools.find((tool) => tool.title === endpoint.id)!.name, args);
        expect({ endpoint: endpoint.id, isError: result.isError ?? false, ok: result.structuredContent.ok }).toEqual({ endpoint: endpoint.id, isError: false, ok: true });
        expect(endpoint.response!.data.safeParse(result.structuredContent.data).success, endpoint.id).toBe(true);
        const meta = result.structuredContent.meta;
        expect(meta.chain).toBe("eth");
        const [summary] = result.content as Array<{ type: string; text: string }>;
        expect(summary.text).toContain(meta.request_id);
        const record = await route.recordOf(meta.request_id);
        expect({ endpoint: record.endpoint, via: record.via, status: record.httpStatus, charged: record.charged }).toEqual({ endpoint: endpoint.id, via: "mcp", status: 200, charged: meta.credits_charged });
      }
      expect(await records(id)).toHaveLength(intelligence.length);
    } finally {
      await client.close();
    }
  }, 120_000);

  it("charges a paid tool call once: one ledger entry, the balance down by the price, the usage record says mcp", async () => {
    const { key } = await route.h.key();
    await route.setAccount(50);
    const client = await connect(key);
    try {
      const args = demoRequestsFor("intel/risk", "eth", route.chain.addressBook)[0];
      const result = await call(client, "intel_risk", args);
      const requestId = result.structuredContent.meta.request_id as string;
      expect(result.structuredContent.meta.credits_charged).toBe(2);
      expect(await route.balance()).toBe(48);
      const ledger = await route.h.db.creditLedger.findMany({ where: { requestId } });
      expect(ledger.map((entry) => ({ quoted: entry.quoted, balanceDelta: entry.balanceDelta }))).toEqual([{ quoted: 2, balanceDelta: -2 }]);
      const record = await route.recordOf(requestId);
      expect({ via: record.via, quoted: record.quoted, charged: record.charged, outcome: record.outcome }).toEqual({ via: "mcp", quoted: 2, charged: 2, outcome: "success" });
    } finally {
      await client.close();
    }
  });

  it("refuses a tool the key has no permission for with the API's scope_denied as a tool error, charging nothing", async () => {
    const { key } = await route.h.key({ permissions: ["contract:read"] });
    await route.setAccount(50);
    const client = await connect(key);
    try {
      const result = await call(client, "intel_risk", demoRequestsFor("intel/risk", "eth", route.chain.addressBook)[0]);
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ ok: false, error: "scope_denied", status: 403 });
      const requestId = result.structuredContent.request_id as string;
      expect((result.content as Array<{ text: string }>)[0].text).toContain(requestId);
      const record = await route.recordOf(requestId);
      expect({ via: record.via, error: record.errorCode, charged: record.charged }).toEqual({ via: "mcp", error: "scope_denied", charged: 0 });
      expect(await route.balance()).toBe(50);
    } finally {
      await client.close();
    }
  });

  it("refuses a network outside the key's restriction, and bad arguments, with the API's own codes", async () => {
    const { key } = await route.h.key({ allowedChains: ["base"] });
    const client = await connect(key);
    try {
      const args = demoRequestsFor("contract/analysis", "eth", route.chain.addressBook)[0];
      expect((await call(client, "contract_analysis", args)).structuredContent).toMatchObject({ ok: false, error: "chain_denied" });
      expect((await call(client, "contract_analysis", { ...args, chain: "ethereum" })).structuredContent).toMatchObject({ ok: false, error: "invalid_chain" });
      expect((await call(client, "contract_analysis", { chain: "base", address: "0x12" })).structuredContent).toMatchObject({ ok: false, error: "invalid_address" });
      await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow(/Unknown tool/);
    } finally {
      await client.close();
    }
  });

  it("spends the key's rate budget per tool call: past it, rate_limited with the seconds to wait", async () => {
    const { key, id } = await route.h.key({ rateLimitPerHour: 1 });
    const client = await connect(key);
    try {
      const args = demoRequestsFor("contract/analysis", "eth", route.chain.addressBook)[0];
      expect((await call(client, "contract_analysis", args)).isError ?? false).toBe(false);
      const refused = await call(client, "contract_analysis", args);
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent).toMatchObject({ ok: false, error: "rate_limited", status: 429 });
      expect(refused.structuredContent.retry_after_seconds).toBeGreaterThan(0);
      // initialize and tools/list spent none of it: two calls, two records.
      expect((await records(id)).map((record) => [record.via, record.errorCode])).toEqual([["mcp", null], ["mcp", "rate_limited"]]);
    } finally {
      await client.close();
    }
  });

  it("answers GET and DELETE 405 (stateless: no event stream, no session), which the client accepts", async () => {
    const { key } = await route.h.key();
    for (const method of ["GET", "DELETE"]) {
      const response = await fetch(mcpUrl, { method, headers: { "x-api-key": key, accept: "text/event-stream" } });
      expect({ method, status: response.status, allow: response.headers.get("allow"), error: (await response.json()).error }).toEqual({ method, status: 405, allow: "POST, OPTIONS", error: "method_not_allowed" });
    }
  });

  it("the HTTP route's own calls are still recorded as api", async () => {
    const { key } = await route.h.key();
    const response = await route.h.call("POST", "contract/analysis", { key, body: demoRequestsFor("contract/analysis", "eth", route.chain.addressBook)[0] });
    const answer = expectSuccess(response);
    expect((await route.recordOf(answer.meta.request_id)).via).toBe("api");
  });

  it("the connection guide on the Endpoints tab and /docs names the URL, the header and every tool, and its TypeScript sample runs as written", async () => {
    const baseUrl = mcpUrl.origin;
    const args = demoRequestsFor("contract/analysis", "eth", route.chain.addressBook)[0];
    const html = renderToStaticMarkup(createElement(McpGuide, { baseUrl, exampleTool: "contract_analysis", exampleArguments: args }));
    expect(html).toContain(mcpUrl.href);
    expect(html).toContain("X-API-Key");
    const { tools } = await (async () => {
      const client = await connect((await route.h.key()).key);
      try {
        return await client.listTools();
      } finally {
        await client.close();
      }
    })();
    for (const tool of tools) expect(html, tool.name).toContain(`>${tool.name}<`);
    expect(JSON.parse(mcpClientConfig(mcpUrl.href)).mcpServers["developer-intelligence"]).toEqual({ type: "http", url: mcpUrl.href, headers: { "X-API-Key": "<API_KEY>" } });

    // Inside the project, so the sample's import of the SDK resolves as it does in a user's project.
    const dir = fs.mkdtempSync(path.resolve("node_modules/.cache/mcp-sample-"));
    try {
      const file = path.join(dir, "sample.ts");
      // As the Quickstart shows it once its owner fills the key in, pasted as shown: no API_KEY set.
      const { key } = await route.h.key();
      fs.writeFileSync(file, withKey(mcpTypescriptSample(mcpUrl.href, "contract_analysis", args), key));
      const { API_KEY: _unset, ...env } = process.env;
      const { stdout } = await promisify(execFile)(path.resolve("node_modules/.bin/tsx"), [file], { env, timeout: 60_000 });
      const [names, outcome] = stdout.trim().split("\n");
      expect(names.split(", ").sort()).toEqual(tools.map((tool) => tool.name).sort());
      expect(outcome).toMatch(/^ok \{"ok":true/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
