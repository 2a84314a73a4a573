// The discover cards a fresh demo install publishes, one per scenario a newcomer can try discover
// on: each card's words are that scenario's facts on the demo chain, and each says it is demo data.
import type { AddressBook } from "./address-book";

export type DemoCard = { chain: string; token: string; hook: string; bullets: string[] };

const demoDataBullet = "Demo data: this token lives on the local demo chain";

export function demoDiscoverCards(book: AddressBook): DemoCard[] {
  const { healthy, lockedLiquidity, timelockOwned } = book.scenarios;
  const uni = book.realTokens.scenarios.uniswapUni;
  const delayDays = timelockOwned.facts.minDelaySeconds / 86_400;
  return [
    {
      chain: book.chain,
      token: healthy.token.address,
      hook: "A clean launch to try discover on: ownership renounced, liquidity burned",
      bullets: ["owner() is the zero address: no one holds the owner's powers", "The pool's LP tokens were sent to the burn address", demoDataBullet],
    },
    {
      chain: book.chain,
      token: lockedLiquidity.token.address,
      hook: `Liquidity locked until ${lockedLiquidity.facts.unlockDate.slice(0, 10)} in a token locker`,
      bullets: [`${(lockedLiquidity.facts.lockedShareBps / 100).toFixed(2)} % of the pool's LP tokens sit in the locker, withdrawable by no one before the unlock date`, demoDataBullet],
    },
    {
      chain: book.chain,
      token: timelockOwned.token.address,
      hook: `Every owner action waits ${delayDays} days in a public timelock`,
      bullets: [`The token's owner is a timelock with a ${delayDays}-day minimum delay: a scheduled change can be seen before it runs`, demoDataBullet],
    },
    {
      chain: book.chain,
      token: uni.token.address,
      hook: "Uniswap's UNI, built from the code Uniswap publishes",
      bullets: [`Compiled from ${uni.source.package} ${uni.source.version}; no owner(), one minter`, "The minter may mint at most 2 % of the supply a year, and can hand the power on", demoDataBullet],
    },
  ];
}
