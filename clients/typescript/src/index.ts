// The package's entry: the generated client and its types, and the hand-written errors and options.
export * from "./client.js";
export type { paths, components } from "./schema.js";
export { ApiError, type FailureEnvelope } from "./errors.js";
export { retryAfterSeconds, type CallOptions, type ClientOptions, type RetryPolicy } from "./transport.js";
