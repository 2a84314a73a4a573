// Display names of the three served networks (a plain module: client forms import it).
export const chainLabels = { eth: "Ethereum", base: "Base", bsc: "BNB Chain" } as const;
export type ChainCode = keyof typeof chainLabels;
export const chainCodes = Object.keys(chainLabels) as ChainCode[];
