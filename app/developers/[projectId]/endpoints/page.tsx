import type { Metadata } from "next";
import { ApiGuide } from "@/components/portal/api-guide";
import { McpGuide } from "@/components/portal/mcp-guide";
import { toolName } from "@/lib/api/mcp";
import { EndpointReferenceList } from "@/components/portal/endpoint-reference";
import { ui } from "@/components/ui/styles";
import { endpointReferences } from "@/lib/openapi/endpoint-reference";
import { deploymentBaseUrl } from "@/lib/portal/base-url";
import { requireProjectAccess } from "@/lib/portal/guards";

export const metadata: Metadata = { title: "Endpoints" };

export default async function EndpointsPage({ params }: { params: Promise<{ projectId: string }> }) {
  await requireProjectAccess((await params).projectId);
  const baseUrl = await deploymentBaseUrl();
  const references = endpointReferences();
  // The free endpoint: an assistant's first try spends nothing.
  const example = references.find((reference) => reference.id === "contract/analysis")!;
  return (
    <div className="space-y-4">
      <p className={ui.muted}>
        Reference only: reading this page calls nothing and spends nothing. All paths are under <code className={ui.code}>{baseUrl}/v1/api</code>. Machine-readable:{" "}
        <a href="/openapi.json" className={ui.link}>
          OpenAPI 3.1 document
        </a>
        .
      </p>
      <ApiGuide />
      <McpGuide baseUrl={baseUrl} exampleTool={toolName(example)} exampleArguments={example.exampleRequest ?? {}} />
      <EndpointReferenceList references={references} baseUrl={baseUrl} />
    </div>
  );
}
