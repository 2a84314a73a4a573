// Holders written into the code, on all three demo chains: our own bridged token keeps its bridge
// as an immutable (as the OP Stack's OptimismMintableERC20 keeps BRIDGE) and lets only it mint and
// burn from any holder without an allowance; a constant operator can halt transfers. No storage
// slot keeps either address, so only the code-path walk's comparisons of msg.sender with a word of
// the code name them. intel/risk must prove each power by running it as that address, naming it a
// code_constant holder, and contract/analysis must list it among the controllers with the
// functions it guards. On Base, the standard bridge's own token (BRIDGE is the chain's standard
// bridge) keeps the bridged-token treatment: its mint is context, not a flag.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { beforeAll, describe, expect, it } from "vitest";
import { encodeDeployData, getAddress, parseEther, toFunctionSelector, toHex, type Abi, type Address, type Hex } from "viem";
import { rpc } from "../chain/support/anvil";
import type { ChainId } from "@/lib/chain/networks";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { DEMO_CHAINS } from "@/demo-chain";
import { analyzeRisk, type Signal } from "@/lib/intel/risk";
import { analyzeContract } from "@/lib/intel/contract";
import { getChainClient } from "@/lib/chain/clients";
import { useDemoChains } from "../support/demo-chains";
import { riskResponse } from "@/lib/schemas/responses/risk";
import { contractAnalysisResponse } from "@/lib/schemas/responses/contract-analysis";

const require = createRequire(import.meta.url);
type Artifact = { abi: Abi; bytecode: Hex };

function compileFixture(): Artifact {
  const source = fs.readFileSync(path.join(__dirname, "support/CodeHolderFixtures.sol"), "utf8");
  const solc = require("solc") as { compile(input: string): string; version(): string };
  const input = { language: "Solidity", sources: { "CodeHolderFixtures.sol": { content: source } }, settings: { evmVersion: "cancun", optimizer: { enabled: true, runs: 200 }, outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } } };
  const cacheFile = path.join(os.tmpdir(), `code-holder-fixtures-${createHash("sha256").update(JSON.stringify(input) + solc.version()).digest("hex").slice(0, 16)}.json`);
  if (fs.existsSync(cacheFile)) return JSON.parse(fs.readFileSync(cacheFile, "utf8"));
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((entry: { severity: string }) => entry.severity === "error");
  if (errors.length) throw new Error(errors.map((entry: { formattedMessage: string }) => entry.formattedMessage).join("\n"));
  const compiled = output.contracts["CodeHolderFixtures.sol"].ImmutableBridgeToken as { abi: Abi; evm: { bytecode: { object: string } } };
  const artifact = { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` as Hex };
  fs.writeFileSync(cacheFile, JSON.stringify(artifact));
  return artifact;
}

const accounts = {
  deployer: getAddress("0x5eed000000000000000000000000000000002d01"),
  bridge: getAddress("0x5eed000000000000000000000000000000002b02"),
  holderA: getAddress("0x5eed000000000000000000000000000000002e03"),
  holderB: getAddress("0x5eed000000000000000000000000000000002f04"),
};
/** The constant the fixture's code holds (OPERATOR). */
const operator = getAddress("0x5eed000000000000000000000000000000002c0d");
const supply = parseEther("1000000");

async function send(url: string, from: Address, tx: { to?: Address; data: Hex }): Promise<Address | null> {
  const hash = await rpc<Hex>(url, "eth_sendTransaction", [{ from, ...tx, gas: toHex(6_000_000) }]);
  for (let i = 0; i < 200; i++) {
    const receipt = await rpc<{ status: Hex; contractAddress: Address | null } | null>(url, "eth_getTransactionReceipt", [hash]);
    if (receipt) {
      if (receipt.status !== "0x1") throw new Error(`transaction ${hash} reverted`);
      return receipt.contractAddress ? getAddress(receipt.contractAddress) : null;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no receipt for ${hash}`);
}

const transferData = (to: Address, amount: bigint) => `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, "0")}${amount.toString(16).padStart(64, "0")}` as Hex;

type Result = Awaited<ReturnType<typeof analyzeRisk>>;
type PowerEvidence = {
  proven_by: "simulation" | "name_only";
  holders: { address: Address | null; kind: string; slot: string | null; shift_bits: number; live: boolean | null; provenance: string }[];
  functions: { selector: Hex; outcome: string | null; holders: { address: Address | null; kind: string }[]; effect: { kind: string | null; changes: Record<string, { before: unknown; after: unknown }> } | null }[];
};

function signal(result: Result, id: string): Signal {
  const found = result.data.signals.find((entry) => entry.id === id);
  expect(found, `signal ${id}`).toBeDefined();
  return found!;
}
const evidenceOf = (result: Result, id: string) => signal(result, id).evidence as unknown as PowerEvidence;
const selector = (signature: string) => toFunctionSelector(signature);

const demo = useDemoChains();

