// Copy-paste samples for one endpoint call, with the key left as <API_KEY>.
export type SampleCall = { method: "GET" | "POST"; path: string; body: Record<string, unknown> | null };

export const apiKeyPlaceholder = "<API_KEY>";

/**
 * A sample with a key in place of the placeholder, as the Quickstart shows it once its owner asks.
 * The key sits in code, not only in a comment, so the sample pasted as shown runs.
 */
export function withKey(code: string, key: string): string {
  return code.replaceAll(apiKeyPlaceholder, key);
}

export function curlSample(baseUrl: string, call: SampleCall): string {
  const lines = [`curl -s ${call.method === "POST" ? "-X POST " : ""}"${baseUrl}${call.path}" \\`, `  -H "X-API-Key: ${apiKeyPlaceholder}"`];
  if (call.body) {
    lines[lines.length - 1] += " \\";
    lines.push(`  -H "Content-Type: application/json" \\`, `  -d '${JSON.stringify(call.body)}'`);
  }
  return lines.join("\n");
}

/**
 * A script's lines with its body (the lines from `async function main() {` on) run by main().
 * Inside a function: top-level await is not allowed in a CommonJS .ts file, which is what
 * `npx tsx sample.ts` or ts-node make of a file in a package without "type": "module".
 */
function runnableNodeScript(lines: string[]): string {
  return [...lines, `}`, ``, `main().catch((error) => {`, `  console.error(error);`, `  process.exit(1);`, `});`].join("\n");
}

export function typescriptSample(baseUrl: string, call: SampleCall): string {
  const init = [`  method: "${call.method}",`, `  headers: { "X-API-Key": apiKey${call.body ? ', "Content-Type": "application/json"' : ""} },`];
  if (call.body) init.push(`  body: JSON.stringify(${JSON.stringify(call.body)}),`);
  return runnableNodeScript([
    `// Keep the key on your server, in its environment as API_KEY; the key written here is used when API_KEY is not set.`,
    `const apiKey = process.env.API_KEY || "${apiKeyPlaceholder}";`,
    ``,
    `async function main() {`,
    `  const response = await fetch("${baseUrl}${call.path}", {`,
    ...init.map((line) => `  ${line}`),
    `  });`,
    `  const result = await response.json();`,
    `  if (!result.ok) throw new Error(\`\${result.error} (request \${result.request_id})\`);`,
    `  console.log(result.data, result.meta.credits_charged);`,
  ]);
}

export function pythonSample(baseUrl: string, call: SampleCall): string {
  // The standard library only, so the sample runs as written on any Python 3.
  const data = call.body ? `json.dumps(${JSON.stringify(call.body).replace(/\btrue\b/g, "True").replace(/\bfalse\b/g, "False")}).encode()` : "None";
  const headers = call.body ? `{"X-API-Key": api_key, "Content-Type": "application/json"}` : `{"X-API-Key": api_key}`;
  return [
    `# Keep the key on your server, in its environment as API_KEY; the key written here is used when API_KEY is not set.`,
    `import json, os, urllib.error, urllib.request`,
    ``,
    `api_key = os.environ.get("API_KEY") or "${apiKeyPlaceholder}"`,
    `request = urllib.request.Request(`,
    `    "${baseUrl}${call.path}",`,
    `    method="${call.method}",`,
    `    headers=${headers},`,
    `    data=${data},`,
    `)`,
    `try:`,
    `    with urllib.request.urlopen(request, timeout=30) as response:`,
    `        result = json.load(response)`,
    `except urllib.error.HTTPError as failure:`,
    `    result = json.load(failure)`,
    `if not result["ok"]:`,
    `    raise RuntimeError(f"{result['error']} (request {result['request_id']})")`,
    `print(result["data"], result["meta"]["credits_charged"])`,
  ].join("\n");
}

/**
 * Claude Code's project file `.mcp.json`: a remote Streamable HTTP server (`type: "http"`), with
 * the key in the same header the API takes.
 */
export function mcpClientConfig(mcpUrl: string): string {
  return JSON.stringify({ mcpServers: { "developer-intelligence": { type: "http", url: mcpUrl, headers: { "X-API-Key": apiKeyPlaceholder } } } }, null, 2);
}

export type McpClientConfig = { assistant: string; file: string; code: string };

/**
 * Each assistant's own configuration, since one shape does not fit them all: Claude Desktop's
 * `claude_desktop_config.json` starts local (stdio) servers only and skips an entry with a url as
 * invalid, so it reaches a remote server through the `mcp-remote` bridge (run by npx), the key
 * passed in an environment variable the header argument names (no space after the colon: Windows
 * splits quoted arguments there). Cursor's `.cursor/mcp.json` takes the url and headers directly.
 */
export function mcpClientConfigs(mcpUrl: string): McpClientConfig[] {
  const url = new URL(mcpUrl);
  // mcp-remote refuses plain http except to localhost unless told it is meant.
  const plainHttpElsewhere = url.protocol === "http:" && !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  const bridge = {
    command: "npx",
    args: ["-y", "mcp-remote", mcpUrl, "--header", "X-API-Key:${API_KEY}", ...(plainHttpElsewhere ? ["--allow-http"] : [])],
    env: { API_KEY: apiKeyPlaceholder },
  };
  return [
    { assistant: "Claude Code", file: ".mcp.json", code: mcpClientConfig(mcpUrl) },
    { assistant: "Claude Desktop", file: "claude_desktop_config.json", code: JSON.stringify({ mcpServers: { "developer-intelligence": bridge } }, null, 2) },
    { assistant: "Cursor", file: ".cursor/mcp.json", code: JSON.stringify({ mcpServers: { "developer-intelligence": { url: mcpUrl, headers: { "X-API-Key": apiKeyPlaceholder } } } }, null, 2) },
  ];
}

/** The same connection from code, with the official SDK's client: list the tools, call one. */
export function mcpTypescriptSample(mcpUrl: string, tool: string, args: Record<string, unknown>): string {
  return runnableNodeScript([
    `// npm install @modelcontextprotocol/sdk — keep the key on your server, in its environment as API_KEY; the key written here is used when API_KEY is not set.`,
    `import { Client } from "@modelcontextprotocol/sdk/client/index.js";`,
    `import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";`,
    ``,
    `const apiKey = process.env.API_KEY || "${apiKeyPlaceholder}";`,
    ``,
    `async function main() {`,
    `  const transport = new StreamableHTTPClientTransport(new URL("${mcpUrl}"), {`,
    `    requestInit: { headers: { "X-API-Key": apiKey } },`,
    `  });`,
    `  const client = new Client({ name: "my-assistant", version: "1.0.0" });`,
    `  await client.connect(transport);`,
    `  const { tools } = await client.listTools();`,
    `  console.log(tools.map((tool) => tool.name).join(", "));`,
    `  const result = await client.callTool({ name: "${tool}", arguments: ${JSON.stringify(args)} });`,
    `  // A refusal is a tool error whose structured content carries the API's error code and request id.`,
    `  console.log(result.isError ? "error" : "ok", JSON.stringify(result.structuredContent).slice(0, 200));`,
    `  await client.close();`,
  ]);
}
