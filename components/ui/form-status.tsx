import { ui } from "./styles";

export function FormStatus({ error, done }: { error: string | null; done: string | null }) {
  if (error)
    return (
      <p role="alert" className={ui.error}>
        {error}
      </p>
    );
  if (done)
    return (
      <p role="status" className={ui.success}>
        {done}
      </p>
    );
  return null;
}
