import type { Metadata } from "next";
import Link from "next/link";
import { ui } from "@/components/ui/styles";

export const metadata: Metadata = { title: "Sign-in problem" };

// Auth.js names the problem in ?error=; say what it means for the person.
const messages: Record<string, string> = {
  Verification: "That sign-in link has expired or was already used. Ask for a new one.",
  AccessDenied: "This account cannot sign in.",
  Configuration: "Sign-in is not configured correctly on this server.",
  OAuthAccountNotLinked: "This e-mail address already signs in with an e-mail link. Use that instead.",
};

export default async function SignInErrorPage({ searchParams }: { searchParams: Promise<{ error?: string }> }) {
  const { error } = await searchParams;
  return (
    <main className={`${ui.page} flex justify-center py-16`}>
      <div className={`${ui.card} w-full max-w-md p-6`} role="alert">
        <h1 className={ui.h1}>Could not sign you in</h1>
        <p className="mt-3">{messages[error ?? ""] ?? "Something went wrong while signing in. Try again."}</p>
        <p className="mt-6">
          <Link href="/sign-in" className={ui.link}>
            Back to sign-in
          </Link>
        </p>
      </div>
    </main>
  );
}
