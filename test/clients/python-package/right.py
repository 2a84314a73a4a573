# Uses the installed client as its README shows; pyright (strict) must accept every line, which it
# can only do when it reads the package's own annotations (py.typed).
from devintel_client import ApiError, Client
from devintel_client.types import IntelRiskResponse


def headline(client: Client) -> str:
    risk: IntelRiskResponse = client.intel_risk({"chain": "eth", "address": "0x0000000000000000000000000000000000000001"})
    flags: list[str] = list(risk["data"]["flags"])
    try:
        client.wallet_pnl({"chain": "base", "wallet": "0x0000000000000000000000000000000000000001", "token": "0x0000000000000000000000000000000000000002"})
    except ApiError as error:
        return f"{error.code} {error.status} {error.request_id}"
    return f"{', '.join(flags)} at block {risk['meta']['chain_data_source']['block_number']}"
