# Each line marked `expect-error` must be refused by pyright (strict) through the installed package:
# the client's types, seen through its py.typed, are what make it wrong.
from devintel_client import Client


def misuse(client: Client) -> None:
    client.intel_risk({"chain": "eth"})  # expect-error: address is required
    client.intel_risk({"chain": "eth", "address": "0x1", "tokn": "x"})  # expect-error: no such field
    flags: int = client.intel_risk({"chain": "eth", "address": "0x1"})["data"]["flags"]  # expect-error: a list, not an int
    client.me()["data"]["no_such_field"]  # expect-error: not in the answer
    client.intel_risk({"chain": "eth", "address": "0x1"}, timeout="soon")  # expect-error: seconds, a number
    print(flags)
