// The chain layer's own failure: a network whose node could not serve a read. It says which
// network and what kind of failure, in words a caller can read (never the node URL, which may
// hold a key); the API's edge turns it into 503 unavailable with the same words.
export type ChainFaultKind =
  /** No node URL is set for the network, or it is not an http(s) URL. */
  | "not_configured"
  /** The connection failed: refused, reset, closed, or the host unknown. */
  | "unreachable"
  | "timed_out"
  | "rate_limited"
  /** The node refused the request as asked (a log range, an oversized answer). */
  | "refused"
  /** The node does not offer what the read needs (a method, Multicall3). */
  | "method_not_offered"
  /** The node lacks the state the read needs (an old block without an archive node). */
  | "state_not_available"
  /** Any other error the node answered with. */
  | "node_error";

export class ChainUnavailableError extends Error {
  constructor(
    readonly kind: ChainFaultKind,
    /** The network's display name (Ethereum, Base, BNB Chain). */
    readonly network: string,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = "ChainUnavailableError";
  }
}
