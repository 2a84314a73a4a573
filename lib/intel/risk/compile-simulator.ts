// The trade simulator's compilation, shared by its build script and the test that keeps the
// committed runtime code equal to the source. Same compiler and settings as the demo chain.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Abi, Hex } from "viem";

export const simulatorSource = "contracts/simulator/TradeSimulator.sol";

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: Abi; evm: { deployedBytecode: { object: string } } }>>;
};

export function compileSimulator(root = process.cwd()): { runtime: Hex; abi: Abi } {
  const solc = createRequire(path.join(root, "package.json"))("solc") as { compile(input: string): string };
  const input = {
    language: "Solidity",
    sources: { [simulatorSource]: { content: readFileSync(path.join(root, simulatorSource), "utf8") } },
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "cancun", outputSelection: { "*": { TradeSimulator: ["abi", "evm.deployedBytecode.object"] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((entry) => entry.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((entry) => entry.formattedMessage).join("\n"));
  const contract = output.contracts[simulatorSource].TradeSimulator;
  return { runtime: `0x${contract.evm.deployedBytecode.object}`, abi: contract.abi };
}
