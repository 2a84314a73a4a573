"use client";
// The project tabs. Each tab is its own URL so it can be linked, reloaded and shared.
import Link from "next/link";
import { usePathname } from "next/navigation";

/** `also`: other paths (beside the tab's own) whose pages belong to the tab. */
export function TabNav({ tabs }: { tabs: Array<{ href: string; label: string; also?: string[] }> }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Project sections" className="-mb-px flex flex-wrap gap-x-1 border-b border-zinc-200 dark:border-zinc-800">
      {tabs.map((tab) => {
        const current = [tab.href, ...(tab.also ?? [])].some((href) => pathname === href || pathname.startsWith(`${href}/`));
        return (
          <Link
            key={tab.href}
            href={tab.href}
            aria-current={current ? "page" : undefined}
            className={`whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
              current
                ? "border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300"
                : "border-transparent text-zinc-600 hover:border-zinc-300 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
            }`}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
