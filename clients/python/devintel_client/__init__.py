"""Typed client for the Developer Intelligence API (standard library only)."""
from ._transport import ApiError, RetryPolicy, retry_after_seconds
from .client import API_VERSION, CLIENT_VERSION, DOCUMENT_DIGEST, Client

__all__ = ["API_VERSION", "CLIENT_VERSION", "DOCUMENT_DIGEST", "ApiError", "Client", "RetryPolicy", "retry_after_seconds"]
