// The pieces every filtered list in the portal shares (request history, the owner's activity,
// the staff audit log): links that carry the current filters, a select with an "all" choice,
// Filter / Clear, and the Newer / Older pager.
import Link from "next/link";
import { ui } from "@/components/ui/styles";

type QueryValue = string | number | null | undefined;

/** The current filters with some changed, as a link; empty ones and page 1 are left out. */
export function filterHref(basePath: string, query: Record<string, QueryValue>, patch: Record<string, QueryValue> = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...query, ...patch })) {
    if (value === undefined || value === null || value === "" || (name === "page" && value === 1)) continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${basePath}?${text}` : basePath;
}

export type FilterChoice = { value: string; label: string };

/** A labelled select whose empty choice means "no filter". */
export function FilterSelect({ id, name, label, allLabel, value, choices, className, children }: {
  id: string;
  name: string;
  label: string;
  allLabel: string;
  value: string | undefined;
  choices?: FilterChoice[];
  className?: string;
  /** Grouped choices, where a flat list would not do. */
  children?: React.ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={ui.select}>
        <option value="">{allLabel}</option>
        {choices?.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
        {children}
      </select>
    </div>
  );
}

/** The "From / To (UTC day)" pair the owner's activity log and the staff audit log filter by. */
export function DayRangeFields({ idPrefix, from, to }: { idPrefix: string; from?: string; to?: string }) {
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-from`} className={ui.label}>
          From (UTC day)
        </label>
        <input id={`${idPrefix}-from`} name="from" type="date" defaultValue={from} className={ui.input} />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-to`} className={ui.label}>
          To (UTC day)
        </label>
        <input id={`${idPrefix}-to`} name="to" type="date" defaultValue={to} className={ui.input} />
      </div>
    </>
  );
}

/** Filter, and Clear back to the unfiltered list once something is filtered. */
export function FilterButtons({ filtered, clearHref, className = "flex gap-2" }: { filtered: boolean; clearHref: string; className?: string }) {
  return (
    <div className={className}>
      <button type="submit" className={ui.button}>
        Filter
      </button>
      {filtered ? (
        <Link href={clearHref} className={ui.buttonSecondary}>
          Clear
        </Link>
      ) : null}
    </div>
  );
}

/** Newest-first pages: Newer goes back towards page 1, Older on while there is more. */
export function Pager({ label, page, hasOlder, hrefFor }: { label: string; page: number; hasOlder: boolean; hrefFor: (page: number) => string }) {
  return (
    <nav aria-label={label} className="flex items-center justify-between text-sm">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} className={ui.link}>
          ← Newer
        </Link>
      ) : (
        <span />
      )}
      <span className="text-zinc-500">Page {page}</span>
      {hasOlder ? (
        <Link href={hrefFor(page + 1)} className={ui.link}>
          Older →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
