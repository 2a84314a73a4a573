"""Typed client for the Developer Intelligence API (standard library only)."""
from ._transport import ApiError, RateLimitInfo, ResponseInfo, RetryPolicy, response_of, retry_after_seconds
from .client import API_VERSION, CLIENT_VERSION, DOCUMENT_DIGEST, Client
from .types import Chain, ErrorCode

__all__ = ["API_VERSION", "CLIENT_VERSION", "DOCUMENT_DIGEST", "ApiError", "Chain", "Client", "ErrorCode", "RateLimitInfo", "ResponseInfo", "RetryPolicy", "response_of", "retry_after_seconds"]
