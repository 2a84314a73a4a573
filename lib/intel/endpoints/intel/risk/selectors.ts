// Owner powers and trading restrictions read from code: the function selectors a contract's
// dispatcher compares against (the PUSH4 immediates of its runtime code, read opcode by
// opcode so push data is never mistaken for an instruction). A selector in the code is a
// fact; that the function is reserved to an owner or a role is our reading of the pattern.
import { toFunctionSelector, type Hex } from "viem";

export type PowerKind = "mint" | "pause" | "blacklist" | "fees" | "limits" | "trading_switch" | "exemptions" | "balance_edit";

/** Widely used signatures of each power; the list is the catalogue this read recognises. */
const catalogue: Record<PowerKind, readonly string[]> = {
  mint: ["mint(address,uint256)", "mint(uint256)", "mintTo(address,uint256)"],
  pause: ["pause()", "unpause()", "setPaused(bool)"],
  blacklist: [
    "blacklist(address)",
    "addToBlacklist(address)",
    "setBlacklist(address,bool)",
    "setBlacklisted(address,bool)",
    "blacklistAddress(address,bool)",
    "setBot(address,bool)",
    "setBots(address[],bool)",
    "addBots(address[])",
  ],
  fees: [
    "setFee(uint256)",
    "setFees(uint256,uint256)",
    "setTaxFee(uint256)",
    "setBuyTax(uint256)",
    "setSellTax(uint256)",
    "setBuyFee(uint256)",
    "setSellFee(uint256)",
    "setTaxes(uint256,uint256)",
    "updateFees(uint256,uint256)",
    "setTaxWallet(address)",
  ],
  limits: [
    "setMaxTxAmount(uint256)",
    "setMaxTransactionAmount(uint256)",
    "setMaxWallet(uint256)",
    "setMaxWalletSize(uint256)",
    "setCooldown(uint256)",
    "removeLimits()",
  ],
  trading_switch: ["enableTrading()", "openTrading()", "setTradingEnabled(bool)", "setTradingOpen(bool)"],
  exemptions: [
    "setMarketPair(address,bool)",
    "setAutomatedMarketMakerPair(address,bool)",
    "setWhitelisted(address,bool)",
    "setExcludedFromTax(address,bool)",
    "setExcludeFromFees(address,bool)",
    "excludeFromFee(address)",
  ],
  // Taking or burning a holder's tokens without the holder: USDT's destroyBlackFunds, Paxos's
  // wipeFrozenAddress, and the admin burns and forced transfers of tokens built to claw back.
  balance_edit: [
    "burn(address,uint256)",
    "adminBurn(address,uint256)",
    "burnFrom(address)",
    "destroyBlackFunds(address)",
    "wipeFrozenAddress(address)",
    "forceTransfer(address,address,uint256)",
    "adminTransfer(address,address,uint256)",
    "setBalance(address,uint256)",
    "clawback(address,uint256)",
    "confiscate(address,uint256)",
  ],
};

export type PowerMatch = { kind: PowerKind; functions: { signature: string; selector: Hex }[] };

const selectorIndex = Object.entries(catalogue).flatMap(([kind, signatures]) =>
  signatures.map((signature) => ({ kind: kind as PowerKind, signature, selector: toFunctionSelector(signature) })),
);

/** Functions that hand over or take back control, named where a stored address guards them. */
const controlSignatures = ["transferOwnership(address)", "renounceOwnership()", "acceptOwnership()", "unlock()", "lock(uint256)", "upgradeTo(address)", "upgradeToAndCall(address,bytes)"];
const controlIndex = new Map(controlSignatures.map((signature) => [toFunctionSelector(signature), signature]));

/** What this read knows a selector as: a catalogued power (with its kind), a control function, or nothing. */
export function knownFunction(selector: Hex): { signature: string; power: PowerKind | null } | null {
  const wanted = selector.toLowerCase();
  const power = selectorIndex.find((entry) => entry.selector === wanted);
  if (power) return { signature: power.signature, power: power.kind };
  const control = controlIndex.get(wanted as Hex);
  return control ? { signature: control, power: null } : null;
}

const PUSH1 = 0x60;
const PUSH4 = 0x63;
const PUSH32 = 0x7f;

/** Every 4-byte immediate pushed by the code, as lowercase 0x-hex. */
export function pushedSelectors(code: Hex): Set<string> {
  const bytes = Buffer.from(code.slice(2), "hex");
  const found = new Set<string>();
  for (let i = 0; i < bytes.length; i++) {
    const op = bytes[i];
    if (op >= PUSH1 && op <= PUSH32) {
      const width = op - PUSH1 + 1;
      if (op === PUSH4 && i + 4 < bytes.length) found.add(`0x${bytes.subarray(i + 1, i + 5).toString("hex")}`);
      i += width;
    }
  }
  return found;
}

/** The catalogued powers whose functions the code dispatches, grouped by kind. */
export function powersInCode(code: Hex): PowerMatch[] {
  return powersInCodes([code]);
}

/** The same over several codes that run as one contract (a diamond's facets): each read on its own, the selectors joined. */
export function powersInCodes(codes: readonly Hex[]): PowerMatch[] {
  const pushed = new Set(codes.flatMap((code) => [...pushedSelectors(code)]));
  const byKind = new Map<PowerKind, PowerMatch>();
  for (const entry of selectorIndex) {
    if (!pushed.has(entry.selector)) continue;
    const match = byKind.get(entry.kind) ?? { kind: entry.kind, functions: [] };
    match.functions.push({ signature: entry.signature, selector: entry.selector });
    byKind.set(entry.kind, match);
  }
  return [...byKind.values()];
}
