import type { Metadata } from "next";
import Link from "next/link";
import { CheckKey } from "@/components/portal/check-key";
import { KeyedCodeBlock, QuickstartKeyNote } from "@/components/portal/quickstart-key";
import { ui } from "@/components/ui/styles";
import { endpointPath, getEndpoint } from "@/lib/api-contract/endpoints";
import { endpointReference } from "@/lib/openapi/endpoint-reference";
import { deploymentBaseUrl } from "@/lib/portal/base-url";
import { requireProjectAccess } from "@/lib/portal/guards";
import { sandboxWindows } from "@/lib/rate-limit/policies";
import { curlSample, pythonSample, typescriptSample, type SampleCall } from "@/lib/portal/samples";

export const metadata: Metadata = { title: "Quickstart" };

export default async function QuickstartPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { project, db, now } = await requireProjectAccess((await params).projectId);
  // Step 4 needs a live key with contract:read; say so before someone tries it with a test key.
  const liveKeys = await db.apiKey.count({
    where: { projectId: project.id, mode: "live", status: "active", rotatedToId: null, permissions: { has: "contract:read" }, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
  });
  const baseUrl = await deploymentBaseUrl();
  const me: SampleCall = { method: "GET", path: endpointPath(getEndpoint("me")), body: null };
  const analysis = endpointReference(getEndpoint("contract/analysis"));
  const first: SampleCall = { method: "POST", path: analysis.path, body: analysis.exampleRequest };
  const keysHref = `/developers/${project.id}/keys`;
  return (
    <ol className="space-y-6">
      <li className={`${ui.card} space-y-2 p-5`}>
        <h2 className={ui.h2}>1. Create a key</h2>
        <p>
          On the{" "}
          <Link href={keysHref} className={ui.link}>
            Keys tab
          </Link>
          , create a <strong>Test</strong> key to try things out (sandbox, never charged) or a <strong>Live</strong> key for real traffic. Tick the permissions you need;{" "}
          <code className={ui.code}>contract:read</code> unlocks the free contract analysis used below. The full key is shown once.
        </p>
        <p className={ui.muted} data-testid="test-key-scope">
          What a <strong>Test</strong> key can do: <code className={ui.code}>health</code>, <code className={ui.code}>me</code> and{" "}
          <code className={ui.code}>discover</code>, on the sandbox budget ({sandboxWindows.map((w) => `${w.limit}/${w.name}`).join(", ")}). Every intelligence endpoint,
          contract analysis included, answers <code className={ui.code}>403 sandbox_limited</code> to a Test key: step 4 needs a Live key.
        </p>
      </li>
      <li className={`${ui.card} space-y-2 p-5`}>
        <h2 className={ui.h2}>2. Keep it on your server</h2>
        <p>
          Put the key in an environment variable such as <code className={ui.code}>API_KEY</code>. Send it in the <code className={ui.code}>X-API-Key</code> header (or{" "}
          <code className={ui.code}>Authorization: Bearer</code>). Never ship it in browser code.
        </p>
        <QuickstartKeyNote projectId={project.id} />
      </li>
      <li className={`${ui.card} space-y-3 p-5`}>
        <h2 className={ui.h2}>3. Check the key (free)</h2>
        <p className={ui.muted}>
          <code className={ui.code}>GET /v1/api/me</code> returns the key&apos;s own details, restrictions and credit balance, and costs nothing.
        </p>
        <KeyedCodeBlock projectId={project.id} label="curl" code={curlSample(baseUrl, me)} />
        <CheckKey projectId={project.id} />
      </li>
      <li className={`${ui.card} space-y-3 p-5`}>
        <h2 className={ui.h2}>4. Make your first intelligence call</h2>
        <p className={ui.muted}>
          Contract analysis is free on all plans and needs a Live key with <code className={ui.code}>contract:read</code> (Test keys answer{" "}
          <code className={ui.code}>403 sandbox_limited</code> on intelligence). Every response carries <code className={ui.code}>meta.request_id</code>; quote it to support.
        </p>
        {liveKeys === 0 ? (
          <p className={ui.warning} role="note" data-testid="needs-live-key">
            This project has no active Live key with <code className={ui.code}>contract:read</code> yet, so this call would answer{" "}
            <code className={ui.code}>403</code>.{" "}
            <Link href={keysHref} className={ui.link}>
              Create one on the Keys tab
            </Link>
            .
          </p>
        ) : null}
        <div className="space-y-4">
          <KeyedCodeBlock projectId={project.id} label="curl" code={curlSample(baseUrl, first)} />
          <KeyedCodeBlock projectId={project.id} label="TypeScript" code={typescriptSample(baseUrl, first)} />
          <KeyedCodeBlock projectId={project.id} label="Python" code={pythonSample(baseUrl, first)} />
        </div>
      </li>
      <li className={`${ui.card} space-y-2 p-5`}>
        <h2 className={ui.h2}>5. Watch it in Usage</h2>
        <p>
          Every call, failures included, appears on the{" "}
          <Link href={`/developers/${project.id}/usage`} className={ui.link}>
            Usage tab
          </Link>{" "}
          with its request id, status, and what was quoted and charged. The{" "}
          <Link href={`/developers/${project.id}/endpoints`} className={ui.link}>
            Endpoints tab
          </Link>{" "}
          lists every endpoint, its price and its errors.
        </p>
      </li>
    </ol>
  );
}
