// A table's column headings in the page's style: one row of `th scope="col"`, shared by every
// table of the portal and the staff area. No "use client": server and client components use it.
import { ui } from "./styles";

export function TableHead({ headings }: { headings: readonly string[] }) {
  return (
    <thead>
      <tr>
        {headings.map((heading) => (
          <th key={heading} scope="col" className={ui.th}>
            {heading}
          </th>
        ))}
      </tr>
    </thead>
  );
}
