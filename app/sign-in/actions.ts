"use server";
// Sign-in and sign-out. These run before there is a user, so they are guarded by
// a rate limit per e-mail address instead of the portal's per-user wrappers.
import { emailAddressSchema } from "@/lib/accounts/email-address";
import { signIn, signOut } from "@/lib/auth/auth";
import { portalDeps } from "@/lib/portal/deps";
import { safeReturnPath } from "@/lib/portal/return-path";

export type SignInState = { error?: string; email?: string };

const linkPolicy = { name: "sign-in-links", windows: [{ name: "quarter", limit: 5, windowMs: 15 * 60_000 }] };

export async function requestSignInLink(_previous: SignInState, form: FormData): Promise<SignInState> {
  const parsed = emailAddressSchema.safeParse(form.get("email") ?? "");
  if (!parsed.success) return { error: parsed.error.issues[0]?.message, email: String(form.get("email") ?? "") };
  const email = parsed.data;
  try {
    const decision = await portalDeps().limiter().check(`email:${email}`, linkPolicy);
    if (!decision.allowed) return { error: `Too many links requested for ${email}; try again in ${Math.ceil((decision.retryAfterSeconds ?? 60) / 60)} min.`, email };
  } catch {
    return { error: "Sign-in is busy; try again in a moment.", email };
  }
  // Redirects to the check-your-e-mail page (a thrown redirect, so not caught here).
  await signIn("email", { email, redirectTo: safeReturnPath(form.get("callbackUrl")) });
  return {};
}

export async function signInWithGitHub(form: FormData) {
  await signIn("github", { redirectTo: safeReturnPath(form.get("callbackUrl")) });
}

export async function signOutEverywhere() {
  await signOut({ redirectTo: "/" });
}
