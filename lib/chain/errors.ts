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

// Known by this mark, not by `instanceof`: an error made on an intelligence thread or by another
// copy of this module (the server loads more than one) is still a chain fault.
const chainFaultMark = Symbol.for("developer-intelligence-api.ChainUnavailableError");

/**
 * How long a caller should wait before trying again (the 503's Retry-After): a node that failed
 * for a moment (down, slow, busy) is worth another try in seconds; a node that lacks what the read
 * needs, or a network with no node set, will not change until its operator acts.
 */
const retryAfterSecondsOf: Record<ChainFaultKind, number> = {
  unreachable: 5,
  timed_out: 5,
  rate_limited: 5,
  node_error: 5,
  refused: 60,
  method_not_offered: 60,
  state_not_available: 60,
  not_configured: 60,
};

export class ChainUnavailableError extends Error {
  readonly [chainFaultMark] = true;
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

  get retryAfterSeconds(): number {
    return retryAfterSecondsOf[this.kind];
  }
}

/** A chain fault made by any copy of this module. */
export function isChainUnavailable(error: unknown): error is ChainUnavailableError {
  return typeof error === "object" && error !== null && (error as { [chainFaultMark]?: unknown })[chainFaultMark] === true;
}
