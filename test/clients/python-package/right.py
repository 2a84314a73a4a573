# Uses the installed client as its README shows; pyright (strict) must accept every line, which it
# can only do when it reads the package's own annotations (py.typed).
from devintel_client import ApiError, Chain, Client, ErrorCode, response_of
from devintel_client.types import IntelRiskResponse


def headline(client: Client) -> str:
    risk: IntelRiskResponse = client.intel_risk({"chain": "eth", "address": "0x0000000000000000000000000000000000000001"})
    flags: list[str] = list(risk["data"]["flags"])
    try:
        client.wallet_pnl({"chain": "base", "wallet": "0x0000000000000000000000000000000000000001", "token": "0x0000000000000000000000000000000000000002"})
    except ApiError as error:
        return f"{error.code} {error.status} {error.request_id}"
    return f"{', '.join(flags)} at block {risk['meta']['chain_data_source']['block_number']}"


def paced(client: Client, chain: Chain) -> str:
    # The chains and error codes are literal unions; an answer's and an error's headers are readable.
    risk = client.intel_risk({"chain": chain, "address": "0x0000000000000000000000000000000000000001"})
    info = response_of(risk)
    remaining: int | None = info.rate_limit.remaining if info is not None and info.rate_limit is not None else None
    try:
        client.me()
    except ApiError as error:
        code: ErrorCode = error.code
        retry_in: int | None = error.response.rate_limit.reset_seconds if error.response.rate_limit is not None else None
        return f"{code} {error.response.request_id} {retry_in}"
    return f"{remaining} left, request {info.request_id if info is not None else ''}"
