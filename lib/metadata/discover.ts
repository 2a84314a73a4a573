// GET /v1/api/discover — published cards only, newest first.
import { getAddress } from "viem";
import type { EndpointImplementationOf } from "@/lib/api-contract/endpoints";
import type { ChainId } from "@/lib/chain/networks";

export const discover: EndpointImplementationOf<"discover"> = async ({ input, db }) => {
  const limit = input.limit;
  const where = { status: "published" as const, ...(input.chain ? { chain: input.chain } : {}) };
  const [cards, total] = await Promise.all([
    db.discoverCard.findMany({ where, orderBy: [{ publishedAt: "desc" }, { id: "asc" }], take: limit }),
    db.discoverCard.count({ where }),
  ]);
  return {
    data: {
      cards: cards.map((card) => ({
        id: card.id,
        // Stored as text; a card is published only from an answer on a served chain.
        chain: card.chain as ChainId,
        // Checksummed, as every other answer gives addresses (cards are stored lower-case).
        token: { address: getAddress(card.token), name: card.tokenName, symbol: card.tokenSymbol },
        hook: card.hook,
        bullets: card.bullets,
        published_at: card.publishedAt.toISOString(),
      })),
      total,
    },
  };
};
