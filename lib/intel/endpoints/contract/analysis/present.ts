// contract/analysis, present: the answer, every field with its provenance. The slots and
// owner() are facts; which proxy standard they amount to, and the limitations, are readings.
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { ProvenanceLedger } from "@/lib/intel/answers/ledger";
import { totalSupplyOf } from "@/lib/intel/answers/present";
import type { PresentedAnswer } from "@/lib/intel/runtime/endpoint-adapter";
import { labelDeployer } from "@/lib/intel/reads/token/deployer";
import { assessContract } from "./assess";
import type { ContractReading } from "./read";

const baseLimitations = [
  "The deep controller graph is Ethereum only; on this network attribution comes from a narrower wallet-role read (owner and proxy administrator).",
  "Deployer evidence on this network comes from an outside source and is a strong lead, not a proven fact.",
  "Liquidity lock schedules are not decoded on this network; a missing lock must not be read as no lock (use intel/liquidity for LP custody and burn evidence).",
];

function limitationsFor(chain: ChainId): string[] {
  if (chain === "eth") return [];
  const name = getNetwork(chain).displayName;
  const list = chain === "base" ? baseLimitations : [baseLimitations[0], baseLimitations[2]];
  return list.map((text) => text.replace("this network", name));
}

export function presentContract(reading: ContractReading) {
  const ledger = new ProvenanceLedger().fact("contract");
  const { account, chain, block } = reading;
  const identity = account.identity;
  const contract = {
    address: reading.address,
    exists: account.exists,
    is_contract: reading.isContract,
    bytecode_size: (account.code.length - 2) / 2,
    erc20:
      reading.isContract && (identity.symbol.value !== null || identity.totalSupply.value !== null)
        ? { name: identity.name.value, symbol: identity.symbol.value, decimals: identity.decimals.value, total_supply: totalSupplyOf(identity) }
        : null,
  };
  const answer = <Data extends object>(data: Data) => ({ chain, block, data: { contract, ...data, limitations: limitationsFor(chain), unavailable: ledger.unavailable }, provenance: ledger.reading("limitations").provenance }) satisfies PresentedAnswer;

  if (!reading.isContract) {
    for (const field of ["ownership", "proxy", "deployer", "controllers", "source_verification"]) ledger.missing(field, "The address holds no contract code at this block.");
    return answer({ ownership: null, proxy: null, deployer: null, controllers: null, source_verification: null });
  }

  const { ownership, controllers, roleScan } = assessContract(reading);
  const deployer = reading.deployment ? { address: reading.deployment.deployer, transaction: reading.deployment.transaction, block: Number(reading.deployment.block) } : null;
  labelDeployer(ledger, "deployer", reading.deployment, chain);
  const { proxy } = reading;
  ledger.reading("proxy");
  if (ownership.owner === null) ledger.gap("ownership", "The contract has no owner() function; other control (roles, proxy admin) is listed under controllers.");
  ledger.fact("ownership", "controllers");
  ledger.missing("source_verification", "No source-verification service is configured, so whether the source is published is not known.");

  return answer({
    ownership,
    proxy: {
      standard: proxy.standard,
      implementation: proxy.implementation,
      ...(proxy.standard === "eip2535_diamond" ? { facets: proxy.facets } : {}),
      beacon: proxy.beacon,
      admin: reading.adminHolder,
      admin_owner: reading.adminOwnerHolder,
    },
    deployer,
    controllers: {
      accounts: controllers,
      ...(roleScan ? { role_scan: { from_block: roleScan.from_block, to_block: Number(block), truncated: roleScan.truncated } } : { graph: "narrow: owner and proxy administrator only" as const }),
    },
    source_verification: null,
  });
}
