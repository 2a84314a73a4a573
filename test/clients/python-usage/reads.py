# Reads fields from answers of the generated Python client; pyright must accept every line (the
# generated TypedDicts name these fields with these types).
from collections.abc import Sequence

from devintel_client import Client
from devintel_client.types import IntelRiskResponse, MeResponse, WalletPnlResponse


def summarise(client: Client) -> list[str]:
    me: MeResponse = client.me()
    scopes: Sequence[str] = me["data"]["scopes"]
    risk: IntelRiskResponse = client.intel_risk({"chain": "eth", "address": "0x0000000000000000000000000000000000000001"})
    flags: Sequence[str] = risk["data"]["flags"]
    block: int = risk["meta"]["chain_data_source"]["block_number"]
    pnl: WalletPnlResponse = client.wallet_pnl({"chain": "eth", "wallet": "0x0000000000000000000000000000000000000001", "token": "0x0000000000000000000000000000000000000002"})
    buys: int = pnl["data"]["counts"]["buy"]
    cards = client.discover({"limit": 5})["data"]["cards"]
    return [", ".join(scopes), ", ".join(flags), str(block), str(buys), str(len(cards))]
