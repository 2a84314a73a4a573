# Each line marked `expect-error` must be refused by pyright (strict) through the installed package:
# the client's types, seen through its py.typed, are what make it wrong.
from devintel_client import ApiError, Client, ErrorCode


def misuse(client: Client) -> None:
    client.intel_risk({"chain": "eth"})  # expect-error: address is required
    client.intel_risk({"chain": "eth", "address": "0x1", "tokn": "x"})  # expect-error: no such field
    flags: int = client.intel_risk({"chain": "eth", "address": "0x1"})["data"]["flags"]  # expect-error: a list, not an int
    client.me()["data"]["no_such_field"]  # expect-error: not in the answer
    client.intel_risk({"chain": "eth", "address": "0x1"}, timeout="soon")  # expect-error: seconds, a number
    client.intel_risk({"chain": "solana", "address": "0x1"})  # expect-error: not a chain the API serves
    code: ErrorCode = "no_such_code"  # expect-error: not an error code of the API
    print(code, flags)


def misread(error: ApiError) -> None:
    remaining: int = error.response.rate_limit.remaining  # expect-error: rate_limit may be None, remaining too
    print(remaining)
