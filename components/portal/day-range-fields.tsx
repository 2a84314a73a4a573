import { ui } from "@/components/ui/styles";

/** The "From / To (UTC day)" pair that the owner's activity log and the staff audit log filter by. */
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
