// More history on a running demo chain, so a benchmark can show how cost grows with matching
// logs: each measured wallet and token gets (factor − 1) times its own activity again — the
// trader's buys and sells, the approvals wallet's approvals (to fresh spenders), and trades in
// every scenario token by the demo buyers. Sent through anvil's impersonation; the saved demo
// state is never written back.
import { createTestClient, createWalletClient, http, maxUint256, parseAbi, parseEther, publicActions, type Address } from "viem";
import type { DemoChain } from "@/demo-chain";
import { getNetwork, type ChainId } from "@/lib/chain/networks";

const routerAbi = parseAbi([
  "function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable",
  "function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)",
]);
const erc20 = parseAbi(["function approve(address, uint256) returns (bool)", "function balanceOf(address) view returns (uint256)"]);

export async function addHistory(chain: ChainId, demo: DemoChain, factor: number): Promise<{ transactions: number }> {
  if (factor <= 1) return { transactions: 0 };
  const network = getNetwork(chain);
  const router = network.dexes.find((dex) => dex.kind === "uniswap-v2")!.router;
  const wrapped = network.wrappedNative.address;
  const test = createTestClient({ mode: "anvil", transport: http(demo.rpcUrl) }).extend(publicActions);
  const wallet = createWalletClient({ transport: http(demo.rpcUrl) });
  const book = demo.addressBook;
  let sent = 0;
  const send = async (from: Address, tx: Parameters<typeof wallet.writeContract>[0]) => {
    await test.impersonateAccount({ address: from });
    await test.setBalance({ address: from, value: parseEther("1000") });
    const hash = await wallet.writeContract({ ...tx, account: from, chain: null } as Parameters<typeof wallet.writeContract>[0]);
    await test.waitForTransactionReceipt({ hash });
    sent += 1;
  };
  const deadline = 2n ** 40n;
  const buy = (from: Address, token: Address, native: string) =>
    send(from, { address: router, abi: routerAbi, functionName: "swapExactETHForTokensSupportingFeeOnTransferTokens", args: [0n, [wrapped, token], from, deadline], value: parseEther(native) } as never);
  const sellHalf = async (from: Address, token: Address) => {
    const held = await test.readContract({ address: token, abi: erc20, functionName: "balanceOf", args: [from] });
    if (held === 0n) return;
    await send(from, { address: token, abi: erc20, functionName: "approve", args: [router, maxUint256] } as never);
    await send(from, { address: router, abi: routerAbi, functionName: "swapExactTokensForETHSupportingFeeOnTransferTokens", args: [held / 2n, 0n, [token, wrapped], from, deadline] } as never);
  };

  const extra = factor - 1;
  const trader = book.scenarios.trader;
  for (let round = 0; round < extra; round++) {
    for (const trade of trader.trades) {
      if (trade.side === "buy") await buy(trader.wallet, trader.token, "0.05");
      else await sellHalf(trader.wallet, trader.token);
    }
    const approvals = book.scenarios.approvals;
    for (const [i, approval] of approvals.approvals.filter((record) => record.kind !== "revoked").entries()) {
      const spender = `0x${(0xa000 + round * 8 + i).toString(16).padStart(40, "0")}` as Address;
      await send(approvals.wallet, { address: approval.token, abi: erc20, functionName: "approve", args: [spender, 1_000n + BigInt(round)] } as never);
    }
  }
  const buyers = Object.entries(book.wallets).filter(([role]) => role.startsWith("buyer")).map(([, address]) => address);
  const tokens = ["healthy", "rug", "dump", "mintable", "honeypot", "tax", "transparentProxy", "uupsProxy", "roles", "lockedLiquidity", "timelockOwned"] as const;
  for (const name of tokens) {
    const scenario = book.scenarios[name];
    const count = scenario.trades.length * extra;
    for (let i = 0; i < count; i++) {
      const buyer = buyers[i % buyers.length];
      // Honeypot sells revert for ordinary holders: its extra history is buys.
      if (i % 2 === 1 && name !== "honeypot") await sellHalf(buyer, scenario.token.address);
      else await buy(buyer, scenario.token.address, "0.02");
    }
  }
  return { transactions: sent };
}
