// The signal scenarios on all three demo chains (1, 8453, 56). Proxies the EIP-1967 slots do not
// show — a stablecoin-style token behind ZeppelinOS's older unstructured-storage proxy (USDC's kind),
// a token behind a beacon, an EIP-2535 diamond: contract/analysis names each standard, its
// implementation (or facets) and who upgrades it; risk reads the powers from the code that runs
// behind the proxy, in at most three rounds. And a honeypot that lets simulations through (the
// simulator address answers used to publish, a zero tx.origin): the simulation is not dodged.
import { beforeAll, describe, expect, it } from "vitest";
import { encodeFunctionData, getAddress, pad, parseAbi, toFunctionSelector, toHex, type Address, type Hex } from "viem";
import { rpc } from "../chain/support/anvil";
import { getChainClient } from "@/lib/chain/clients";
import type { ChainId } from "@/lib/chain/networks";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { DEMO_CHAINS, type AddressBook } from "@/demo-chain";
import { analyzeContract } from "@/lib/intel/endpoints/contract/analysis";
import { analyzeLiquidity } from "@/lib/intel/endpoints/intel/liquidity";
import { readTeamWallets } from "@/lib/intel/endpoints/intel/team-wallets";
import { readApprovals } from "@/lib/intel/endpoints/wallet/approvals";
import { analyzeRisk, type Signal } from "@/lib/intel/endpoints/intel/risk";
import { useDemoChains } from "../support/demo-chains";
import { startProviderProxy } from "../support/provider-proxy";
import { forgetProviderProfiles } from "@/lib/chain/provider-profile";

const demo = useDemoChains();

