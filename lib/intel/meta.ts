// What every chain read adds to the success envelope's meta: each field's provenance, and
// where the data came from (whether the operator's own node serves the network, and the block).
import { isServiceGrounded, type ChainId } from "@/lib/chain/networks";
import type { Provenance } from "@/lib/intel/provenance";

export function chainReadMeta(read: { chain: ChainId; block: bigint; provenance: Record<string, Provenance> }) {
  return {
    provenance: read.provenance,
    chain_data_source: { service_grounded: isServiceGrounded(read.chain), block_number: Number(read.block) },
  };
}
