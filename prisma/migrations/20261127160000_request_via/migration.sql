-- A usage record says how the call came in: through the endpoint's own HTTP route (api) or as a
-- tool call through the MCP endpoint (mcp). Every earlier record came through the HTTP routes.
CREATE TYPE "RequestVia" AS ENUM ('api', 'mcp');
ALTER TABLE "request_records" ADD COLUMN "via" "RequestVia" NOT NULL DEFAULT 'api';
