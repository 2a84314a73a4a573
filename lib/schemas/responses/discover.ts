// GET /v1/api/discover: the published intelligence cards, newest first.
import { z } from "zod";
import { addressOut, defineResponse, isoTimeOut } from "./common";
import { chainIdOut } from "./onchain-parts";

const cardOut = z
  .object({
    id: z.string().describe("The card's id (card_…)."),
    chain: chainIdOut.describe("The network the card is about: eth, base or bsc."),
    token: z
      .object({
        address: addressOut.describe("The token's 0x address, EIP-55 checksummed."),
        name: z.string().nullable().describe("The token's name as published; null when the publisher gave none."),
        symbol: z.string().nullable().describe("The token's symbol as published; null when the publisher gave none."),
      })
      .describe("The token the card is about."),
    hook: z.string().describe("The card's headline, at most 140 characters."),
    bullets: z.array(z.string().describe("One point, at most 200 characters.")).describe("The card's points, 1 to 6."),
    published_at: isoTimeOut.describe("When the card was published (ISO 8601, UTC)."),
  })
  .describe("One anonymised public intelligence card: a token, a hook and bullet points. Nothing names who published it.");

export const discoverResponse = defineResponse({
  data: z
    .object({
      cards: z.array(cardOut).describe("Published cards, newest first, at most `limit`; only what users chose to publish, so the feed is a sample."),
      total: z.number().int().nonnegative().describe("How many published cards match (on the chain asked for, if any), beyond this page too."),
    })
    .describe("Published intelligence cards."),
});
