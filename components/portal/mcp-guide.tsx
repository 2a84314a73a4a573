// How to connect an AI assistant to the MCP endpoint: where it is, which header carries the key,
// a client configuration and the same connection from code. The tool names come from the registry
// through the endpoint itself, so this list is the one tools/list answers.
import { ui } from "@/components/ui/styles";
import { mcpPath, mcpTools } from "@/lib/api/mcp";
import { mcpClientConfigs, mcpTypescriptSample } from "@/lib/portal/samples";
import { intelReadsInFlightPerKey } from "@/lib/settings";
import { CodeBlock } from "./code-block";

export function McpGuide({ baseUrl, exampleTool, exampleArguments }: { baseUrl: string; exampleTool: string; exampleArguments: Record<string, unknown> }) {
  const url = `${baseUrl}${mcpPath}`;
  return (
    <section aria-labelledby="mcp-heading" className={`${ui.card} space-y-3 p-5`} data-testid="mcp-guide">
      <h2 id="mcp-heading" className={ui.h2}>
        AI assistants (MCP)
      </h2>
      <p>
        Every intelligence endpoint is also a tool for AI assistants over the Model Context Protocol (Streamable HTTP) at <code className={ui.code}>{url}</code>. Send your
        key in <code className={ui.code}>X-API-Key</code> (or <code className={ui.code}>Authorization: Bearer</code>), as with the API: a tool call is the endpoint&apos;s
        own call, with the same permissions, network restriction, limits and price, and shows in Usage marked MCP. Listing the tools costs nothing. A refusal comes back as a
        tool error carrying the error code and request id.
      </p>
      <p className={ui.muted}>
        Tools: {mcpTools().map((tool, index) => (
          <span key={tool.name}>
            {index > 0 ? ", " : ""}
            <code className={ui.code}>{tool.name}</code>
          </span>
        ))}
        .
      </p>
      <p className={ui.muted}>
        Each assistant takes its own form: Claude Code and Cursor connect to the URL with the header; Claude Desktop starts local servers only, so it reaches this one through
        the <code className={ui.code}>mcp-remote</code> bridge (Node.js and npx needed), the key in its <code className={ui.code}>env</code>. A key runs at most {intelReadsInFlightPerKey()}{" "}
        intelligence calls at once, over HTTP and MCP together; more are refused <code className={ui.code}>rate_limited</code> with a second to wait.
      </p>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3" data-testid="mcp-configs">
        {mcpClientConfigs(url).map((config) => (
          <CodeBlock key={config.assistant} label={`${config.assistant}: ${config.file}`} code={config.code} />
        ))}
      </div>
      <CodeBlock label="TypeScript (official MCP SDK)" code={mcpTypescriptSample(url, exampleTool, exampleArguments)} />
    </section>
  );
}
