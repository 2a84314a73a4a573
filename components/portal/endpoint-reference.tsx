// The reference for every endpoint: method, path, permission, price, input fields
// and their rules, the answer's fields, example request and response, and every error it can return.
// Rendering it calls nothing and spends nothing.
import { badge, ui } from "@/components/ui/styles";
import type { EndpointReference } from "@/lib/openapi/endpoint-reference";
import { curlSample } from "@/lib/portal/samples";
import { CodeBlock } from "./code-block";
import { InlineCode } from "./inline-code";

export function EndpointReferenceList({ references, baseUrl }: { references: EndpointReference[]; baseUrl: string }) {
  return (
    <div className="space-y-6">
      <nav aria-label="Endpoints" className={`${ui.card} p-3`}>
        <ul className="grid gap-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {references.map((reference) => (
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
      {references.map((reference) => (
        <EndpointSection key={reference.id} reference={reference} baseUrl={baseUrl} />
      ))}
    </div>
  );
}

function anchor(id: string) {
  return `endpoint-${id.replace(/\//g, "-")}`;
}

function EndpointSection({ reference, baseUrl }: { reference: EndpointReference; baseUrl: string }) {
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
            <thead>
              <tr>
                <th scope="col" className={ui.th}>
                  Field
                </th>
                <th scope="col" className={ui.th}>
                  Type
                </th>
                <th scope="col" className={ui.th}>
                  Required
                </th>
                <th scope="col" className={ui.th}>
                  Rules
                </th>
              </tr>
            </thead>
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
      {reference.responseFields.length > 0 ? (
        <details>
          <summary className="cursor-pointer text-sm font-medium">Fields of the answer&apos;s data ({reference.responseFields.length})</summary>
          <ReferenceTable
            headings={["Field", "Type", "Meaning"]}
            rows={reference.responseFields.map((field) => ({
              key: field.name,
              cells: [`${field.name}${field.required ? "" : "?"}`, field.type, field.description],
            }))}
            mono={[0, 1]}
          />
          <p className={`${ui.muted} mt-2 text-xs`}>A field marked ? is present only sometimes. Deeper fields are in the OpenAPI document.</p>
        </details>
      ) : null}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <CodeBlock
          label="Example request"
          code={
            reference.surface === "public"
              ? `curl -s "${baseUrl}${reference.path}"`
              : curlSample(baseUrl, { method: reference.method, path: reference.path, body: reference.exampleRequest })
          }
        />
        <CodeBlock label={reference.exampleResponseSource ? `Example response (${reference.exampleResponseSource})` : "Example response"} code={JSON.stringify(reference.exampleResponse, null, 2)} tall />
      </div>
      <details>
        <summary className="cursor-pointer text-sm font-medium">Errors this endpoint can return ({reference.errors.length})</summary>
        <ErrorTable errors={reference.errors} />
      </details>
    </section>
  );
}

/** A plain three-column reference table in the page's style; `mono` names the columns set in code type. */
export function ReferenceTable({ headings, rows, mono = [] }: { headings: string[]; rows: Array<{ key: string; cells: Array<string | number | null> }>; mono?: number[] }) {
  return (
    <div className="mt-2 overflow-x-auto">
      <table className={ui.table}>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className={ui.th}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                <td key={index} className={mono.includes(index) ? `${ui.td} font-mono` : ui.td}>
                  {typeof cell === "string" && !mono.includes(index) ? <InlineCode text={cell} /> : cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Error codes with their HTTP status and meaning, as the error table defines them. */
export function ErrorTable({ errors }: { errors: Array<{ code: string; status: number; message: string }> }) {
  return <ReferenceTable headings={["HTTP", "error", "Meaning"]} rows={errors.map((error) => ({ key: error.code, cells: [error.status, error.code, error.message] }))} mono={[1]} />;
}
