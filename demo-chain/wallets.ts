// The demo chain's actors: accounts of anvil's default mnemonic, each with one fixed role, so a
// scenario's deployer, team, buyers and trader are the same addresses on every build and chain.
import { pbkdf2Sync } from "node:crypto";
import { toHex, type Address } from "viem";
import { HDKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";

/** anvil's public development mnemonic; it guards nothing. */
export const DEMO_MNEMONIC = "test test test test test test test test test test test junk";
export const DERIVATION_PATH = "m/44'/60'/0'/0";

/** Role → account index. Append only: moving a role changes every address built after it. */
export const WALLET_ROLES = [
  "dexAdmin",
  "liquidityProvider",
  "healthyDeployer",
  "rugDeployer",
  "dumpDeployer",
  "dumpTeam1",
  "dumpTeam2",
  "dumpTeam3",
  "mintableOwner",
  "honeypotOwner",
  "taxOwner",
  "taxWallet",
  "transparentDeployer",
  "proxyAdminOwner",
  "uupsOwner",
  "rolesAdmin",
  "rolesMinter",
  "rolesRevokedMinter",
  "rolesPauser",
  "lockerDeployer",
  "lockedDeployer",
  "timelockDeployer",
  "timelockProposer",
  "timelockExecutor",
  "treasury",
  "approvalsWallet",
  "limitedSpender",
  "revokedSpender",
  "trader",
  "buyer1",
  "buyer2",
  "buyer3",
  "buyer4",
  "buyer5",
  "buyer6",
  "buyer7",
  "buyer8",
  // Aerodrome (Base only)
  "aerodromeDeployer",
  "aerodromeTrader",
  "aerodromeStableDeployer",
  "slipstreamDeployer",
  "slipstreamTrader",
] as const;

export type WalletRole = (typeof WALLET_ROLES)[number];
export type Wallets = Record<WalletRole, PrivateKeyAccount>;

/** BIP-39 seed: PBKDF2-SHA512 of the phrase, salted with "mnemonic" (no passphrase), 2048 rounds. */
function seedOf(mnemonic: string): Uint8Array {
  return pbkdf2Sync(Buffer.from(mnemonic.normalize("NFKD")), Buffer.from("mnemonic"), 2048, 64, "sha512");
}

// Deriving the shared parent once is ~10x faster than deriving each full path from the seed.
export function deriveWallets(mnemonic = DEMO_MNEMONIC): Wallets {
  const parent = HDKey.fromMasterSeed(seedOf(mnemonic)).derive(DERIVATION_PATH);
  const entries = WALLET_ROLES.map((role, index) => {
    const key = parent.deriveChild(index).privateKey;
    if (!key) throw new Error(`no private key for account ${index}`);
    return [role, privateKeyToAccount(toHex(key))] as const;
  });
  return Object.fromEntries(entries) as Wallets;
}

export function walletAddresses(wallets: Wallets): Record<WalletRole, Address> {
  return Object.fromEntries(WALLET_ROLES.map((role) => [role, wallets[role].address])) as Record<WalletRole, Address>;
}
