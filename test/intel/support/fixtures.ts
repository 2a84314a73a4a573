// Contracts for the contract-analysis tests, compiled with solc-js from
// OpenZeppelin v5 and deployed on anvil: owned, renounced, Safe-owned and role-based
// tokens, a transparent and a UUPS proxy, and an EIP-1167 clone.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { encodeFunctionData, getAddress, keccak256, toHex, type Abi, type Address, type Hex } from "viem";
import { rpc } from "../../chain/support/anvil";
import { deployer, type TestChain } from "../../chain/support/contracts";

const require = createRequire(import.meta.url);
const nodeModules = fileURLToPath(new URL("../../../node_modules/", import.meta.url));

const source = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
import "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import "@openzeppelin/contracts/access/Ownable.sol";
import "@openzeppelin/contracts/access/AccessControl.sol";
import "@openzeppelin/contracts/proxy/transparent/TransparentUpgradeableProxy.sol";
import "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import "@openzeppelin/contracts/proxy/utils/UUPSUpgradeable.sol";

contract OwnedToken is ERC20, Ownable {
    constructor(address owner_) ERC20("Owned Token", "OWN") Ownable(owner_) { _mint(msg.sender, 1_000_000 ether); }
}

contract RolesToken is ERC20, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");
    constructor(address minter, address pauser) ERC20("Roles Token", "ROLE") {
        _grantRole(DEFAULT_ADMIN_ROLE, msg.sender);
        _grantRole(MINTER_ROLE, minter);
        _grantRole(PAUSER_ROLE, pauser);
    }
}

contract SafeLike {
    address[] private owners;
    uint256 private threshold;
    constructor(address[] memory owners_, uint256 threshold_) { owners = owners_; threshold = threshold_; }
    function getOwners() external view returns (address[] memory) { return owners; }
    function getThreshold() external view returns (uint256) { return threshold; }
}

contract PlainLogic {
    uint256 public value;
    function set(uint256 v) external { value = v; }
}

contract UupsLogic is UUPSUpgradeable {
    uint256 public value;
    function set(uint256 v) external { value = v; }
    function _authorizeUpgrade(address) internal override {}
}
`;

export type FixtureName = "OwnedToken" | "RolesToken" | "SafeLike" | "PlainLogic" | "UupsLogic" | "TransparentUpgradeableProxy" | "ERC1967Proxy" | "ProxyAdmin";
type Artifact = { abi: Abi; bytecode: Hex };

function compile(): Record<FixtureName, Artifact> {
  const solc = require("solc") as { compile(input: string, callbacks: { import: (p: string) => { contents: string } | { error: string } }): string; version(): string };
  // Cancun: the newest opcodes a current compiler may emit are not all on the test node.
  const input = { language: "Solidity", sources: { "Fixtures.sol": { content: source } }, settings: { evmVersion: "cancun", optimizer: { enabled: true, runs: 200 }, outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } } };
  const cacheFile = path.join(os.tmpdir(), `contract-analysis-fixtures-${createHash("sha256").update(JSON.stringify(input) + solc.version()).digest("hex").slice(0, 16)}.json`);
  if (fs.existsSync(cacheFile)) return JSON.parse(fs.readFileSync(cacheFile, "utf8"));
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: (p) => { try { return { contents: fs.readFileSync(nodeModules + p, "utf8") }; } catch { return { error: `not found: ${p}` }; } } }));
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === "error");
  if (errors.length) throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join("\n"));
  const all: Record<string, Artifact> = {};
  for (const file of Object.values(output.contracts) as Array<Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>) {
    for (const [name, c] of Object.entries(file)) all[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  }
  fs.writeFileSync(cacheFile, JSON.stringify(all));
  return all as Record<FixtureName, Artifact>;
}

let artifacts: Record<FixtureName, Artifact> | undefined;
export function fixtures() {
  artifacts ??= compile();
  return artifacts;
}

export async function deployFixture(chain: TestChain, name: FixtureName, args: readonly unknown[] = []) {
  const { abi, bytecode } = fixtures()[name];
  const hash = await chain.walletClient.deployContract({ abi, bytecode, args, account: deployer, chain: null });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 10 });
  return { address: getAddress(receipt.contractAddress!), hash, block: Number(receipt.blockNumber) };
}

export async function send(chain: TestChain, to: Address, abi: Abi, functionName: string, args: readonly unknown[] = []) {
  const hash = await chain.walletClient.sendTransaction({ to, data: encodeFunctionData({ abi, functionName, args }), account: deployer, chain: null });
  await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 10 });
  return hash;
}

/** An EIP-1167 minimal proxy's runtime code pointing at `target`, placed at `at`. */
export async function placeMinimalProxy(chain: TestChain, at: Address, target: Address) {
  const code = `0x363d3d373d3d3d363d73${target.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3` as Hex;
  await rpc(chain.url, "anvil_setCode", [at, code]);
}

/** OpenZeppelin 5.7's proxies refuse to deploy without an initialisation call. */
export const setOne = encodeFunctionData({ abi: [{ type: "function", name: "set", inputs: [{ type: "uint256", name: "v" }], outputs: [], stateMutability: "nonpayable" }], functionName: "set", args: [1n] });

export const roleId = (name: string) => keccak256(toHex(name));
