import type { FormEvent } from "react";

/**
 * Submits a form to a handler without React's automatic form reset, so a refused
 * submission keeps what the person typed; forms reset themselves on success.
 */
export function formSubmit(handler: (form: FormData) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    handler(new FormData(event.currentTarget));
  };
}
