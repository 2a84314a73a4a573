// Holders written into the code (an immutable bridge, a constant operator), on all three demo
// chains: intel/risk proves their powers and contract/analysis lists them. The cases in detail: the
// describe below.
import { beforeAll, describe, expect, it } from "vitest";
import { encodeDeployData, getAddress, parseEther, toFunctionSelector, toHex, type Address, type Hex } from "viem";
import { rpc } from "../chain/support/anvil";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { DEMO_CHAINS } from "@/demo-chain";
import { analyzeRisk, type Signal } from "@/lib/intel/endpoints/intel/risk";
import { analyzeContract } from "@/lib/intel/endpoints/contract/analysis";
import { getChainClient } from "@/lib/chain/clients";
import { useDemoChains } from "../support/demo-chains";
import { compileFixtureFile, send, transferData, type Artifact } from "./support/solidity-fixtures";
import { riskResponse } from "@/lib/schemas/responses/risk";
import { contractAnalysisResponse } from "@/lib/schemas/responses/contract-analysis";


function compileFixture(): Artifact {
  return compileFixtureFile("CodeHolderFixtures.sol").ImmutableBridgeToken;
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

// Holders written into the code, on all three demo chains: our own bridged token keeps its bridge
// as an immutable (as the OP Stack's OptimismMintableERC20 keeps BRIDGE) and lets only it mint and
// burn from any holder without an allowance; a constant operator can halt transfers. No storage
// slot keeps either address, so only the code-path walk's comparisons of msg.sender with a word of
// the code name them. intel/risk must prove each power by running it as that address, naming it a
// code_constant holder, and contract/analysis must list it among the controllers with the
// functions it guards. On Base, the standard bridge's own token (BRIDGE is the chain's standard
// bridge) keeps the bridged-token treatment: its mint is context, not a flag.
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
    // Proven, not read by name: the bridge ran it and the supply rose.
    expect(mint).toMatchObject({ provenance: "verified_onchain", evidence: { proven_by: "simulation" } });
    expect(mint.title).toMatch(/^Proven by simulation: the address written in the code 0x[0-9a-fA-F]{40} can mint new tokens, and only .+ holds it: it mints what crosses the bridge$/);
  });

  it("a token that names the standard bridge but lets its owner mint too (Base): the mint is a red flag held by the owner, the bridge's burn stays context", async () => {
    const standard = getNetwork(chain).standardBridge;
    if (chain !== "base") {
      expect(standard ?? null).toBeNull();
      return;
    }
    const artifact = compileFixtureFile("CodeHolderFixtures.sol").OwnerMintsTooBridgeToken;
    const twin = (await send(url(), accounts.deployer, { data: encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: [standard!.address, supply] }) }))!;
    await send(url(), accounts.deployer, { to: twin, data: transferData(accounts.holderA, supply / 10n) });
    await send(url(), accounts.deployer, { to: twin, data: transferData(accounts.holderB, supply / 20n) });
    const result = await analyzeRisk({ chain, address: twin, env: demo.env(chain) });
    riskResponse.data.parse(result.data);
    expect(signal(result, "bridged_token")).toMatchObject({ flag: false, evidence: { bridge: standard!.address } });
    expect(signal(result, "power_mint")).toMatchObject({ flag: true, severity: "high", provenance: "verified_onchain" });
    const mint = evidenceOf(result, "power_mint");
    expect(mint.proven_by).toBe("simulation");
    expect(mint.holders).toEqual(expect.arrayContaining([expect.objectContaining({ address: accounts.deployer, live: true }), expect.objectContaining({ address: standard!.address, kind: "code_constant" })]));
    expect(result.data.flags).toContain("power_mint");
    expect(signal(result, "power_balance_edit")).toMatchObject({ flag: false, severity: "info", evidence: { proven_by: "simulation" } });
  });
});
