// What an endpoint's implementation receives and returns. The domain modules implement this; the
// HTTP layer (lib/api) calls them. It lives here, below both, so no domain module imports the
// HTTP layer.
import type { Db } from "@/lib/db/client";
import type { KeyContext } from "@/lib/keys/key-context";
import type { Settings } from "@/lib/settings";

export type EndpointContext<Input = Record<string, unknown>> = {
  /** The request's input as its schema outputs it: typed, defaults applied. */
  input: Input;
  /** The endpoint's id in the registry (e.g. "intel/risk"). */
  endpoint: string;
  chain: string | undefined;
  key: KeyContext;
  requestId: string;
  now: Date;
  settings: Settings;
  db: Db;
  /** Aborted when the request's deadline passes or its client leaves; chain reads stop with it. */
  signal: AbortSignal;
};

/** An endpoint's answer before the pipeline shapes it: `Data` is what its response schema accepts as `data`. */
export type EndpointResult<Data = unknown> = {
  data: Data;
  sources?: unknown;
  meta?: Record<string, unknown>;
  /** An honest empty answer (for example no approvals): a success that is never charged. */
  honestEmpty?: boolean;
};

export type EndpointImplementation<Input = Record<string, unknown>, Data = unknown> = (context: EndpointContext<Input>) => Promise<EndpointResult<Data>>;

/**
 * Any endpoint's implementation as the pipeline holds it: whatever its data, and an input only the
 * registry's schema, looked up at run time, can produce (the pipeline hands it over in one place).
 */
export type AnyEndpointImplementation = EndpointImplementation<never>;
