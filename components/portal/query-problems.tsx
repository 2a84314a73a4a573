import { ui } from "@/components/ui/styles";

/** What a page ignored of its query (lib/portal/query-values.ts), so a bad link explains itself instead of failing. */
export function QueryProblems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <div className={ui.warning} role="alert" data-testid="query-problems">
      {problems.map((problem) => (
        <p key={problem}>{problem}</p>
      ))}
    </div>
  );
}
