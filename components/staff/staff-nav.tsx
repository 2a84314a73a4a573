"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

const links = [
  { href: "/staff", label: "Projects" },
  { href: "/staff/usage", label: "Usage, all projects" },
  { href: "/staff/requests", label: "Find a request" },
  { href: "/staff/settings", label: "Switches and credits" },
  { href: "/staff/audit", label: "Audit log" },
];

export function StaffNav() {
  const pathname = usePathname();
  return (
    // Wraps onto a second line on a phone rather than hiding sections off-screen.
    <nav aria-label="Staff sections" className="flex flex-wrap gap-x-1 border-b border-zinc-200 dark:border-zinc-800">
      {links.map((link) => {
        const current = link.href === "/staff" ? pathname === "/staff" || pathname.startsWith("/staff/projects") : pathname.startsWith(link.href);
        return (
          <Link
            key={link.href}
            href={link.href}
            aria-current={current ? "page" : undefined}
            className={`whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${current ? "border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300" : "border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"}`}
          >
            {link.label}
          </Link>
        );
      })}
    </nav>
  );
}
