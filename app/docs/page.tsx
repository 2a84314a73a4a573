// The public API reference: the same content as the portal's Endpoints tab.
import type { Metadata } from "next";
import { ApiGuide } from "@/components/portal/api-guide";
import { McpGuide } from "@/components/portal/mcp-guide";
import { toolName } from "@/lib/api/mcp";
import { EndpointReferenceList } from "@/components/portal/endpoint-reference";
import { ui } from "@/components/ui/styles";
import { endpointReferences } from "@/lib/openapi/endpoint-reference";
import { deploymentBaseUrl } from "@/lib/portal/base-url";

export const metadata: Metadata = { title: "API reference" };

export default async function DocsPage() {
  const baseUrl = await deploymentBaseUrl();
  const references = endpointReferences();
  // The free endpoint: an assistant's first try spends nothing.
  const example = references.find((reference) => reference.id === "contract/analysis")!;
  return (
    <main className={`${ui.page} space-y-4 py-8`}>
      <h1 className={ui.h1}>API reference</h1>
      <p className={ui.muted}>
        Send your key in <code className={ui.code}>X-API-Key</code> (or <code className={ui.code}>Authorization: Bearer</code>). Intelligence endpoints are POST with a JSON
        body; failed calls are never charged. Get a key in the{" "}
        <a href="/developers" className={ui.link}>
          developer portal
        </a>
        . Machine-readable:{" "}
        <a href="/openapi.json" className={ui.link}>
          OpenAPI 3.1 document
        </a>
        .
      </p>
      <ApiGuide />
      <McpGuide baseUrl={baseUrl} exampleTool={toolName(example)} exampleArguments={example.exampleRequest ?? {}} />
      <EndpointReferenceList references={references} baseUrl={baseUrl} />
    </main>
  );
}
