"""How every call travels: the key and base URL from the options, a timeout per attempt, an
Idempotency-Key made once per call and sent again on each of its retries, and retries of 429 and
503 that wait what Retry-After says, bounded in attempts and in the longest wait."""
import email.utils
import json
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, cast

from .types import ErrorCode

RETRYABLE_STATUSES = frozenset({429, 503})


@dataclass(frozen=True)
class RateLimitInfo:
    """The RateLimit headers of one answer (IETF RateLimit draft, and the widely used -Limit/-Remaining/-Reset)."""

    policy: str | None
    limit: int | None
    remaining: int | None
    reset_seconds: int | None


@dataclass(frozen=True)
class ResponseInfo:
    """What an answer's headers say beyond its body: the request id to quote to support, the key's
    RateLimit budget (None where the answer carried none), whether a paid call was replayed
    (Idempotent-Replayed: the stored answer of an earlier call, charged nothing), and every header
    (names lower-cased)."""

    status: int
    request_id: str
    rate_limit: RateLimitInfo | None
    idempotent_replayed: bool
    headers: Mapping[str, str]


def _integer(value: str | None) -> int | None:
    return int(value.strip()) if value is not None and value.strip().isdigit() else None


def _response_info(status: int, headers: Mapping[str, str]) -> ResponseInfo:
    """headers: lower-cased names."""
    policy = headers.get("ratelimit-policy")
    limit, remaining, reset = (_integer(headers.get(name)) for name in ("ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"))
    any_rate_limit = policy is not None or limit is not None or remaining is not None or reset is not None
    return ResponseInfo(
        status=status,
        request_id=headers.get("x-request-id") or "",
        rate_limit=RateLimitInfo(policy, limit, remaining, reset) if any_rate_limit else None,
        idempotent_replayed=headers.get("idempotent-replayed") == "true",
        headers=dict(headers),
    )


class _Answer(dict[str, Any]):
    """A success envelope as the client returns it: the API's JSON, with its ResponseInfo beside it (not a key of it)."""

    response: ResponseInfo


def response_of(answer: Mapping[str, Any]) -> ResponseInfo | None:
    """The headers' side of an answer a Client method returned; None for any other mapping."""
    return answer.response if isinstance(answer, _Answer) else None


class ApiError(Exception):
    """The API answered with its failure envelope (or with something that is not the API's answer:
    code ``unexpected_response``). ``response`` holds the failed answer's headers."""

    def __init__(self, code: ErrorCode, status: int, message: str, request_id: str, details: dict[str, Any] | None = None, retry_after_seconds: float | None = None, response: ResponseInfo | None = None):
        super().__init__(message)
        self.code: ErrorCode = code
        self.status = status
        self.message = message
        self.request_id = request_id
        self.details = details or {}
        self.retry_after_seconds = retry_after_seconds
        self.response = response if response is not None else ResponseInfo(status, request_id, None, False, {})

    def __str__(self) -> str:
        return f"{self.code} ({self.status}, request {self.request_id}): {self.message}"


@dataclass
class RetryPolicy:
    """Attempts in all (the first included); the longest single wait in seconds (a Retry-After beyond
    it is not waited out: the error is raised); the wait when a 429 or 503 names none, doubled on each retry."""

    max_attempts: int = 3
    max_wait_seconds: float = 30
    fallback_wait_seconds: float = 1


def retry_after_seconds(value: str | None, now: float | None = None) -> float | None:
    """Retry-After in seconds, given as seconds or as an HTTP date; None when absent or unreadable."""
    if value is None or not value.strip():
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        at = email.utils.parsedate_to_datetime(value).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0.0, at - (time.time() if now is None else now))


def _failure_of(status: int, headers: Mapping[str, str], text: str) -> ApiError:
    """headers: lower-cased names."""
    retry_after = retry_after_seconds(headers.get("retry-after"))
    header_request_id = headers.get("x-request-id") or ""
    try:
        envelope = json.loads(text)
    except ValueError:
        envelope = None
    info = _response_info(status, headers)
    if not isinstance(envelope, dict) or envelope.get("ok") is not False or not isinstance(envelope.get("error"), str):
        return ApiError("unexpected_response", status, f"HTTP {status} without the API's failure envelope: {text[:200]}", header_request_id, retry_after_seconds=retry_after, response=info)
    details = {name: value for name, value in envelope.items() if name not in ("ok", "error", "message", "request_id")}
    # The envelope's code is one of ErrorCode by the API's contract; a newer server's new code still reaches the caller as it is.
    return ApiError(cast(ErrorCode, envelope["error"]), status, envelope.get("message") or envelope["error"], envelope.get("request_id") or header_request_id, details, retry_after, info)


@dataclass
class Transport:
    """base_url: where the API is served (the /v1/api paths are added); api_key: sent as X-API-Key;
    timeout: each attempt's limit in seconds; on_retry(attempt, wait_seconds, error) is told before each wait;
    sleep(seconds) makes each wait between attempts (default time.sleep; for tests and schedulers that
    keep their own clock): the next attempt starts when it returns."""

    base_url: str
    api_key: str | None = None
    timeout: float = 30
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    on_retry: Callable[[int, float, ApiError], None] | None = None
    sleep: Callable[[float], None] | None = None

    def _call(self, method: str, path: str, *, idempotent: bool, body: Any = None, query: Mapping[str, Any] | None = None, idempotency_key: str | None = None, timeout: float | None = None) -> Any:
        url = self.base_url.rstrip("/") + path
        if query:
            url += "?" + urllib.parse.urlencode({name: value for name, value in query.items() if value is not None})
        headers = {"accept": "application/json"}
        if self.api_key:
            headers["x-api-key"] = self.api_key
        data = None
        if body is not None:
            headers["content-type"] = "application/json"
            data = json.dumps(body).encode()
        # One key for the logical call: a retry of a call the server did finish replays its answer instead of charging again.
        if idempotent:
            headers["idempotency-key"] = idempotency_key or str(uuid.uuid4())
        attempt = 0
        while True:
            attempt += 1
            request = urllib.request.Request(url, data=data, headers=headers, method=method)
            try:
                with urllib.request.urlopen(request, timeout=timeout if timeout is not None else self.timeout) as response:
                    answer = _Answer(json.loads(response.read()))
                    answer.response = _response_info(response.status, {name.lower(): value for name, value in response.headers.items()})
                    return answer
            except urllib.error.HTTPError as failure:
                error = _failure_of(failure.code, {name.lower(): value for name, value in failure.headers.items()}, failure.read().decode("utf-8", "replace"))
            if error.status not in RETRYABLE_STATUSES or attempt >= self.retry.max_attempts:
                raise error
            wait = error.retry_after_seconds if error.retry_after_seconds is not None else self.retry.fallback_wait_seconds * 2 ** (attempt - 1)
            if wait > self.retry.max_wait_seconds:
                raise error
            if self.on_retry:
                self.on_retry(attempt, wait, error)
            (self.sleep or time.sleep)(wait)
