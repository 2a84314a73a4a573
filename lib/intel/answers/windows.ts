// Look-back windows in time, turned into blocks with the network's block interval at read time
// (lib/chain/block-interval.ts): "the last 28 days" covers 28 days on every network, where a
// block count sized for one network's block time covered under two days on another.
import type { BlockInterval } from "@/lib/chain/block-interval";

const HOUR = 3_600;
const DAY = 24 * HOUR;

/** Every look-back window the intelligence reads, in seconds. */
export const lookbackWindows = {
  /** why-down: the price move and its drivers. */
  whyDown: { seconds: DAY, label: "24 hours" },
  /** wallet/pnl and wallet/exact-movements: the wallet's transfers of the token. */
  movements: { seconds: 28 * DAY, label: "28 days" },
  /** team-wallets: the token's transfers that link and show team wallets. */
  team: { seconds: 28 * DAY, label: "28 days" },
  /** risk: the receivers whose balances make holder concentration. */
  holders: { seconds: 14 * DAY, label: "14 days" },
  /** liquidity and risk: LP and position history for custody. */
  custody: { seconds: 14 * DAY, label: "14 days" },
  /** liquidity with full: the same, further back. */
  custodyFull: { seconds: 140 * DAY, label: "140 days" },
} as const;

export type WindowName = keyof typeof lookbackWindows;

export type Window = { name: WindowName; label: string; seconds: number; blocks: bigint; interval: BlockInterval };

export function windowFor(name: WindowName, interval: BlockInterval): Window {
  const { seconds, label } = lookbackWindows[name];
  return { name, label, seconds, blocks: BigInt(Math.ceil((seconds * 1000) / interval.ms)), interval };
}

/** "the last 28 days (201,600 blocks at 12 s a block, the registry's interval)", for limitations. */
export function describeWindow(window: Window): string {
  const seconds = window.interval.ms / 1000;
  const how = window.interval.source === "measured" ? "measured on the node's last 1,000 blocks" : "the network's nominal interval";
  return `the last ${window.label} (${window.blocks.toLocaleString("en-US")} blocks at ${seconds} s a block, ${how})`;
}

const plural = (count: number, unit: string) => `${count.toLocaleString("en-US")} ${unit}${count === 1 ? "" : "s"}`;

/**
 * A span of time between two block times, in words, cut to the minute: "24 hours", "23 hours 59
 * minutes", "28 days 6 hours 53 minutes" (days from 48 hours on), "36 seconds" under a minute.
 */
export function describeSpan(seconds: number | bigint): string {
  const whole = Math.max(0, Math.floor(Number(seconds)));
  if (whole < 60) return plural(whole, "second");
  const minutes = Math.floor(whole / 60) % 60;
  const hours = Math.floor(whole / 3_600);
  const parts = hours < 48 ? [[hours, "hour"], [minutes, "minute"]] : [[Math.floor(hours / 24), "day"], [hours % 24, "hour"], [minutes, "minute"]];
  return (parts as [number, string][])
    .filter(([count]) => count > 0)
    .map(([count, unit]) => plural(count, unit))
    .join(" ");
}
