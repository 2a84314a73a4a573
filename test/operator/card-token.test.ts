// Publishing a discover card checks its token on its chain (the Ethereum demo chain here): a
// contract answering totalSupply() must be there, and its own name and symbol go on the card.
// Beside `npm run dev`, the operator CLI finds the demo chains the server recorded in DATA_DIR.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DemoChain } from "@/demo-chain";
import { useSharedDemoChains } from "../support/demo-chains";
import { forgetRunningDemoChains, recordRunningDemoChains, withRunningDemoChains } from "@/demo-chain/running";
import { runCli } from "@/lib/operator/cli";
import { nodeSettingsChanged } from "../support/node-settings";
import { getNetwork } from "@/lib/chain/networks";
import { createTestDatabase } from "../support/postgres";

const run = promisify(execFile);
const multicall3 = getNetwork("eth").multicall3;

describe("a discover card's token, checked on its chain", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let eth: DemoChain;
  let dataDir: string;

  const sharedChains = useSharedDemoChains(["eth"]);
  beforeAll(async () => {
    database = await createTestDatabase();
    eth = sharedChains.get("eth");
    dataDir = await mkdtemp(path.join(tmpdir(), "card-token-"));
  }, 180_000);
  afterAll(async () => {
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await nodeSettingsChanged();
  });

  async function publish(token: string, env: Record<string, string>, ...more: string[]) {
    const { exitCode, output } = await runCli(["card", "publish", "--chain", "eth", "--token", token, "--hook", "Checked on chain", "--bullets", "one|two", ...more, "--json"], { ...process.env, DATABASE_URL: database.url, ...env });
    return { code: exitCode, out: output as Record<string, unknown> };
  }
  const onDemo = () => ({ ETH_RPC_URL: eth.rpcUrl });

  it("takes the name and symbol from the token; typed ones do not override what the token says", async () => {
    const token = eth.addressBook.scenarios.healthy.token;
    const published = await publish(token.address, onDemo(), "--token-name", "USD Coin", "--token-symbol", "USDC");
    expect(published).toEqual({ code: 0, out: expect.objectContaining({ ok: true, status: "published", token_name: token.name, token_symbol: token.symbol }) });
  });

  it("refuses an address with no contract, and a contract that is not an ERC-20 token", async () => {
    const empty = await publish(`0x${"c".repeat(40)}`, onDemo());
    expect(empty).toEqual({ code: 1, out: { ok: false, error: "invalid_token", message: expect.stringMatching(/^No token at 0x[cC]{40} on Ethereum: the address holds no contract\.$/) } });
    const notToken = await publish(multicall3, onDemo());
    expect(notToken.out).toMatchObject({ ok: false, error: "invalid_token", message: expect.stringContaining("is not an ERC-20 token: it does not answer totalSupply()") });
  });

  it("a chain that cannot answer refuses the card as unavailable; nothing is published", async () => {
    const down = await publish(eth.addressBook.scenarios.healthy.token.address, { ETH_RPC_URL: "http://127.0.0.1:9/" });
    expect(down.out).toMatchObject({ ok: false, error: "unavailable", message: expect.stringMatching(/^The token could not be checked on Ethereum: .+ Nothing was published; try again\.$/) });
    const none = await publish(eth.addressBook.scenarios.healthy.token.address, { ETH_RPC_URL: "" });
    expect(none.out).toMatchObject({ ok: false, error: "unavailable", message: expect.stringContaining("set ETH_RPC_URL") });
  });

  it("the CLI beside a server that runs the demo chains reaches them through the record in DATA_DIR", async () => {
    const env = { ...process.env, DATA_DIR: dataDir, ETH_RPC_URL: "", BASE_RPC_URL: "", BSC_RPC_URL: "" };
    expect(withRunningDemoChains(env)).toBe(env);
    await recordRunningDemoChains({ ETH_RPC_URL: eth.rpcUrl, BASE_RPC_URL: eth.rpcUrl, BSC_RPC_URL: eth.rpcUrl }, env);
    expect(withRunningDemoChains(env).ETH_RPC_URL).toBe(eth.rpcUrl);
    // A node the operator configured wins over the record.
    expect(withRunningDemoChains({ ...env, ETH_RPC_URL: "http://node.example" }).ETH_RPC_URL).toBe("http://node.example");

    const token = eth.addressBook.scenarios.rug.token;
    const { stdout } = await run("npx", ["tsx", "scripts/admin.ts", "card", "publish", "--chain", "eth", "--token", token.address, "--hook", "Found through the record", "--bullets", "a", "--json"], {
      env: { ...env, DATABASE_URL: database.url },
    });
    expect(JSON.parse(stdout)).toMatchObject({ ok: true, token_name: token.name, token_symbol: token.symbol });

    await forgetRunningDemoChains(env);
    expect(withRunningDemoChains(env)).toBe(env);
  }, 60_000);
});
