// Runs a portal server action from a client component and keeps its pending
// state, its error (and per-field errors) and a success note.
import { useState, useTransition } from "react";
import type { ActionResult } from "@/lib/portal/action-result";

export function useAction<I, O>(action: (input: I) => Promise<ActionResult<O>>) {
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function run(input: I, successNote: string, then?: (data: O) => void) {
    startTransition(async () => {
      const result = await action(input);
      if (!result.ok) {
        setDone(null);
        setError(result.error);
        setFieldErrors(result.fieldErrors ?? {});
        return;
      }
      setError(null);
      setFieldErrors({});
      setDone(successNote);
      then?.(result.data);
    });
  }
  return { run, pending, error, fieldErrors, done };
}
