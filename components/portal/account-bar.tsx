// Who is signed in, the staff area for staff, and signing out.
import Link from "next/link";
import { ui } from "@/components/ui/styles";
import { signOutEverywhere } from "@/lib/auth/sign-in-actions";
import type { PortalUser } from "@/lib/portal/guards";

export function AccountBar({ user, area }: { user: PortalUser; area: "developers" | "staff" }) {
  return (
    <div className="border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <div className={`${ui.page} flex flex-wrap items-center justify-between gap-2 py-2 text-sm`}>
        <nav aria-label="Account areas" className="flex items-center gap-4">
          <Link href="/developers" aria-current={area === "developers" ? "page" : undefined} className="aria-[current=page]:font-semibold hover:underline">
            Developers
          </Link>
          <Link href="/developers/cards" className="hover:underline">
            Discover cards
          </Link>
          {user.role === "staff" ? (
            <Link href="/staff" aria-current={area === "staff" ? "page" : undefined} className="aria-[current=page]:font-semibold hover:underline">
              Staff area
            </Link>
          ) : null}
        </nav>
        <div className="flex items-center gap-3">
          <span className="text-zinc-600 dark:text-zinc-400" data-testid="signed-in-as">
            {user.email}
          </span>
          <form action={signOutEverywhere}>
            <button type="submit" className="text-sm font-medium hover:underline">
              Sign out
            </button>
          </form>
        </div>
      </div>
    </div>
  );
}
