"""Drives the Python client for the tests: reads {base_url, api_key, retry, sleep, calls: [{method,
input, idempotency_key}]} as one JSON line on stdin, makes each call with the client, and prints one
JSON line per call (its answer, or its ApiError's fields) with the retries it waited (each with the
Retry-After the failure named, None when it named none). A line
"retrying" is printed (and flushed) the moment a retry starts waiting, so the test can change the
world meanwhile. With sleep "until_woken" the client is given a sleep of its own that records the
seconds it was asked to wait (as "sleeps" in the call's line) and returns when the test writes a
line on stdin (or closes it), instead of the client's own time.sleep."""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "clients" / "python"))

from devintel_client import ApiError, Client, ResponseInfo, RetryPolicy, response_of  # noqa: E402

order = json.loads(sys.stdin.readline())
retries: list[dict] = []
sleeps: list[float] = []


def on_retry(attempt: int, wait_seconds: float, error: ApiError) -> None:
    retries.append({"attempt": attempt, "wait_seconds": wait_seconds, "retry_after_seconds": error.retry_after_seconds, "code": error.code, "status": error.status})
    print("retrying", flush=True)


def sleep_until_woken(seconds: float) -> None:
    sleeps.append(seconds)
    sys.stdin.readline()


def headers_of(info: ResponseInfo | None) -> dict | None:
    if info is None:
        return None
    rate_limit = info.rate_limit
    return {"status": info.status, "request_id": info.request_id, "idempotent_replayed": info.idempotent_replayed, "rate_limit": None if rate_limit is None else {"policy": rate_limit.policy, "limit": rate_limit.limit, "remaining": rate_limit.remaining, "reset_seconds": rate_limit.reset_seconds}}


held = order.get("sleep") == "until_woken"
client = Client(order["base_url"], api_key=order.get("api_key"), retry=RetryPolicy(**order.get("retry", {})), on_retry=on_retry, sleep=sleep_until_woken if held else None)
for call in order["calls"]:
    retries.clear()
    sleeps.clear()
    method = getattr(client, call["method"])
    arguments = [call["input"]] if "input" in call else []
    keywords = {name: call[name] for name in ("idempotency_key", "timeout") if name in call}
    try:
        answer = method(*arguments, **keywords)
        result = {"answer": answer, "response": headers_of(response_of(answer))}
    except ApiError as error:
        result = {"error": {"code": error.code, "status": error.status, "message": error.message, "request_id": error.request_id, "details": error.details, "retry_after_seconds": error.retry_after_seconds, "response": headers_of(error.response)}}
    except Exception as error:  # what is not the API's answer (a timeout, a refused connection) is the platform's own error
        reason = getattr(error, "reason", None)
        result = {"exception": type(error).__name__, "reason": type(reason).__name__ if reason is not None else None}
    print(json.dumps({**result, "retries": list(retries), **({"sleeps": list(sleeps)} if held else {})}), flush=True)