describe.each(DEMO_CHAINS)("signal scenarios on demo %s", (chain: ChainId) => {
  let book: AddressBook;
  const env = () => demo.env(chain);
  const analyze = async (address: Address) => (await analyzeContract({ chain, address, client: getChainClient(chain, { env: env() }) })).data;
  // Three rounds after the head; a fourth behind a beacon, EIP-897 or a diamond, whose code is learned in the third.
  const risk = async (address: Address, rounds = 3) => {
    const { result, usage } = await withRpcMeter(() => analyzeRisk({ chain, address, env: env() }));
    expect(usage.roundTrips).toBeLessThanOrEqual(rounds);
    return result.data;
  };
  const liquidityOf = async (address: Address, flags: { locks?: boolean } = {}) => (await analyzeLiquidity({ chain, address, flags, client: getChainClient(chain, { env: env() }) })).data as { lp_custody: unknown };
  const powers = (signals: readonly Signal[]) =>
    signals
      .filter((signal) => signal.id.startsWith("power_"))
      .map((signal) => ({ id: signal.id, read_from: (signal.evidence as { read_from: string }).read_from }))
      .sort((a, b) => a.id.localeCompare(b.id));

  beforeAll(() => {
    book = demo.chains[chain].addressBook;
  });

  it("USDC's kind (ZeppelinOS unstructured slots): the standard, the implementation and the admin who upgrades; mint, pause and blacklist read from the implementation", async () => {
    const { zeppelinosProxy } = book.venues.signals;
    const data = await analyze(zeppelinosProxy.token.address);
    expect(data.proxy).toMatchObject({ standard: "zeppelinos", implementation: zeppelinosProxy.facts.implementation, beacon: null, admin: { address: zeppelinosProxy.facts.proxyAdmin, is_contract: false } });
    expect(data.controllers?.accounts).toEqual(expect.arrayContaining([expect.objectContaining({ address: zeppelinosProxy.facts.proxyAdmin, role: "proxy_admin" })]));

    const assessed = await risk(zeppelinosProxy.token.address);
    const upgradeable = assessed.signals.find((signal) => signal.id === "upgradeable")!;
    expect(upgradeable).toMatchObject({ severity: "medium", flag: true, evidence: { standard: "zeppelinos", implementation: zeppelinosProxy.facts.implementation, proxy_admin: zeppelinosProxy.facts.proxyAdmin, facets: [], owner: null } });
    expect(powers(assessed.signals)).toEqual([
      { id: "power_blacklist", read_from: "implementation_code" },
      { id: "power_mint", read_from: "implementation_code" },
      { id: "power_pause", read_from: "implementation_code" },
    ]);
  });

  it("a beacon proxy: the beacon's implementation named in contract/analysis, and risk reads the powers from it (it mints)", async () => {
    const { beaconProxy } = book.venues.signals;
    const data = await analyze(beaconProxy.token.address);
    expect(data.proxy).toMatchObject({ standard: "beacon", implementation: beaconProxy.facts.implementation, beacon: beaconProxy.facts.beacon, admin: null });

    const assessed = await risk(beaconProxy.token.address, 4);
    expect(assessed.signals.find((signal) => signal.id === "upgradeable")).toMatchObject({ flag: true, evidence: { standard: "beacon", implementation: null, beacon: beaconProxy.facts.beacon } });
    expect(powers(assessed.signals)).toEqual([{ id: "power_mint", read_from: "implementation_code" }]);
  });

  it("behind a beacon, the slots the implementation checks msg.sender against are read at the proxy in a fourth round: a stored address there is named", async () => {
    const { beaconProxy, hiddenOwner } = book.venues.signals;
    const { rpcUrl } = demo.chains[chain];
    const dev = "0x00000000000000000000000000000000000d0e00" as Address;
    const snapshot = await rpc<Hex>(rpcUrl, "evm_snapshot");
    try {
      // The beacon's owner points it at the hidden-owner token's code, which checks msg.sender against slot 6; the proxy's slot 6 holds an address.
      await rpc(rpcUrl, "anvil_impersonateAccount", [beaconProxy.facts.beaconOwner]);
      const data = encodeFunctionData({ abi: parseAbi(["function upgradeTo(address newImplementation)"]), functionName: "upgradeTo", args: [hiddenOwner.token.address] });
      const hash = await rpc<Hex>(rpcUrl, "eth_sendTransaction", [{ from: beaconProxy.facts.beaconOwner, to: beaconProxy.facts.beacon, data }]);
      while (!(await rpc(rpcUrl, "eth_getTransactionReceipt", [hash]))) await new Promise((resolve) => setTimeout(resolve, 5));
      await rpc(rpcUrl, "anvil_setStorageAt", [beaconProxy.token.address, toHex(6, { size: 32 }), pad(dev)]);
      await rpc(rpcUrl, "evm_mine");
      // Four rounds to read the slots; the functions slot 6 guards are run as its address (not owner()) in a fifth.
      const assessed = await risk(beaconProxy.token.address, 5);
      const named = assessed.signals.filter((signal) => signal.id === "hidden_owner" || signal.id === "privileged_addresses");
      expect(named).toHaveLength(1);
      expect(named[0].evidence).toMatchObject({ addresses: [expect.objectContaining({ address: getAddress(dev), slot: "6" })], read_from: "implementation_code" });
    } finally {
      await rpc(rpcUrl, "anvil_stopImpersonatingAccount", [beaconProxy.facts.beaconOwner]);
      await rpc(rpcUrl, "evm_revert", [snapshot]);
    }
  });

  it("an EIP-2535 diamond: recognised through its loupe with its facets; the owner cuts it; powers read from the facets", async () => {
    const { diamond } = book.venues.signals;
    const data = await analyze(diamond.token.address);
    expect(data.proxy).toEqual({ standard: "eip2535_diamond", implementation: null, facets: diamond.facts.facets, beacon: null, admin: null, admin_owner: null });
    expect(data.ownership).toMatchObject({ ownable: true, owner: diamond.facts.owner, renounced: false });

    const assessed = await risk(diamond.token.address, 4);
    expect(assessed.signals.find((signal) => signal.id === "upgradeable")).toMatchObject({ flag: true, evidence: { standard: "eip2535_diamond", implementation: null, proxy_admin: null, facets: diamond.facts.facets, owner: diamond.facts.owner } });
    expect(powers(assessed.signals)).toEqual([{ id: "power_mint", read_from: "implementation_code" }]);
    // The diamond trades: the simulation ran through its pool.
    expect(assessed.fallback).toBe(false);
  });

  it("ordinary tokens stay what they were: not a proxy, and EIP-1967 proxies unchanged", async () => {
    expect((await analyze(book.scenarios.healthy.token.address)).proxy).toMatchObject({ standard: "none", implementation: null });
    expect((await analyze(book.scenarios.transparentProxy.token.address)).proxy).toMatchObject({ standard: "eip1967_transparent", implementation: book.scenarios.transparentProxy.facts.implementation });
  });

  it("a honeypot that lets the old simulator address and a zero tx.origin through is caught: the simulation runs from fresh addresses and reads honeypot", async () => {
    const { simulationDodger } = book.venues.signals;
    const assessed = await risk(simulationDodger.token.address);
    expect(assessed.fallback).toBe(false);
    const honeypot = assessed.signals.find((signal) => signal.id === "honeypot");
    expect(honeypot).toMatchObject({ severity: "high", flag: true, provenance: "verified_onchain" });
    const evidence = honeypot!.evidence as { simulated_as: Address; simulated_from: Address; sell_revert: { reason: string | null } };
    expect(simulationDodger.facts.whitelisted).not.toContain(evidence.simulated_as);
    expect(evidence.simulated_from).not.toBe("0x0000000000000000000000000000000000000000");
    // The router's pull of the tokens into the pool failed: the token refused the simulator's sell.
    expect(evidence.sell_revert.reason).toBe("TransferHelper: TRANSFER_FROM_FAILED");

    // The same read at the same block simulates as the same pair; another token (or block) gets another.
    const again = await risk(simulationDodger.token.address);
    expect(again.signals.find((signal) => signal.id === "honeypot")?.evidence).toMatchObject({ simulated_as: evidence.simulated_as, simulated_from: evidence.simulated_from });
    const other = (await risk(book.scenarios.healthy.token.address)).signals.find((signal) => signal.id === "sell_simulated")!.evidence as { simulated_as: Address };
    expect(other.simulated_as).not.toBe(evidence.simulated_as);
  });

  it("a same-block anti-bot rule: with the buy in one simulated block and the sell in the next (eth_simulateV1) the token sells; through a node without eth_simulateV1 the one-call mode says the sell was tried in the block of the buy", async () => {
    const { sameBlockGuard } = book.venues.signals;
    const assessed = await risk(sameBlockGuard.token.address);
    expect(assessed.simulation).toMatchObject({ method: "eth_simulateV1 with a state override (nothing sent)", mode: "separate_blocks", buy: { ok: true }, transfer: { ok: true }, sell: { ok: true }, sell_tax_bps: 0 });
    expect(assessed.flags).not.toContain("honeypot");
    expect(assessed.flags).not.toContain("transfer_blocked");
    expect(assessed.signals.find((signal) => signal.id === "sell_simulated")?.evidence).toMatchObject({ simulation_mode: "separate_blocks" });

    const proxy = await startProviderProxy(demo.chains[chain].rpcUrl, { name: "a node before eth_simulateV1", methodsOff: { methods: ["eth_simulateV1"], refuse: (method) => ({ error: { code: -32601, message: `the method ${method} does not exist/is not available` } }) } });
    try {
      const through = { ETH_RPC_URL: proxy.url, BASE_RPC_URL: proxy.url, BSC_RPC_URL: proxy.url };
      forgetProviderProfiles();
      const oneCall = (await analyzeRisk({ chain, address: sameBlockGuard.token.address, env: through })).data;
      expect(oneCall.simulation).toMatchObject({ method: "eth_call with a state override (nothing sent)", mode: "same_call", buy: { ok: true }, transfer: { ok: false }, sell: { ok: false } });
      const honeypot = oneCall.signals.find((signal) => signal.id === "honeypot")!;
      expect(honeypot.title).toBe("Honeypot: a holder who bought cannot sell (tried in the block of the buy: the node offers no eth_simulateV1)");
      expect(honeypot.evidence).toMatchObject({ simulation_mode: "same_call" });
      // The refusal is remembered: the next read goes straight to the one-call mode.
      const refusedBefore = proxy.stats.refused.methodsOff ?? 0;
      expect(refusedBefore).toBe(1);
      await analyzeRisk({ chain, address: book.scenarios.healthy.token.address, env: through });
      expect(proxy.stats.refused.methodsOff ?? 0).toBe(refusedBefore);
    } finally {
      await proxy.close();
      forgetProviderProfiles();
    }
  });

  it("a hidden owner: owner() is renounced, but the address the code keeps in slot 6 passes its msg.sender checks; the helper it delegatecalls, SELFDESTRUCT and the admin burn are read from the code, and the powers stay flagged", async () => {
    const { hiddenOwner } = book.venues.signals;
    const assessed = await risk(hiddenOwner.token.address);
    const byId = new Map(assessed.signals.map((signal) => [signal.id, signal]));
    expect(byId.get("ownership")).toMatchObject({ title: "Ownership is renounced" });
    // Every function the dev is checked in, tied through the dispatcher; the catalogue names two of them.
    const named = (signature: string, known: boolean) => ({ selector: toFunctionSelector(signature), signature: known ? signature : null });
    const devFunctions = [named("setTaxFee(uint256)", true), named("adminBurn(address,uint256)", true), named("setHelper(address)", false), named("runHelper(bytes)", false), named("close()", false)].sort((a, b) => parseInt(a.selector, 16) - parseInt(b.selector, 16));
    expect(byId.get("hidden_owner")).toEqual({
      id: "hidden_owner",
      severity: "high",
      flag: true,
      title: "Ownership reads as renounced, but the code still lets another address through its own msg.sender checks",
      evidence: { addresses: [{ address: hiddenOwner.facts.dev, slot: String(hiddenOwner.facts.devSlot), shift_bits: 0, functions: devFunctions }], owner: "0x0000000000000000000000000000000000000000", read_from: "token_code", note: expect.any(String) },
      provenance: "interpretation",
    });
    expect(byId.get("delegatecall_to_settable")).toMatchObject({ severity: "high", flag: true, evidence: { targets: [{ address: hiddenOwner.facts.helper, slot: String(hiddenOwner.facts.helperSlot), shift_bits: 0, functions: [named("runHelper(bytes)", false)] }] } });
    expect(byId.get("self_destruct")).toMatchObject({ severity: "low", flag: false });
    // The powers the dev holds are not "held by no one".
    expect(byId.get("power_balance_edit")).toMatchObject({ severity: "high", flag: true, evidence: { functions: [{ signature: "adminBurn(address,uint256)" }] } });
    // setTaxFee carries a fee setter's name, but the number it sets is read by no transfer: run as the
    // dev it changed nothing a holder feels, so the name alone raises no flag, and the headline says
    // the power is unknown, not absent.
    expect(byId.get("power_fees")).toMatchObject({ flag: false, severity: "info", evidence: { proven_by: "name_only", functions: [{ signature: "setTaxFee(uint256)", outcome: "no_effect" }] } });
    expect(byId.get("power_fees")!.title).toMatch(/by its name only: run as its live holder, it changed nothing a holder feels/);
    expect(assessed.flags).toEqual(expect.arrayContaining(["hidden_owner", "delegatecall_to_settable", "power_balance_edit"]));
    expect(assessed.flags).not.toContain("power_fees");
    expect(assessed.headline.powers.fees.present).toBeNull();
    expect(assessed.headline.unknown["powers.fees.present"]).toMatch(/run as its live holder each of its functions reverted or changed nothing/);

    // An ordinary renounced token: its only checked slot is the owner's, now zero — no hidden owner.
    const healthy = await risk(book.scenarios.healthy.token.address);
    expect(healthy.signals.map((signal) => signal.id)).not.toContain("hidden_owner");
    expect(healthy.signals.map((signal) => signal.id)).not.toContain("privileged_addresses");
  });

  it("siphoned balances: the two buyers the owner took tokens from without a Transfer are named with what is missing, the third is not; the healthy and the taxed token's holders are whole", async () => {
    const { siphonedBalances } = book.venues.signals;
    const assessed = await risk(siphonedBalances.token.address);
    const siphon = assessed.signals.find((signal) => signal.id === "siphoned_balances")!;
    const missing = (entry: { received: string; taken: string }) => ({ received: entry.received, balance: (BigInt(entry.received) - BigInt(entry.taken)).toString(), missing: entry.taken });
    expect(siphon).toMatchObject({
      severity: "high",
      flag: true,
      title: "2 of 3 holders compared hold less than their Transfers brought in: tokens were taken from them without a Transfer (siphoned)",
      evidence: { compared: 3, tolerance_bps: 10 },
      provenance: "verified_onchain",
    });
    type Raw = { raw: string };
    const short = (siphon.evidence as { short: { address: string; received: Raw; balance: Raw; missing: Raw; missing_bps: number }[] }).short;
    expect(short.map(({ address, received, balance, missing: gone }) => ({ address, received: received.raw, balance: balance.raw, missing: gone.raw }))).toEqual(
      siphonedBalances.facts.siphoned.map((entry) => ({ address: entry.holder, ...missing(entry) })),
    );
    expect(short.map((entry) => entry.missing_bps)).toEqual([5_000, 9_000]);
    expect(short.map((entry) => entry.address)).not.toContain(siphonedBalances.facts.untouched.holder);
    expect(assessed.flags).toContain("siphoned_balances");

    // Holders that only received: whole on the healthy token, and on the taxed one (its fee is a Transfer of its own).
    for (const scenario of [book.scenarios.healthy, book.scenarios.tax]) {
      const read = await risk(scenario.token.address);
      expect(read.signals.find((signal) => signal.id === "siphoned_balances"), scenario.title).toMatchObject({ severity: "info", flag: false, evidence: { short: [] } });
    }
  });

  it("real holders' own sells: the honeypot's holder (who really failed to sell) cannot, its whitelisted owner can; every sampled holder of the healthy token can", async () => {
    const { honeypot, healthy } = book.scenarios;
    const trapped = (await risk(honeypot.token.address)).signals.find((signal) => signal.id === "holder_sells")!;
    const evidence = trapped.evidence as { sampled: number; failed: number; fail_rate_bps: number; holders: { address: Address; ok: boolean; tax_bps: number | null }[] };
    expect({ severity: trapped.severity, flag: trapped.flag }).toEqual({ severity: "high", flag: true });
    expect(trapped.title).toBe(`${evidence.failed} of ${evidence.sampled} sampled holders cannot sell what they hold`);
    const byAddress = new Map(evidence.holders.map((holder) => [holder.address, holder]));
    expect(byAddress.get(honeypot.facts.failedSell.wallet)).toMatchObject({ ok: false, tax_bps: null });
    for (const holder of evidence.holders) expect(holder.ok, holder.address).toBe(honeypot.facts.whitelisted.includes(holder.address));
    expect(evidence.fail_rate_bps).toBe(Math.round((evidence.failed * 10_000) / evidence.sampled));

    const clean = (await risk(healthy.token.address)).signals.find((signal) => signal.id === "holder_sells")!;
    const cleanEvidence = clean.evidence as { sampled: number; failed: number; holders: { ok: boolean; tax_bps: number | null }[] };
    expect(cleanEvidence.sampled).toBeGreaterThan(0);
    expect({ severity: clean.severity, flag: clean.flag, failed: cleanEvidence.failed, title: clean.title }).toEqual({ severity: "info", flag: false, failed: 0, title: `All ${cleanEvidence.sampled} sampled holders can sell what they hold` });
    expect(cleanEvidence.holders.every((holder) => holder.ok && holder.tax_bps === 0)).toBe(true);
  });

  it("a USDT-style token (approve and transfer return nothing) is simulated all the same: buy, wallet-to-wallet transfer and sell go through untaxed", async () => {
    const { noReturnToken } = book.venues.signals;
    const assessed = await risk(noReturnToken.token.address);
    expect(assessed.fallback).toBe(false);
    expect(assessed.simulation).toMatchObject({ buy: { ok: true }, transfer: { ok: true }, sell: { ok: true }, buy_tax_bps: 0, sell_tax_bps: 0, transfer_tax_bps: 0 });
    expect(assessed.flags).not.toContain("honeypot");
    expect(assessed.signals.map((signal) => signal.id)).toContain("sell_simulated");
  });

  it("a token that taxes wallet-to-wallet transfers only: trades untaxed, the transfer arrives 20 % short and is flagged", async () => {
    const { walletTransferTax } = book.venues.signals;
    const assessed = await risk(walletTransferTax.token.address);
    expect(assessed.simulation).toMatchObject({ buy_tax_bps: 0, sell_tax_bps: 0, transfer_tax_bps: walletTransferTax.facts.walletTaxBps, transfer: { ok: true } });
    const sent = BigInt(assessed.simulation!.transfer!.tokens_sent.raw);
    expect(BigInt(assessed.simulation!.transfer!.tokens_arrived.raw)).toBe(sent - (sent * 2_000n) / 10_000n);
    expect(assessed.signals.find((signal) => signal.id === "transfer_tax")).toMatchObject({ severity: "high", flag: true, provenance: "verified_onchain", evidence: { tax_bps: 2_000 } });
    expect(assessed.flags).toContain("transfer_tax");
    expect(assessed.flags).not.toContain("sell_tax");
  });

  it("an ordinary token passes the wallet-to-wallet test: a tenth of the buy sent, all of it arrived", async () => {
    const assessed = await risk(book.scenarios.healthy.token.address);
    const { transfer, buy } = assessed.simulation!;
    expect(transfer).toMatchObject({ ok: true, revert: null });
    expect(transfer!.tokens_sent.raw).toBe((BigInt(buy!.tokens_arrived.raw) / 10n).toString());
    expect(transfer!.tokens_arrived).toEqual(transfer!.tokens_sent);
    expect(assessed.simulation!.transfer_tax_bps).toBe(0);
  });

  it("max-transaction and max-wallet limits are reported with their values and shares; 0.5 % of the supply is a flag", async () => {
    const { tradeLimits } = book.venues.signals;
    const assessed = await risk(tradeLimits.token.address);
    expect(assessed.signals.find((signal) => signal.id === "trade_limits")).toMatchObject({
      severity: "medium",
      flag: true,
      provenance: "verified_onchain",
      title: "The token limits a transaction at most 0.50 % and a wallet at most 2.00 % of the supply",
      evidence: {
        max_transaction: { getter: "_maxTxAmount()", amount: expect.objectContaining({ raw: tradeLimits.facts.maxTransaction }), share_bps: 50 },
        max_wallet: { getter: "_maxWalletSize()", amount: expect.objectContaining({ raw: tradeLimits.facts.maxWallet }), share_bps: 200 },
      },
    });
    // The simulated buy is far below the limits: it went through.
    expect(assessed.simulation).toMatchObject({ buy: { ok: true }, sell: { ok: true } });
    // A token without limits has no such signal.
    expect((await risk(book.scenarios.healthy.token.address)).signals.map((signal) => signal.id)).not.toContain("trade_limits");
  });

  it("Permit2: the live unlimited allowance to the Universal Router is listed, usable, with its expiration; the expired and the locked-down ones are not", async () => {
    const { permit2Grants } = book.venues.signals;
    const { data } = await readApprovals({ chain, wallet: permit2Grants.wallet, limit: 50, offset: 0, client: getChainClient(chain, { env: env() }) });
    // The ERC-20 approval that Permit2 rests on, labelled.
    expect(data.approvals).toEqual([expect.objectContaining({ token: expect.objectContaining({ address: permit2Grants.token }), spender: expect.objectContaining({ address: permit2Grants.permit2, label: "Permit2", kind: "permit2" }), unlimited: true })]);
    expect(data.permit2_total).toBe(1);
    expect(data.permit2).toEqual([
      {
        token: expect.objectContaining({ address: permit2Grants.token }),
        spender: expect.objectContaining({ address: permit2Grants.live.spender, is_contract: true }),
        amount: expect.objectContaining({ raw: permit2Grants.live.amount }),
        unlimited: true,
        expiration: new Date(permit2Grants.live.expiration * 1000).toISOString(),
        nonce: "0",
        usable: true,
        // The wallet holds none of the token: an unlimited allowance over an empty balance puts nothing at
        // risk today; priced by the token's own V2 pair, except on the demo bsc (see its README).
        at_risk: { amount: { raw: "0", formatted: "0" }, usd: chain === "bsc" ? null : "0" },
        granted: expect.objectContaining({ transaction: permit2Grants.live.tx.hash, block: permit2Grants.live.tx.block }),
      },
    ]);
    expect(data.permit2.map((entry) => entry.spender.address)).not.toContain(permit2Grants.expired.spender);
    expect(data.permit2.map((entry) => entry.spender.address)).not.toContain(permit2Grants.revoked.spender);

    // NFT operators: the standing one, not the one set back to false.
    expect(data.nft_operators_total).toBe(1);
    expect(data.nft_operators).toEqual([
      {
        collection: permit2Grants.nft.collection,
        operator: expect.objectContaining({ address: permit2Grants.nft.operator, is_contract: false }),
        granted: expect.objectContaining({ transaction: permit2Grants.nft.operatorTx.hash }),
      },
    ]);
  });

  it("ownership locked away with lock(time) reads as renounced, but can be taken back: flagged with its unlock time, and the mint power stays a flag", async () => {
    const { reclaimableOwner } = book.venues.signals;
    const assessed = await risk(reclaimableOwner.token.address);
    expect(assessed.signals.find((signal) => signal.id === "ownership")).toMatchObject({ title: "Ownership is renounced" });
    expect(assessed.signals.find((signal) => signal.id === "ownership_reclaimable")).toMatchObject({
      severity: "high",
      flag: true,
      evidence: { unlock_time: new Date(reclaimableOwner.facts.unlockTime * 1000).toISOString(), functions: [{ signature: "lock(uint256)" }, { signature: "unlock()" }] },
    });
    expect(assessed.signals.find((signal) => signal.id === "power_mint")).toMatchObject({ flag: true, severity: "high" });
    // A plainly renounced token keeps its powers as context.
    const healthy = await risk(book.scenarios.healthy.token.address);
    expect(healthy.signals.map((signal) => signal.id)).not.toContain("ownership_reclaimable");
  });

  it("a standard bridge token (Base): recognised as bridged, its mint power the bridge's and no flag, its bridgers not launch recipients", async () => {
    const scenario = book.venues.signals.bridgedToken;
    if (chain !== "base") {
      expect(scenario).toBeNull();
      return;
    }
    const assessed = await risk(scenario!.token.address);
    expect(assessed.signals.find((signal) => signal.id === "bridged_token")).toMatchObject({ flag: false, evidence: { bridge: scenario!.facts.bridge, remote_token: scenario!.facts.remoteToken } });
    expect(assessed.signals.find((signal) => signal.id === "power_mint")).toMatchObject({ flag: false, severity: "info" });
    expect(assessed.flags).not.toContain("power_mint");

    const { data } = await readTeamWallets({ chain, address: scenario!.token.address, client: getChainClient(chain, { env: env() }) });
    const relations = data.wallets.flatMap((wallet) => wallet.relations.map((relation) => relation.relation));
    expect(relations).not.toContain("launch_mint_recipient");
    expect(data.unavailable.launch).toMatch(/bridged token/);
  });

  it("LP in UNCX's locker: the running lock is locked with its unlock time, the expired one withdrawable since its date; risk does not call the pool secured", async () => {
    const scenario = book.venues.signals.uncxLocks;
    if (chain === "base") {
      expect(scenario).toBeNull();
      return;
    }
    const { facts, pool } = scenario!;
    const liquidity = await liquidityOf(scenario!.token.address, { locks: true });
    const custody = (liquidity.lp_custody as LpCustodyView[]).find((entry) => entry.pool === pool.pair)!;
    expect(custody.locked.lockers).toEqual([
      expect.objectContaining({ address: facts.locker, key: facts.lockerKey, earliest_unlock: "2030-01-01T00:00:00.000Z", locks_note: null }),
    ]);
    expect(custody.locked.lockers[0].amount.raw).toBe(facts.locked.amount);
    expect(custody.withdrawable!.lockers).toEqual([expect.objectContaining({ address: facts.locker, withdrawable_since: new Date(facts.expired.unlockTime * 1000).toISOString() })]);
    expect(custody.withdrawable!.amount.raw).toBe(facts.expired.amount);
    expect(custody.locked.lockers[0].locks!.map((lock) => [lock.amount.raw, lock.locked_at_read, lock.transaction])).toEqual([
      [facts.locked.amount, true, null],
      [facts.expired.amount, false, null],
    ]);

    const assessed = await risk(scenario!.token.address);
    const signal = assessed.signals.find((entry) => entry.id === "lp_custody")!;
    const total = BigInt(custody.lp_total_supply!.raw);
    expect(signal).toMatchObject({
      flag: true,
      title: "Liquidity is not secured: locks have expired and their owners can withdraw the LP",
      evidence: {
        locked_bps: Number((BigInt(facts.locked.amount) * 10_000n) / total),
        withdrawable_bps: Number((BigInt(facts.expired.amount) * 10_000n) / total),
        earliest_unlock: "2030-01-01T00:00:00.000Z",
        withdrawable_lockers: [{ address: facts.locker, since: new Date(facts.expired.unlockTime * 1000).toISOString() }],
      },
    });
  });
});

type LpAmountView = { raw: string };

type LockerView = { address: string; amount: LpAmountView; locks: { amount: LpAmountView; locked_at_read: boolean | null; transaction: string | null }[] | null };
type LpCustodyView = { pool: string; lp_total_supply: LpAmountView | null; locked: { lockers: LockerView[] }; withdrawable?: { amount: LpAmountView; lockers: LockerView[] } };
