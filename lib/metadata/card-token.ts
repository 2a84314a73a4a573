// A discover card names a token on a chain. Publishing one checks the token is there (a contract
// that answers totalSupply()) and takes its name and symbol from the chain, so a card can neither
// point at nothing nor name a token after another.
import { getAddress, type Address } from "viem";
import { ApiError } from "@/lib/errors/api-error";
import { getChainClient } from "@/lib/chain/clients";
import { erc20Identity } from "@/lib/chain/erc20";
import { isChainUnavailable } from "@/lib/chain/errors";
import { getNetwork, type ChainEnv, type ChainId } from "@/lib/chain/networks";
import { readChain } from "@/lib/chain/upstream";

export type CardToken = { name: string | null; symbol: string | null };
export type CardTokenReader = (chain: ChainId, token: Address) => Promise<CardToken>;

/** The token as its chain knows it; 400 invalid_token when there is none, 503 when the chain cannot say. */
export async function readCardToken(chain: ChainId, token: Address, env: ChainEnv = process.env): Promise<CardToken> {
  const network = getNetwork(chain).displayName;
  try {
    const client = getChainClient(chain, { env });
    const address = getAddress(token);
    // One round: the code and the token's identity side by side (the code only names the refusal).
    const [code, identity] = await Promise.all([readChain(chain, () => client.getCode({ address })), erc20Identity(client, address)]);
    if (!code || code === "0x") throw new ApiError("invalid_token", `No token at ${address} on ${network}: the address holds no contract.`);
    if (identity.totalSupply.value === null) throw new ApiError("invalid_token", `The contract at ${address} on ${network} is not an ERC-20 token: it does not answer totalSupply().`);
    return { name: identity.name.value, symbol: identity.symbol.value };
  } catch (error) {
    if (isChainUnavailable(error)) {
      throw new ApiError("unavailable", `The token could not be checked on ${network}: ${error.message}. Nothing was published; try again.`, { cause: error });
    }
    throw error;
  }
}
