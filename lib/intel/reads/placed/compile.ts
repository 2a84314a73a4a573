// The contracts the reads place by eth_call state override (the trade simulator, the power probe,
// the position and locker lenses) live here beside their generated runtime code (*.generated.ts,
// written by scripts/build-simulator.ts, never edited by hand). This compiles them, for that script
// and for the test that keeps each committed runtime code equal to its source. Same compiler and
// settings as the demo chain.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Abi, Hex } from "viem";

export const simulatorSource = "lib/intel/reads/placed/TradeSimulator.sol";

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: Abi; evm: { deployedBytecode: { object: string } } }>>;
};

export const lensSource = "lib/intel/reads/placed/PositionLens.sol";

/** One contract's runtime code and ABI, compiled from `source`. */
export function compilePlaced(source: string, name: string, root = process.cwd()): { runtime: Hex; abi: Abi } {
  const solc = createRequire(path.join(root, "package.json"))("solc") as { compile(input: string): string };
  // Named by its file name alone: the metadata the compiler appends to the code hashes the source's
  // name, so a path would change the runtime code whenever the folder moves.
  const unit = path.basename(source);
  const input = {
    language: "Solidity",
    sources: { [unit]: { content: readFileSync(path.join(root, source), "utf8") } },
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: "cancun", outputSelection: { "*": { [name]: ["abi", "evm.deployedBytecode.object"] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((entry) => entry.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((entry) => entry.formattedMessage).join("\n"));
  const contract = output.contracts[unit][name];
  return { runtime: `0x${contract.evm.deployedBytecode.object}`, abi: contract.abi };
}

export function compileSimulator(root = process.cwd()): { runtime: Hex; abi: Abi } {
  return compilePlaced(simulatorSource, "TradeSimulator", root);
}

export const powerProbeSource = "lib/intel/reads/placed/PowerProbe.sol";

export function compilePowerProbe(root = process.cwd()): { runtime: Hex; abi: Abi } {
  return compilePlaced(powerProbeSource, "PowerProbe", root);
}

export function compileLens(root = process.cwd()): { runtime: Hex; abi: Abi } {
  return compilePlaced(lensSource, "PositionLens", root);
}

export const lockerLensSource = "lib/intel/reads/placed/LockerLens.sol";

export function compileLockerLens(root = process.cwd()): { runtime: Hex; abi: Abi } {
  return compilePlaced(lockerLensSource, "LockerLens", root);
}
