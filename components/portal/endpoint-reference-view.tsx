"use client";
// The Endpoints tab's and /docs' reference, drawn from one compact entry per endpoint
// (./endpoint-reference.tsx builds them from the registry's reference on the server).
import { badge, ui } from "@/components/ui/styles";
import type { FieldDoc } from "@/lib/openapi/endpoint-reference";
import { CodeBlock } from "./code-block";
import { EndpointDetails } from "./endpoint-details";
import { InlineCode } from "./inline-code";
import { TableHead } from "@/components/ui/table-head";

export type EndpointEntry = {
  id: string;
  method: "GET" | "POST";
  path: string;
  summary: string;
  access: string;
  priceLabel: string;
  fieldsIn: "body" | "query" | null;
  fields: FieldDoc[];
  /** A curl call worth copying, for this deployment. */
  exampleRequest: string;
  exampleResponseLabel: string;
  responseFieldCount: number;
  errorCount: number;
};

export function EndpointReferenceView({ entries }: { entries: EndpointEntry[] }) {
  return (
    <div className="space-y-6">
      <nav aria-label="Endpoints" className={`${ui.card} p-3`}>
        <ul className="grid gap-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {entries.map((reference) => (
            <li key={reference.id}>
              <a href={`#${anchor(reference.id)}`} className={ui.link}>
                <span className="font-mono">
                  {reference.method} {reference.path}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {entries.map((reference) => (
        <EndpointSection key={reference.id} reference={reference} />
      ))}
    </div>
  );
}

function anchor(id: string) {
  return `endpoint-${id.replace(/\//g, "-")}`;
}

function EndpointSection({ reference }: { reference: EndpointEntry }) {
  const headingId = `${anchor(reference.id)}-heading`;
  return (
    <section id={anchor(reference.id)} aria-labelledby={headingId} className={`${ui.card} scroll-mt-20 space-y-4 p-5`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className={badge(reference.method === "GET" ? "blue" : "violet")}>{reference.method}</span>
        <h3 id={headingId} className="font-mono text-base font-semibold">
          {reference.path}
        </h3>
      </div>
      <p>
        <InlineCode text={reference.summary} />
      </p>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">Permission</dt>
          <dd>{reference.access}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">Price</dt>
          <dd>{reference.priceLabel}</dd>
        </div>
      </dl>
      {reference.fields.length > 0 ? (
        <div className="overflow-x-auto">
          <table className={ui.table}>
            <caption className="mb-2 text-left text-sm font-semibold">{reference.fieldsIn === "body" ? "JSON body" : "Query parameters"}</caption>
            <TableHead headings={["Field", "Type", "Required", "Rules"]} />
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {reference.fields.map((field) => (
                <tr key={field.name}>
                  <td className={`${ui.td} font-mono`}>{field.name}</td>
                  <td className={ui.td}>{field.type}</td>
                  <td className={ui.td}>{field.required ? "yes" : "no"}</td>
                  <td className={ui.td}>
                    {field.description ? (
                      <p>
                        <InlineCode text={field.description} />
                      </p>
                    ) : null}
                    {field.rules.length > 0 ? <p className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{field.rules.join("; ")}</p> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={ui.muted}>{reference.fieldsIn === null ? "No body and no parameters." : ""}</p>
      )}
      {reference.responseFieldCount > 0 ? <EndpointDetails endpointId={reference.id} part="fields" summary={`Fields of the answer's data (${reference.responseFieldCount})`} /> : null}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <CodeBlock label="Example request" code={reference.exampleRequest} />
        <EndpointDetails endpointId={reference.id} part="example" summary={reference.exampleResponseLabel} />
      </div>
      <EndpointDetails endpointId={reference.id} part="errors" summary={`Errors this endpoint can return (${reference.errorCount})`} />
    </section>
  );
}
