// POST /v1/api/contract/analysis — contract and control evidence (lib/intel/endpoints/contract/analysis/).
// An address without code answers with `contract` only: every other evidence field is null and
// named in `unavailable`.
import { z } from "zod";
import { addressOut, amountOut, blockOut, bytes32Out, chainDataSourceOut, defineResponse, integerStringOut, provenanceWith, txHashOut, unavailableOf } from "./common";
import { holderOut, holderVariants } from "./onchain-parts";

const contract = z
  .object({
    address: addressOut.describe("The address analysed, EIP-55 checksummed."),
    exists: z.boolean().describe("True when the address has code, a balance or a nonce above zero at the block: something is there. False for an address nothing has ever touched."),
    is_contract: z.boolean().describe("True when the address holds contract code at the block."),
    bytecode_size: z.number().int().nonnegative().describe("Size of the runtime code in bytes; 0 for an address without code."),
    erc20: z
      .object({
        name: z.string().nullable().describe("name(); null when the contract did not answer it."),
        symbol: z.string().nullable().describe("symbol(); null when the contract did not answer it."),
        decimals: z.number().int().nullable().describe("decimals(); null when the contract did not answer it."),
        total_supply: amountOut.nullable().describe("totalSupply(), in the token's decimals (formatted null when decimals() did not answer); null when the contract did not answer it."),
      })
      .nullable()
      .describe("The ERC-20 identity, when the contract answers symbol() or totalSupply(); null for a contract that is not a token and for an address without code."),
  })
  .describe("What is at the address.");

const ownership = z
  .object({
    ownable: z.boolean().describe("True when the contract answers owner()."),
    owner: addressOut.nullable().describe("owner() at the block (the zero address when renounced that way); null when the contract has no owner() function."),
    renounced: z.boolean().nullable().describe("True when the owner is the zero address or a burn address; null when there is no owner() to read."),
    owner_is_contract: z.boolean().nullable().describe("Whether the owner holds code; false when renounced; null when there is no owner()."),
    owner_kind: z
      .enum(["eoa", "safe", "timelock", "contract", "renounced"])
      .nullable()
      .describe("What holds ownership: eoa (a key holder), safe (a Safe multisig), timelock (a timelock controller), contract (another contract), renounced (the zero or a burn address); null when there is no owner()."),
  })
  .nullable()
  .describe("Ownable ownership as read from owner(); null when the address holds no code (see unavailable.ownership).");

const proxy = z
  .object({
    standard: z
      .enum(["eip1967_transparent", "eip1967_uups", "eip1967", "beacon", "eip1167_minimal", "none", "zeppelinos", "eip897", "eip2535_diamond"])
      .describe("The proxy standard the code, the slots and the contract's own answers amount to (an " +
        "interpretation): eip1967_transparent (the admin slot is set), eip1967_uups (the implementation " +
        "answers proxiableUUID() with the implementation slot), eip1967 (implementation slot set, neither " +
        "of those), beacon (the beacon slot is set), eip1167_minimal (a minimal clone; its logic is " +
        "fixed), zeppelinos (the older unstructured-storage slots of ZeppelinOS's " +
        "AdminUpgradeabilityProxy, as USDC's proxy), eip897 (implementation() answered with proxyType() 1 " +
        "or 2), eip2535_diamond (a diamond: facetAddresses() lists its facets), none (not a proxy)."),
    implementation: addressOut.nullable().describe("The logic contract: the EIP-1967 (or older ZeppelinOS) " +
      "implementation slot, the clone target of an EIP-1167 proxy, the beacon's implementation(), or " +
      "EIP-897's implementation(); null when not a proxy, for a diamond (see facets), or when the beacon " +
      "did not answer."),
    facets: z.array(addressOut).optional().describe("eip2535_diamond only: the facets its loupe lists, each a logic contract the diamond delegates to."),
    beacon: addressOut.nullable().describe("The EIP-1967 beacon slot; null when empty."),
    admin: holderOut.nullable().describe("The account in the EIP-1967 admin slot (or the older ZeppelinOS admin slot) — who can upgrade the proxy — with its kind; null when the slot is empty."),
    admin_owner: holderOut.nullable().describe("owner() of the proxy admin when the admin is a contract (a ProxyAdmin), with its kind; null otherwise or when it has no owner()."),
  })
  .nullable()
  .describe("Whether the contract is a proxy, and who can upgrade it; null when the address holds no code.");