describe.each(DEMO_CHAINS)("holders written into the code on demo %s", (chain: ChainId) => {
  let token: Address;
  const url = () => demo.chains[chain].rpcUrl;

  beforeAll(async () => {
    const artifact = compileFixture();
    for (const account of Object.values(accounts)) {
      await rpc(url(), "anvil_setBalance", [account, toHex(parseEther("100"))]);
      await rpc(url(), "anvil_impersonateAccount", [account]);
    }
    token = (await send(url(), accounts.deployer, { data: encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: [accounts.bridge, supply] }) }))!;
    // Holders beside the deployer, so the Transfer history has wallets to fund the probe from.
    await send(url(), accounts.deployer, { to: token, data: transferData(accounts.holderA, supply / 10n) });
    await send(url(), accounts.deployer, { to: token, data: transferData(accounts.holderB, supply / 20n) });
  }, 120_000);

  it("the bridge kept as an immutable: mint and burn-from-any-holder are proven by running them as the bridge, named as a code_constant holder", async () => {
    const { result, usage } = await withRpcMeter(() => analyzeRisk({ chain, address: token, env: demo.env(chain) }));
    expect(usage.roundTrips).toBeLessThanOrEqual(3);
    riskResponse.data.parse(result.data);
    const bridgeHolder = { address: accounts.bridge, kind: "code_constant", slot: null, shift_bits: 0, live: true, provenance: "verified_onchain" };

    const mint = evidenceOf(result, "power_mint");
    expect(mint.proven_by).toBe("simulation");
    expect(mint.holders).toEqual([expect.objectContaining(bridgeHolder)]);
    expect(mint.functions).toEqual([expect.objectContaining({ selector: selector("mint(address,uint256)"), outcome: "effect", effect: expect.objectContaining({ kind: "mint" }) })]);
    expect(signal(result, "power_mint")).toMatchObject({ flag: true, provenance: "verified_onchain" });

    const burn = evidenceOf(result, "power_balance_edit");
    expect(burn.proven_by).toBe("simulation");
    expect(burn.holders).toEqual([expect.objectContaining(bridgeHolder)]);
    const [burned] = burn.functions;
    expect(burned).toMatchObject({ selector: selector("burn(address,uint256)"), outcome: "effect", effect: { kind: "balance_edit" } });
    // The probe wallet gave no allowance: its balance fell all the same.
    const balance = burned.effect!.changes.probe_holder_balance;
    expect(BigInt(balance.after as string)).toBeLessThan(BigInt(balance.before as string));

    // The constant (a PUSH20 rather than an immutable's PUSH32) is a holder the same way.
    const pause = evidenceOf(result, "power_pause");
    expect(pause.proven_by).toBe("simulation");
    expect(pause.holders).toEqual([expect.objectContaining({ address: operator, kind: "code_constant", slot: null, live: true })]);
    expect(pause.functions).toEqual([expect.objectContaining({ selector: selector("halt(bool)"), outcome: "effect" })]);
  });

  it("contract/analysis lists the bridge and the operator among the controllers, with the functions each guards", async () => {
    const { data } = await analyzeContract({ chain, address: token, client: getChainClient(chain, { env: demo.env(chain) }) });
    contractAnalysisResponse.data.parse(data);
    const accountsListed = (data as unknown as { controllers: { accounts: { role: string; address: Address; kind: string; slot?: string; functions?: (Hex | null)[] }[] } }).controllers.accounts;
    expect(accountsListed).toContainEqual(expect.objectContaining({ role: "code_constant", address: accounts.bridge, kind: "eoa", functions: [selector("mint(address,uint256)"), selector("burn(address,uint256)")].sort() }));
    expect(accountsListed).toContainEqual(expect.objectContaining({ role: "code_constant", address: operator, functions: [selector("halt(bool)")] }));
    expect(accountsListed.find((account) => account.role === "code_constant")?.slot).toBeUndefined();
  });

  it("the chain's standard bridge as the immutable (Base): the mint is run as the bridge and stays the bridged token's context, not a flag", async () => {
    const scenario = demo.chains[chain].addressBook.venues.signals.bridgedToken;
    if (chain !== "base") {
      expect(scenario).toBeNull();
      return;
    }
    const { data } = await analyzeRisk({ chain, address: scenario!.token.address, env: demo.env(chain) });
    expect(data.signals.find((entry) => entry.id === "bridged_token")).toMatchObject({ flag: false, evidence: { bridge: scenario!.facts.bridge } });
    const mint = data.signals.find((entry) => entry.id === "power_mint")!;
    expect(mint).toMatchObject({ flag: false, severity: "info" });
    expect(data.flags).not.toContain("power_mint");
    expect(data.flags).not.toContain("power_balance_edit");
    const minted = (mint.evidence as unknown as PowerEvidence).functions.find((fn) => fn.selector === selector("mint(address,uint256)"));
    expect(minted).toMatchObject({ outcome: "effect", holders: [expect.objectContaining({ address: scenario!.facts.bridge, kind: "code_constant" })] });
  });
});
