"use client";
import { useActionState } from "react";
import { ui } from "@/components/ui/styles";
import { requestSignInLink, type SignInState } from "@/lib/auth/sign-in-actions";

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, formAction, pending] = useActionState<SignInState, FormData>(requestSignInLink, {});
  return (
    <form action={formAction} className="space-y-4" noValidate>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <div>
        <label htmlFor="email" className={ui.label}>
          E-mail address
        </label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={state.email}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? "email-error" : undefined}
          className={ui.input}
          placeholder="you@example.com"
        />
        {state.error ? (
          <p id="email-error" role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
            {state.error}
          </p>
        ) : null}
      </div>
      <button type="submit" className={`${ui.button} w-full`} disabled={pending}>
        {pending ? "Sending…" : "E-mail me a sign-in link"}
      </button>
    </form>
  );
}
