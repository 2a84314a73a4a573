"use client";
// One collapsed part of an endpoint's reference (example answer, answer fields, errors), fetched
// the first time a reader opens it. The summary line (with its count) is in the page; the body
// comes from the details route, once per endpoint and page, whichever of its parts opens first.
import { useEffect, useRef, useState, type SyntheticEvent } from "react";
import { ui } from "@/components/ui/styles";
import { CodeBlock } from "./code-block";
import { endpointDetailsPath, type EndpointDetails as Details, type EndpointDetailsPart } from "./endpoint-details-source";
import { ErrorTable, ReferenceTable } from "./reference-table";

const loads = new Map<string, Promise<Details>>();

function loadDetails(endpointId: string): Promise<Details> {
  let load = loads.get(endpointId);
  if (!load) {
    load = fetch(endpointDetailsPath(endpointId), { headers: { Accept: "application/json" } }).then(async (response) => {
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      return (await response.json()) as Details;
    });
    // A failed load is not kept: opening the part again asks again.
    load.catch(() => loads.delete(endpointId));
    loads.set(endpointId, load);
  }
  return load;
}

type State = { status: "idle" | "loading" } | { status: "ready"; details: Details } | { status: "failed"; reason: string };

export function EndpointDetails({ endpointId, part, summary }: { endpointId: string; part: EndpointDetailsPart; summary: string }) {
  const [state, setState] = useState<State>({ status: "idle" });
  const element = useRef<HTMLDetailsElement>(null);

  function load() {
    if (state.status === "loading" || state.status === "ready") return;
    setState({ status: "loading" });
    loadDetails(endpointId).then(
      (details) => setState({ status: "ready", details }),
      (error: unknown) => setState({ status: "failed", reason: error instanceof Error ? error.message : String(error) }),
    );
  }

  // Opened before the page's script ran: no toggle event reaches React, so look once, on mount.
  useEffect(() => {
    if (element.current?.open) load();
  }, []);

  function onToggle(event: SyntheticEvent<HTMLDetailsElement>) {
    if (event.currentTarget.open) load();
  }

  return (
    <details ref={element} onToggle={onToggle} data-testid={`endpoint-${part}`} data-state={state.status}>
      <summary className="cursor-pointer text-sm font-medium">{summary}</summary>
      {state.status === "ready" ? (
        <Part details={state.details} part={part} />
      ) : state.status === "failed" ? (
        <p role="alert" className={`${ui.error} mt-2`}>
          Could not load this part ({state.reason}).{" "}
          <button type="button" className={ui.link} onClick={load}>
            Try again
          </button>{" "}
          or read it in the{" "}
          <a href="/openapi.json" className={ui.link}>
            OpenAPI document
          </a>
          .
        </p>
      ) : state.status === "loading" ? (
        <p className={`${ui.muted} mt-2`} role="status">
          Loading…
        </p>
      ) : null}
    </details>
  );
}

function Part({ details, part }: { details: Details; part: EndpointDetailsPart }) {
  if (part === "example") {
    return (
      <div className="mt-2">
        <CodeBlock label="Example response" code={JSON.stringify(details.exampleResponse, null, 2)} tall />
      </div>
    );
  }
  if (part === "fields") {
    return (
      <>
        <ReferenceTable
          headings={["Field", "Type", "Meaning"]}
          rows={details.responseFields.map((field) => ({ key: field.name, cells: [`${field.name}${field.required ? "" : "?"}`, field.type, field.description] }))}
          mono={[0, 1]}
        />
        <p className={`${ui.muted} mt-2 text-xs`}>A field marked ? is present only sometimes. Deeper fields are in the OpenAPI document.</p>
      </>
    );
  }
  return <ErrorTable errors={details.errors} />;
}