const deployer = z
  .object({
    address: addressOut.describe("The account that created the contract."),
    transaction: txHashOut.describe("The creation transaction."),
    block: blockOut.describe("The block the contract was created in."),
  })
  .nullable()
  .describe("Who created the contract, read from the node (Ethereum, BNB Chain); null on Base (an outside explorer is needed and none is configured), when the node does not say, or when the address holds no code — see unavailable.deployer.");

const accountRole = {
  role: z
    .enum(["owner", "proxy_admin", "proxy_admin_owner", "access_control", "stored_address", "code_constant"])
    .describe("How the account controls the contract: owner (owner() or getOwner()), proxy_admin (the " +
      "EIP-1967 admin slot), proxy_admin_owner (owner() of the proxy admin contract), access_control " +
      "(holds an AccessControl role; see role_id), stored_address (kept in a storage slot the contract's " +
      "code compares msg.sender with: a minter, a policy address, a slot with no getter; see slot and " +
      "functions), code_constant (written into the contract's code itself, a constant or an immutable set " +
      "at deployment such as a bridged token's BRIDGE, and compared with msg.sender; no call can change " +
      "it; see functions)."),
  role_id: bytes32Out.optional().describe("The AccessControl role id (bytes32; 0x00…00 is DEFAULT_ADMIN_ROLE); present only when role is access_control."),
  slot: integerStringOut.optional().describe("stored_address only: the storage slot that keeps the address, as a decimal string."),
  functions: z
    .array(z.string().regex(/^0x[0-9a-f]{8}$/).nullable())
    .optional()
    .describe("stored_address and code_constant only: the selectors of the functions whose paths check msg.sender against it (null: the fallback); intel/risk runs each as this holder."),
};

const [eoa, safe, timelock, otherContract] = holderVariants;
const controllerAccount = z
  .discriminatedUnion("kind", [eoa.extend(accountRole), safe.extend(accountRole), timelock.extend(accountRole), otherContract.extend(accountRole)])
  .describe("An account with control over the contract, how it is linked, and what kind of account it is (discriminated by kind).");

const accounts = z.array(controllerAccount).describe("Every account found with control: the owner (unless " +
  "renounced), the proxy admin and its owner, every other address the contract's own code keeps in storage " +
  "or has written into it (a constant, an immutable) and compares msg.sender with, and on Ethereum every " +
  "current AccessControl role holder. Empty when none was found.");

const controllers = z
  .union([
    z.object({
      accounts,
      role_scan: z
        .object({
          from_block: blockOut.describe("The first block covered: the later of the look-back start and the deployment block."),
          to_block: blockOut.describe("The last block covered: the read block."),
          truncated: z.boolean().describe("True when the contract is older than the look-back window (200,000 blocks), so grants before from_block are not seen."),
        })
        .describe("The RoleGranted/RoleRevoked replay behind the access_control accounts (Ethereum only)."),
    }),
    z.object({
      accounts,
      graph: z.literal("narrow: owner and proxy administrator only").describe("On Base and BNB Chain: no AccessControl role graph is read, only the owner and the proxy administrator."),
    }),
  ])
  .nullable()
  .describe("Accounts with control over the contract: on Ethereum with the AccessControl role scan (role_scan), elsewhere the narrower owner-and-admin read (graph). Null when the address holds no code.");

export const contractAnalysisResponse = defineResponse({
  data: z
    .object({
      contract,
      ownership,
      proxy,
      deployer,
      controllers,
      source_verification: z.null().describe("Whether the source is published and verified. Always null in this version: no source-verification service is configured (see unavailable.source_verification)."),
      limitations: z.array(z.string()).describe("What this read cannot see on this network, in plain words: none on Ethereum; on Base the narrower controller read, the deployer's outside source and undecoded lock schedules; on BNB Chain the narrower controller read and undecoded lock schedules."),
      unavailable: unavailableOf({
        ownership: "no code, or no owner() function",
        proxy: "no code",
        deployer: "no code, Base without an explorer source, or a node that does not say",
        controllers: "no code",
        source_verification: "always in this version",
      }),
    })
    .describe("Contract and control evidence, read at one block."),
  meta: z.object({
    provenance: provenanceWith(["contract", "ownership", "proxy", "deployer", "controllers", "source_verification"], {
      limitations: "when the address holds contract code",
    }),
    chain_data_source: chainDataSourceOut,
  }),
});
