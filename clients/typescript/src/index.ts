// The package's entry: the generated client and its types, and the hand-written errors and options.
export * from "./client.js";
export type { paths, components } from "./schema.js";
export { ApiError, type ErrorCode, type FailureEnvelope } from "./errors.js";
export { apiResponse, type RateLimitInfo, type ResponseInfo, type WithResponse } from "./response.js";
export { retryAfterSeconds, type CallOptions, type ClientOptions, type RetryPolicy } from "./transport.js";
