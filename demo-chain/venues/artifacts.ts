// The published build artifacts of the concentrated-liquidity venues, used as shipped: Uniswap V3
// (v3-core, v3-periphery), Uniswap V4 (v4-core, v4-periphery), the Universal Router and
// PancakeSwap V3 (factory and pool). Permit2 has no package of its own here: its runtime code is
// the one v4-periphery's test utilities etch at the canonical address (lib/permit2's
// DeployPermit2.sol). Nothing is compiled: pool addresses depend on these exact creation codes.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Abi, Hex } from "viem";
import type { Artifact } from "../compile";
import { packageDir, packageVersion, requireFromHere } from "../paths";

type HardhatArtifact = { abi: Abi; bytecode: string };
type FoundryArtifact = { abi: Abi; bytecode: { object: string } };

const hex = (code: string): Hex => (code.startsWith("0x") ? code : `0x${code}`) as Hex;

function hardhat(file: string): Artifact {
  const build = requireFromHere(file) as HardhatArtifact;
  return { abi: build.abi, bytecode: hex(build.bytecode) };
}

function foundry(file: string): Artifact {
  const build = requireFromHere(file) as FoundryArtifact;
  return { abi: build.abi, bytecode: hex(build.bytecode.object) };
}

/** Permit2's runtime code, read from the hex literal v4-periphery's test helper etches. */
function permit2RuntimeCode(): Hex {
  const file = path.join(packageDir("@uniswap/v4-periphery"), "lib/permit2/test/utils/DeployPermit2.sol");
  const literal = /hex"([0-9a-f]+)"/.exec(readFileSync(file, "utf8"));
  if (!literal) throw new Error(`no Permit2 bytecode in ${file}`);
  return `0x${literal[1]}`;
}

export type VenueArtifacts = {
  v3Factory: Artifact;
  v3Pool: Artifact;
  v3PositionManager: Artifact;
  v4PoolManager: Artifact;
  v4PositionManager: Artifact;
  v4StateView: Artifact;
  v4Quoter: Artifact;
  universalRouter: Artifact;
  permit2Runtime: Hex;
  pancakeFactory: Artifact;
  pancakePool: Artifact;
};

let memo: VenueArtifacts | null = null;

export function venueArtifacts(): VenueArtifacts {
  memo ??= {
    v3Factory: hardhat("@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json"),
    v3Pool: hardhat("@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json"),
    v3PositionManager: hardhat(
      "@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json",
    ),
    v4PoolManager: foundry("@uniswap/v4-core/out/PoolManager.sol/PoolManager.json"),
    v4PositionManager: foundry("@uniswap/v4-periphery/foundry-out/PositionManager.sol/PositionManager.json"),
    v4StateView: foundry("@uniswap/v4-periphery/foundry-out/StateView.sol/StateView.json"),
    v4Quoter: foundry("@uniswap/v4-periphery/foundry-out/V4Quoter.sol/V4Quoter.json"),
    universalRouter: hardhat("@uniswap/universal-router/artifacts/contracts/UniversalRouter.sol/UniversalRouter.json"),
    permit2Runtime: permit2RuntimeCode(),
    pancakeFactory: hardhat("@pancakeswap/v3-core/artifacts/contracts/PancakeV3Factory.sol/PancakeV3Factory.json"),
    pancakePool: hardhat("@pancakeswap/v3-core/artifacts/contracts/PancakeV3Pool.sol/PancakeV3Pool.json"),
  };
  return memo;
}

/** The venue packages and their versions, for the demo chain's source hash. */
export function venuePackageVersions(): string {
  const packages = [
    "@uniswap/v3-core",
    "@uniswap/v3-periphery",
    "@uniswap/v4-core",
    "@uniswap/v4-periphery",
    "@uniswap/universal-router",
    "@pancakeswap/v3-core",
  ];
  return packages.map((name) => `${name}@${packageVersion(name)}`).join(" ");
}
