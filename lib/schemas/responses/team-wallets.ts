// POST /v1/api/intel/team-wallets: the wallets linked to a token's team by on-chain relations,
// each relation with its proof, and what each wallet has done lately.
import { z } from "zod";
import { quoteAssetOut } from "./wallet-parts";
import { addressOut, amountOut, blockOut, bpsOut, chainReadMetaOf, defineResponse, isoTimeOut, limitationsOut, tokenOut, txHashOut, unavailableOf, scanEndOut } from "./common";

/** The relations the specification names (deployment, ownership, control): a wallet holding one of them is the team's. */
const teamMakingRelations = ["deployer", "owner", "proxy_admin", "proxy_admin_owner", "role_holder"] as const;
/**
 * Every way a wallet is linked to a token, as the contract names them; intel/team links by these and
 * no others. The last two are context (onchain-parts' contextRelations): shown with their proof,
 * never the team on their own.
 */
export const teamWalletRelations = [...teamMakingRelations, "launch_mint_recipient", "received_from_team"] as const;
export type TeamWalletRelation = (typeof teamWalletRelations)[number];

/** How a wallet is linked to the team; also named by intel/why-down wherever a team wallet appears. */
export const relationOut = z
  .enum(teamWalletRelations)
  .describe(
    "How the wallet is linked to the token. Team relations (deployment, ownership, control): deployer: created the token contract (from the node's creator record; not read on Base). " +
      "owner: the token's owner(). proxy_admin: the EIP-1967 admin of the token's proxy. proxy_admin_owner: owner() of that proxy admin. " +
      "role_holder: holds an AccessControl role on the token, confirmed with hasRole (Ethereum only). " +
      "Context relations, which alone never make a wallet the team's (it is then listed under context): " +
      "launch_mint_recipient: received tokens minted within 1,000 blocks of the first mint seen. " +
      "received_from_team: received the token directly from a wallet holding one of the team relations (one step only).",
  );

const relationProofOut = z
  .object({
    relation: relationOut,
    transaction: txHashOut.optional().describe("The transaction that proves the link: the deployment, the launch mint or the transfer from the team. Absent for links read from state (owner, proxy admin, role)."),
    block: blockOut.optional().describe("Block of that transaction; present for launch_mint_recipient and received_from_team."),
    read: z.string().optional().describe("The state read that proves the link, e.g. \"owner() at block 123\"; present for owner, proxy_admin, proxy_admin_owner and role_holder."),
    from: addressOut.optional().describe("received_from_team only: the linked wallet the tokens came from."),
    amount: amountOut.optional().describe("launch_mint_recipient and received_from_team: tokens received."),
    role: z.string().regex(/^0x[0-9a-f]{64}$/).optional().describe("role_holder only: the AccessControl role id (bytes32, 0x and 64 hex digits)."),
  })
  .describe("One relation linking the wallet to the team, with its proof.");

const recentSellOut = z
  .object({
    transaction: txHashOut.describe("The sell's transaction."),
    block: blockOut.describe("The sell's block."),
    time: isoTimeOut.describe("The sell's block time (ISO 8601, UTC)."),
    amount: amountOut.describe("Tokens the wallet sold into the pool."),
    pool: addressOut.describe("The pool the tokens were sold into."),
    quote: quoteAssetOut,
    received: amountOut.describe("What the pool paid out for them, in its quote asset (quote)."),
  })
  .describe("One sell of the token into a pool.");

const teamWalletOut = z
  .object({
    address: addressOut.describe("The linked wallet."),
    relations: z.array(relationProofOut).min(1).describe("Every relation that links this wallet, strongest first; at least one."),
    is_contract: z.boolean().describe("True when the address holds code at the block read (a contract, multisig or proxy admin), false for an ordinary account."),
    balance: amountOut.nullable().describe("The wallet's balance of the token at the block read; null when balanceOf could not be read."),
    share_of_supply_bps: bpsOut.nullable().describe("That balance as a share of the total supply, in basis points; null when the balance or the total supply could not be read, or the supply is zero."),
    recent: z
      .object({
        sells: z.array(recentSellOut).describe("The wallet's sells of the token into pools in the window, newest first; at most 10."),
        sells_total: z.number().int().nonnegative().describe("How many sells there were in the window (sells lists at most 10)."),
        sold: amountOut.describe("Tokens sold in all those sells together."),
        transfers_to_pools: z.number().int().nonnegative().describe("How many times the wallet sent the token to a pool in the window (sells and adds of liquidity alike)."),
        last_activity: z
          .object({
            transaction: txHashOut.describe("The wallet's last transfer of the token, in or out."),
            block: blockOut.describe("Its block."),
            time: isoTimeOut.nullable().describe("Its block time; null when the block's header could not be read."),
          })
          .nullable()
          .describe("The wallet's last transfer of the token in the window; null when it has none there."),
      })
      .describe("What the wallet did with the token in the window."),
  })
  .describe("One wallet linked to the token by on-chain relations, with what it did.");


export const teamWalletsResponse = defineResponse({
  data: z
    .object({
      token: tokenOut
        .extend({ total_supply: amountOut.nullable().describe("totalSupply(), in the token's decimals; null when the contract did not answer it.") })
        .describe("The token read."),
      wallets: z
        .array(teamWalletOut)
        .describe(
          "The team's wallets: each holds at least one team relation (deployer, owner, proxy_admin, " +
            "proxy_admin_owner, role_holder), context relations beside it. Empty when nothing on chain " +
            "links a wallet to the team by deployment, ownership or control (an honest empty answer, never " +
            "charged) — which is not proof there is no team.",
        ),
      context: z
        .array(teamWalletOut)
        .describe(
          "Wallets linked to the token only by a context relation (launch_mint_recipient, received_from_team), with its proof and what they did: how they came by the token, which anyone can (a market maker, an exchange, a paid contractor). Never counted as the team, here or in any other answer.",
        ),
      summary: z.string().describe("The answer in one or two plain sentences: how many wallets are the team's and what share of supply they hold, and how many more are context."),
      window: z
        .object({
          from_block: blockOut.describe("First block of the token's Transfer logs read."),
          to_block: blockOut.describe("Last block read (the block the answer is pinned to)."),
          truncated: z.boolean().describe("True when the token's history is longer than the window (the last 28 days of blocks at the network's block interval), so earlier transfers were not read."),
          end: scanEndOut,
        })
        .describe("The blocks whose Transfer logs were read."),
      limitations: limitationsOut,
      unavailable: unavailableOf({
        deployer: "Why the deployer is not known: on Base, deployer evidence needs an outside explorer source; elsewhere the node did not say who created the contract.",
        launch: "Why launch recipients were not read: the token's first mint is not in the window, or the token is bridged (its mints are the bridge's deliveries).",
      }),
    })
    .describe("Wallets linked to the token's team by on-chain relations only, each with its proof and recent behaviour."),
  meta: chainReadMetaOf(["wallets", "wallets.relations", "wallets.deployer", "wallets.recent", "context", "window", "limitations"]),
  sources: z
    .object({
      transactions: z.array(txHashOut).describe("Every transaction cited as proof of a relation, once each."),
      reads: z.array(z.string().describe("One state read or log scan, with its block or block range.")).describe("The state reads and log scans the answer rests on."),
    })
    .describe("What the answer cites: the transactions behind the relations and the reads made."),
});
