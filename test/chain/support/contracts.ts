// Small contracts the chain tests deploy on anvil, compiled with solc-js at test time.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import {
  createPublicClient,
  createWalletClient,
  http,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
  type WalletClient,
} from "viem";
import { getNetwork } from "@/lib/chain/networks";
import { rpc } from "./anvil";

const require = createRequire(import.meta.url);
const nodeModules = fileURLToPath(new URL("../../../node_modules/", import.meta.url));

const source = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
import "@openzeppelin/contracts/token/ERC20/ERC20.sol";

contract TestToken is ERC20 {
    uint8 private immutable _decimals;
    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 supply) ERC20(name_, symbol_) {
        _decimals = decimals_;
        _mint(msg.sender, supply);
    }
    function decimals() public view override returns (uint8) { return _decimals; }
}

// Early-token style: bytes32 name and symbol, and no decimals() at all.
contract Bytes32Token {
    bytes32 public name = "Maker";
    bytes32 public symbol = "MKR";
    uint256 public totalSupply = 1000;
}

// Reverts on name() and claims 300 decimals.
contract OddToken {
    function name() external pure returns (string memory) { revert("no name"); }
    function symbol() external pure returns (string memory) { return "ODD"; }
    function decimals() external pure returns (uint256) { return 300; }
    function totalSupply() external pure returns (uint256) { return 7; }
}

// Answers name() with a number, which is not text in any encoding.
contract NumberNameToken {
    function name() external pure returns (uint256) { return 1; }
}

contract TransferEmitter {
    event Transfer(address indexed from, address indexed to, uint256 value);
    uint256 public sequence;
    function emitTransfers(address to, uint256 count) external {
        for (uint256 i = 0; i < count; i++) emit Transfer(msg.sender, to, sequence++);
    }
}

// The part of Multicall3 viem uses: aggregate3 for batched calls, getEthBalance for
// batched balances, and the block getters, with Multicall3's own semantics.
contract Multicall3Subset {
    struct Call3 { address target; bool allowFailure; bytes callData; }
    struct Result { bool success; bytes returnData; }
    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
        returnData = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory data) = calls[i].target.call(calls[i].callData);
            require(ok || calls[i].allowFailure, "Multicall3: call failed");
            returnData[i] = Result(ok, data);
        }
    }
    function getEthBalance(address addr) external view returns (uint256 balance) { balance = addr.balance; }
    function getCurrentBlockTimestamp() external view returns (uint256 timestamp) { timestamp = block.timestamp; }
    function getBlockNumber() external view returns (uint256 blockNumber) { blockNumber = block.number; }
    function getChainId() external view returns (uint256 chainid) { chainid = block.chainid; }
    function getBasefee() external view returns (uint256 basefee) { basefee = block.basefee; }
}
`;

export type ContractName = "TestToken" | "Bytes32Token" | "OddToken" | "NumberNameToken" | "TransferEmitter" | "Multicall3Subset";
type Artifact = { abi: Abi; bytecode: Hex };

let compiled: Record<ContractName, Artifact> | undefined;

function findImport(path: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(`${nodeModules}${path}`, "utf8") };
  } catch {
    return { error: `not found: ${path}` };
  }
}

export function artifacts(): Record<ContractName, Artifact> {
  if (compiled) return compiled;
  const solc = require("solc") as { compile(input: string, callbacks: { import: typeof findImport }): string };
  const input = {
    language: "Solidity",
    sources: { "Chain.sol": { content: source } },
    settings: { outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join("\n"));
  const byName = output.contracts["Chain.sol"];
  const pick = (name: ContractName): Artifact => ({ abi: byName[name].abi, bytecode: `0x${byName[name].evm.bytecode.object}` });
  compiled = {
    TestToken: pick("TestToken"),
    Bytes32Token: pick("Bytes32Token"),
    OddToken: pick("OddToken"),
    NumberNameToken: pick("NumberNameToken"),
    TransferEmitter: pick("TransferEmitter"),
    Multicall3Subset: pick("Multicall3Subset"),
  };
  return compiled;
}

/** anvil's first dev account, unlocked on the node. */
export const deployer: Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

export type TestChain = { publicClient: PublicClient; walletClient: WalletClient; url: string };

/** Plain, unmetered clients for setting up state, kept apart from the clients under test. */
export function setupClients(url: string): TestChain {
  const transport = http(url);
  return {
    url,
    publicClient: createPublicClient({ transport, pollingInterval: 10, cacheTime: 0 }),
    walletClient: createWalletClient({ account: deployer, transport }),
  };
}

export async function deploy(chain: TestChain, name: ContractName, args: readonly unknown[] = []): Promise<Address> {
  const { abi, bytecode } = artifacts()[name];
  const hash = await chain.walletClient.deployContract({ abi, bytecode, args, account: deployer, chain: null });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 10 });
  if (!receipt.contractAddress) throw new Error(`${name} was not deployed`);
  return receipt.contractAddress;
}

/** Puts Multicall3's code at the registry's Multicall3 address, as on a real network. */
export async function installMulticall3(chain: TestChain): Promise<void> {
  const deployed = await deploy(chain, "Multicall3Subset");
  const code = await chain.publicClient.getCode({ address: deployed });
  if (!code) throw new Error("Multicall3Subset has no code");
  await rpc(chain.url, "anvil_setCode", [getNetwork("eth").multicall3, code]);
}
