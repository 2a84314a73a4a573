// The level rule on established tokens, as a developer who knows them would read them: the demo
// chains' wrapped native coin and registry stablecoin, and the real published contracts of Circle's
// FiatToken (USDC's code), UNI, AAVE and ZRX, with the histories the demo gives them. Each level is
// asserted with the red flags (and their severities) it rests on, so a change to a severity shows
// here as a change to what a developer is told. The rule is written in docs/endpoints/intel-risk.md ("The level").
import { describe, expect, it } from "vitest";
import type { Address } from "viem";
import { DEMO_CHAINS } from "@/demo-chain";
import type { ChainId } from "@/lib/chain/networks";
import { analyzeRisk } from "@/lib/intel/endpoints/intel/risk";
import { contextOnlySignals, headlineFieldOf } from "@/lib/intel/endpoints/intel/risk/headline";
import { useDemoChains } from "../support/demo-chains";

const demo = useDemoChains();

type Example = { level: "none" | "low" | "medium" | "high"; flags: Record<string, "low" | "medium" | "high">; why: string };

const examples: Record<"wrappedNative" | "stablecoin" | "circleFiatToken" | "uniswapUni" | "aave" | "zrx", Example> = {
  wrappedNative: { level: "none", flags: {}, why: "WETH: no owner, no power, no pool custody of its own" },
  stablecoin: { level: "none", flags: {}, why: "the registry's USDC: an established quote asset, its issuer's powers are context" },
  circleFiatToken: {
    level: "high",
    flags: { power_mint: "high", power_blacklist: "high", holder_sells: "high", power_pause: "medium", upgradeable: "medium", holder_concentration: "medium", lp_custody: "low" },
    why: "USDC's code on a token the registry does not know: live wallets can mint now and block a holder (one is blocked and cannot sell)",
  },
  uniswapUni: {
    level: "medium",
    flags: { power_mint: "low", holder_concentration: "medium", lp_custody: "low" },
    why: "UNI: the minter's mint works only a year after the last and mints at most 2 % of the supply (two steps down from high); the treasury holds most of the supply but has no team relation",
  },
  aave: {
    level: "medium",
    flags: { upgradeable: "medium", holder_concentration: "medium", lp_custody: "low" },
    why: "AAVE: its proxy's admin can replace the code (a power to add others, not a harm yet); no power over holders in the code that runs",
  },
  zrx: { level: "low", flags: { lp_custody: "low" }, why: "ZRX: no owner, no power; its pool's LP is unlocked but held by a provider with no team relation" },
};

const uncapped = { accepted_bps: 10_000, refused_bps: null, again_at_once: null };
const mintCaps: Partial<Record<keyof typeof examples, unknown[]>> = {
  circleFiatToken: [uncapped],
  uniswapUni: [{ accepted_bps: 200, refused_bps: 500, again_at_once: false }],
};

describe.each(DEMO_CHAINS)("the level rule on established tokens, demo %s", (chain: ChainId) => {
  const addressOf = (key: keyof typeof examples): Address => {
    const book = demo.chains[chain].addressBook;
    if (key === "wrappedNative") return book.canonical.wrappedNative.address;
    if (key === "stablecoin") return book.canonical.stablecoin.address;
    return book.realTokens.scenarios[key].token.address;
  };

  it.each(Object.keys(examples) as (keyof typeof examples)[])("%s reads as a developer would expect", async (key) => {
    const want = examples[key];
    const { data } = await analyzeRisk({ chain, address: addressOf(key), env: { ETH_RPC_URL: demo.chains[chain].rpcUrl, BASE_RPC_URL: demo.chains[chain].rpcUrl, BSC_RPC_URL: demo.chains[chain].rpcUrl } });
    const flagged = Object.fromEntries(data.signals.filter((signal) => signal.flag).map((signal) => [signal.id, signal.severity]));
    expect(flagged, want.why).toEqual(want.flags);
    expect(data.headline.level, want.why).toBe(want.level);
    // Every red flag is met in the headline: its kind's field names it.
    for (const signal of data.signals.filter((entry) => entry.flag)) {
      const field = headlineFieldOf[signal.id as keyof typeof headlineFieldOf];
      expect(field, `${signal.id} has a headline field`).toBeDefined();
      expect(data.headline.from[field], `${signal.id} → ${field}`).toContain(signal.id);
    }
    expect(data.signals.filter((entry) => entry.flag && contextOnlySignals.includes(entry.id)).map((entry) => entry.id)).toEqual([]);
    // How much one call mints, where a mint is proven: UNI's 2 % cap (5 % refused, and a second 2 % at
    // once too); Circle's minter, endowed with the allowance its master minter can give, has none.
    const provenMint = data.signals.find((signal) => signal.id === "power_mint" && (signal.evidence as { proven_by?: string }).proven_by === "simulation");
    const mints = ((provenMint?.evidence as { functions: { mint_cap: unknown }[] } | undefined)?.functions ?? []).map((fn) => fn.mint_cap);
    expect(mints, want.why).toEqual(mintCaps[key] ?? []);
  });

  it("a power that works only with the clock moved on, and within a cap, says both in its title and weighs a step less for each (UNI's mint)", async () => {
    const { data } = await analyzeRisk({ chain, address: addressOf("uniswapUni"), env: { ETH_RPC_URL: demo.chains[chain].rpcUrl, BASE_RPC_URL: demo.chains[chain].rpcUrl, BSC_RPC_URL: demo.chains[chain].rpcUrl } });
    const mint = data.signals.find((signal) => signal.id === "power_mint")!;
    expect(mint).toMatchObject({ severity: "low", flag: true });
    expect(mint.title).toMatch(/can mint new tokens, but not yet: it reverts at this block and works only with the clock moved on \(run a year and a day later\), at most 2 % of the supply in a call \(5 % is refused, and so is a second 2 % at once\)$/);
  });
});
