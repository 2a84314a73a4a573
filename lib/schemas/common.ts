// Request fields shared by the endpoints. Each field's failure maps to the spec's
// error code for it (see fieldErrorCodes); the messages are what callers read.
import { z } from "zod";
import type { ErrorCode } from "@/lib/errors/error-codes";
import { chainSchema } from "@/lib/chain/networks";

const addressPattern = /^0x[0-9a-fA-F]{40}$/;

export const chainField = chainSchema.describe("Network: eth, base or bsc (case-insensitive). Names such as `ethereum` and numeric chain ids are rejected.");

function addressField(name: string, what: string) {
  return z
    .string({ error: `${name} is required: 0x followed by 40 hexadecimal characters.` })
    .regex(addressPattern, { error: `${name} must be 0x followed by 40 hexadecimal characters (ENS names and symbols are not resolved).` })
    .transform((value) => value.toLowerCase() as `0x${string}`)
    .describe(what);
}

export const addressFieldOf = addressField;
export const tokenAddressField = addressField("address", "Token contract address.");
export const contractAddressField = addressField("address", "Contract address.");
export const walletAddressField = addressField("address", "Wallet address.");
export const walletField = addressField("wallet", "Wallet address.");
export const tokenField = addressField("token", "Token contract address.");

/** Which error code a failing body field answers with. */
export const fieldErrorCodes: Record<string, ErrorCode> = {
  chain: "invalid_chain",
  address: "invalid_address",
  wallet: "invalid_wallet",
  token: "invalid_token",
};
