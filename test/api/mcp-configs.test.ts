// The MCP configuration /docs and the Endpoints tab show, one per assistant, read back as each
// assistant reads it: the JSON in each block is parsed and held to the fields that assistant
// requires (Claude Code's `.mcp.json`, Claude Desktop's `claude_desktop_config.json` through the
// mcp-remote bridge, Cursor's `.cursor/mcp.json`).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { McpGuide } from "@/components/portal/mcp-guide";

const entities: Record<string, string> = { "&quot;": '"', "&#x27;": "'", "&lt;": "<", "&gt;": ">", "&amp;": "&" };

/** The code blocks of the guide as a reader copies them, by their label. */
function shownBlocks(baseUrl: string): Map<string, string> {
  const html = renderToStaticMarkup(createElement(McpGuide, { baseUrl, exampleTool: "contract_analysis", exampleArguments: { chain: "eth" } }));
  const blocks = new Map<string, string>();
  for (const [, label, code] of html.matchAll(/<figcaption[^>]*><span[^>]*>([^<]*)<\/span>[\s\S]*?<pre[^>]*><code>([\s\S]*?)<\/code><\/pre>/g)) {
    blocks.set(label.replace(/&[#\w]+;/g, (entity) => entities[entity] ?? entity), code.replace(/&[#\w]+;/g, (entity) => entities[entity] ?? entity));
  }
  return blocks;
}

function serverIn(blocks: Map<string, string>, label: string): Record<string, unknown> {
  const code = blocks.get(label);
  expect(code, `a block labelled ${label}`).toBeDefined();
  const parsed = JSON.parse(code!) as { mcpServers: Record<string, Record<string, unknown>> };
  const servers = Object.values(parsed.mcpServers);
  expect(servers).toHaveLength(1);
  return servers[0];
}

describe("MCP configuration per assistant on /docs", () => {
  const baseUrl = "https://api.example.com";
  const mcpUrl = `${baseUrl}/v1/api/mcp`;
  const blocks = shownBlocks(baseUrl);

  it("Claude Code (.mcp.json): a remote server of type http with its url and the key header", () => {
    const server = serverIn(blocks, "Claude Code: .mcp.json");
    expect(server).toEqual({ type: "http", url: mcpUrl, headers: { "X-API-Key": "<API_KEY>" } });
  });

  it("Claude Desktop (claude_desktop_config.json): a stdio command only, npx running mcp-remote with the url and the key header from env", () => {
    const server = serverIn(blocks, "Claude Desktop: claude_desktop_config.json");
    // Claude Desktop starts local servers: an entry with a url or a type is skipped as invalid.
    expect(Object.keys(server).sort()).toEqual(["args", "command", "env"]);
    expect(server.command).toBe("npx");
    const args = server.args as string[];
    expect(args.every((arg) => typeof arg === "string")).toBe(true);
    expect(args.slice(0, 3)).toEqual(["-y", "mcp-remote", mcpUrl]);
    const header = args[args.indexOf("--header") + 1];
    expect(header).toBe("X-API-Key:${API_KEY}");
    expect(server.env).toEqual({ API_KEY: "<API_KEY>" });
    expect(args).not.toContain("--allow-http");
  });

  it("Cursor (.cursor/mcp.json): the url and the key header, no command", () => {
    const server = serverIn(blocks, "Cursor: .cursor/mcp.json");
    expect(server).toEqual({ url: mcpUrl, headers: { "X-API-Key": "<API_KEY>" } });
  });

  it("the bridge is told plain http is meant only where mcp-remote would refuse it (not on localhost)", () => {
    const desktop = (base: string) => serverIn(shownBlocks(base), "Claude Desktop: claude_desktop_config.json").args as string[];
    expect(desktop("http://localhost:3000")).not.toContain("--allow-http");
    expect(desktop("http://10.0.0.5:3000")).toContain("--allow-http");
  });
});
