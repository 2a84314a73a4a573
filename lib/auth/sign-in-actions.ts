"use server";
// Sign-in and sign-out. These run before there is a user, so they are not behind the portal's
// per-user wrappers; the limit on links lives in Auth.js's signIn callback, which every way
// of asking for a link passes (lib/auth/sign-in-links.ts).
import { redirect } from "next/navigation";
import { emailAddressSchema } from "@/lib/accounts/email-address";
import { signIn, signOut } from "@/lib/auth/auth";
import { refusalFromUrl, refusalMessage } from "@/lib/auth/sign-in-links";
import { safeReturnPath } from "@/lib/auth/return-path";

export type SignInState = { error?: string; email?: string };

export async function requestSignInLink(_previous: SignInState, form: FormData): Promise<SignInState> {
  const parsed = emailAddressSchema.safeParse(form.get("email") ?? "");
  if (!parsed.success) return { error: parsed.error.issues[0]?.message, email: String(form.get("email") ?? "") };
  const email = parsed.data;
  const next: string = await signIn("email", { email, redirectTo: safeReturnPath(form.get("callbackUrl")), redirect: false });
  // A refusal comes back as the sign-in page with its reason: keep the form and say it here.
  const refusal = refusalFromUrl(next);
  if (refusal) return { error: refusalMessage(refusal), email };
  redirect(next);
}

export async function signInWithGitHub(form: FormData) {
  await signIn("github", { redirectTo: safeReturnPath(form.get("callbackUrl")) });
}

export async function signOutEverywhere() {
  await signOut({ redirectTo: "/" });
}
