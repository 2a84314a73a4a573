import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { ui } from "@/components/ui/styles";
import { githubEnabled } from "@/lib/auth/auth";
import { currentUser } from "@/lib/portal/guards";
import { safeReturnPath } from "@/lib/auth/return-path";
import { signInOrigin } from "@/lib/portal/sign-in-origin";
import { refusalFromUrl, refusalMessage } from "@/lib/auth/sign-in-links";
import { signInWithGitHub } from "@/lib/auth/sign-in-actions";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

type Query = { callbackUrl?: string | string[]; error?: string | string[]; retry?: string | string[] };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  const callbackUrl = safeReturnPath(query.callbackUrl);
  // A link request Auth.js's own route refused (lib/auth/sign-in-links.ts) lands here with its reason.
  const refusal = typeof query.error === "string" ? refusalFromUrl(`/sign-in?${new URLSearchParams({ error: query.error, retry: typeof query.retry === "string" ? query.retry : "" })}`) : null;
  // The link and the cookie belong to one host: sign in there (lib/portal/sign-in-origin.ts).
  const origin = signInOrigin((await headers()).get("host"), process.env.AUTH_URL);
  if (origin && "redirectTo" in origin) redirect(`${origin.redirectTo}/sign-in?${new URLSearchParams({ callbackUrl })}`);
  if (await currentUser()) redirect(callbackUrl);
  const linksInLog = !process.env.AUTH_EMAIL_SERVER;
  const development = process.env.NODE_ENV !== "production";
  return (
    <main className={`${ui.page} flex justify-center py-16`}>
      <div className={`${ui.card} w-full max-w-md p-6`}>
        <h1 className={ui.h1}>Sign in</h1>
        <p className={`${ui.muted} mt-2`}>We e-mail you a one-time link; no password to remember. New e-mail addresses get an account.</p>
        {origin && "notice" in origin ? (
          <p className={`${ui.warning} mt-4`} role="note" data-testid="sign-in-origin">
            {origin.notice}{" "}
            <a href={`${origin.origin}/sign-in`} className={ui.link}>
              Go there
            </a>
          </p>
        ) : null}
        {refusal ? (
          <p className="mt-4 text-sm text-red-700 dark:text-red-300" role="alert" data-testid="sign-in-refusal">
            {refusalMessage(refusal)}
          </p>
        ) : null}
        <div className="mt-6">
          <SignInForm callbackUrl={callbackUrl} />
        </div>
        {githubEnabled() ? (
          <form action={signInWithGitHub} className="mt-4">
            <input type="hidden" name="callbackUrl" value={callbackUrl} />
            <button type="submit" className={`${ui.buttonSecondary} w-full`}>
              Continue with GitHub
            </button>
          </form>
        ) : null}
        {linksInLog ? (
          <p className={`${ui.muted} mt-6 border-t border-zinc-200 pt-4 dark:border-zinc-800`}>
            No mail server is configured: the link is printed in the server log.
            {development ? (
              <>
                {" "}
                Demo accounts: <code className={ui.code}>demo@localhost</code> and <code className={ui.code}>staff@localhost</code> (staff).
              </>
            ) : null}
          </p>
        ) : null}
      </div>
    </main>
  );
}
