// Plain reference tables in the page's style, shared by the server-rendered reference (the API
// guide's error list) and the parts of an endpoint's reference a browser loads when they are
// opened (components/portal/endpoint-details.tsx). No "use client": both sides import it.
import { ui } from "@/components/ui/styles";
import { InlineCode } from "./inline-code";
import { TableHead } from "@/components/ui/table-head";

/** A plain three-column reference table in the page's style; `mono` names the columns set in code type. */
export function ReferenceTable({ headings, rows, mono = [] }: { headings: string[]; rows: Array<{ key: string; cells: Array<string | number | null> }>; mono?: number[] }) {
  return (
    <div className="mt-2 overflow-x-auto">
      <table className={ui.table}>
        <TableHead headings={headings} />
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
