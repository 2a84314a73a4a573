// POST /v1/api/mcp — every intelligence endpoint as a tool for AI assistants (Model Context
// Protocol, Streamable HTTP, stateless); the same keys, checks and charges as the endpoints.
import { mcpRoute } from "@/lib/api/mcp";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = mcpRoute();
