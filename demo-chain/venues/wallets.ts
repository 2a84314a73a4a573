// The wallets of the venue scenarios: accounts of the same anvil mnemonic as WALLET_ROLES, from
// index 100 on, so they never collide with the roles the main list appends, and a wallet of an
// existing scenario (the trader's PnL, the approvals wallet) never gains activity from here.
import { pbkdf2Sync } from "node:crypto";
import { toHex, type Address } from "viem";
import { HDKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { DEMO_MNEMONIC, DERIVATION_PATH } from "../wallets";

/** Role → account index VENUE_WALLET_FIRST_INDEX + position. Append only. */
export const VENUE_WALLET_ROLES = [
  "peripheryDeployer",
  "v3Deployer",
  "v3Trader",
  "v4Deployer",
  "v4Trader",
  "hookOwner",
  "hookedDeployer",
  "hookedTrader",
  "pancakeDeployer",
  "pancakeTrader",
  "dustDeployer",
  "dustTrader",
  "taxedV3Deployer",
  "taxedV3Trader",
  // The signal scenarios (scenarios/signals.ts), played after the venues.
  "zeppelinosDeployer",
  "zeppelinosAdmin",
  "beaconOwner",
  "diamondOwner",
  "proxyKindsBuyer",
  "dodgerOwner",
  "noReturnOwner",
  "walletTaxOwner",
  "uncxLockOwner",
  "limitsOwner",
  "permit2Wallet",
  "permit2ExpiredSpender",
  "permit2RevokedSpender",
  "nftOperator",
  "reclaimOwner",
  "bridgedDeployer",
  "bridger",
  "sameBlockOwner",
  "hiddenOwnerDeployer",
  "hiddenDev",
] as const;

export const VENUE_WALLET_FIRST_INDEX = 100;

export type VenueWalletRole = (typeof VENUE_WALLET_ROLES)[number];
export type VenueWallets = Record<VenueWalletRole, PrivateKeyAccount>;

export function deriveVenueWallets(mnemonic = DEMO_MNEMONIC): VenueWallets {
  return deriveRoleWallets(VENUE_WALLET_ROLES, VENUE_WALLET_FIRST_INDEX, mnemonic);
}

/** Accounts of the demo mnemonic for a list of roles, the first at `firstIndex`, in order. */
export function deriveRoleWallets<Role extends string>(roles: readonly Role[], firstIndex: number, mnemonic = DEMO_MNEMONIC): Record<Role, PrivateKeyAccount> {
  // BIP-39 seed (PBKDF2-SHA512, salt "mnemonic", 2048 rounds), then the shared parent path once.
  const seed = pbkdf2Sync(Buffer.from(mnemonic.normalize("NFKD")), Buffer.from("mnemonic"), 2048, 64, "sha512");
  const parent = HDKey.fromMasterSeed(seed).derive(DERIVATION_PATH);
  const entries = roles.map((role, position) => {
    const key = parent.deriveChild(firstIndex + position).privateKey;
    if (!key) throw new Error(`no private key for account ${firstIndex + position}`);
    return [role, privateKeyToAccount(toHex(key))] as const;
  });
  return Object.fromEntries(entries) as Record<Role, PrivateKeyAccount>;
}

export function venueWalletAddresses(wallets: VenueWallets): Record<VenueWalletRole, Address> {
  return Object.fromEntries(VENUE_WALLET_ROLES.map((role) => [role, wallets[role].address])) as Record<
    VenueWalletRole,
    Address
  >;
}
