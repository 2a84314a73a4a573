// What the provider layer hands viem: a batch the node answered in full, one answer per call, goes
// on as the node's own text (no second serialisation), and so does any clean reply (2xx, no "error"
// in it: nothing in it for this layer to read), ids or none, since viem pairs answers by id or by
// position; answers it had to read, pair or replace are written anew. Node answers compressed with gzip arrive as text, as fetch gave them.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { createPublicClient, http } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerFetch } from "@/lib/chain/provider-fetch";
import { forgetProviderProfiles, providerProfile } from "@/lib/chain/provider-profile";

let answer: (calls: { id: number; method: string }[], response: ServerResponse) => void = () => undefined;
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => answer(JSON.parse(body), response));
});
let url = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => {
  server.close();
  forgetProviderProfiles();
});

const batch = JSON.stringify([
  { jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] },
  { jsonrpc: "2.0", id: 2, method: "eth_chainId", params: [] },
]);
const send = () => providerFetch({ profile: providerProfile(url), scope: () => undefined, maxWaitMs: 1_000 })(url, { method: "POST", headers: { "content-type": "application/json" }, body: batch });

describe("providerFetch's answers to viem", () => {
  it("passes a batch answered in full on as the node wrote it, in the node's order and spacing", async () => {
    const written = '[ {"jsonrpc":"2.0","id":2,"result":"0x1"},  {"jsonrpc":"2.0","id":1,"result":"0x10"} ]';
    answer = (_, response) => response.writeHead(200, { "content-type": "application/json" }).end(written);
    expect(await (await send()).text()).toBe(written);
  });

  it("passes a clean reply from a node that leaves the ids out on as it came, and viem pairs its answers by position", async () => {
    const written = '[{"jsonrpc":"2.0","result":"0x2a"},{"jsonrpc":"2.0","result":"0x1"}]';
    answer = (_, response) => response.writeHead(200, { "content-type": "application/json" }).end(written);
    expect(await (await send()).text()).toBe(written);
    const client = createPublicClient({ transport: http(url, { batch: true, retryCount: 0, fetchFn: providerFetch({ profile: providerProfile(url), scope: () => undefined, maxWaitMs: 1_000 }) }) });
    expect(await Promise.all([client.getBlockNumber({ cacheTime: 0 }), client.getChainId()])).toEqual([42n, 1]);
  });

  it("writes the answers anew where it had to read them and pair them with their calls (an error inside, no ids echoed)", async () => {
    answer = (_, response) => response.writeHead(200, { "content-type": "application/json" }).end('[{"jsonrpc":"2.0","result":"0x10"},{"jsonrpc":"2.0","error":{"code":3,"message":"execution reverted"}}]');
    expect(JSON.parse(await (await send()).text())).toEqual([
      { jsonrpc: "2.0", id: 1, result: "0x10" },
      { jsonrpc: "2.0", id: 2, error: { code: 3, message: "execution reverted" } },
    ]);
  });

  it("reads a gzip-compressed answer as its text", async () => {
    const written = '[{"jsonrpc":"2.0","id":1,"result":"0x10"},{"jsonrpc":"2.0","id":2,"result":"0x1"}]';
    answer = (_, response) => response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" }).end(gzipSync(written));
    expect(await (await send()).text()).toBe(written);
  });

  it("fails a connection the node drops as fetch did, with the socket's code in the cause", async () => {
    answer = (_, response) => response.socket?.destroy();
    const error = await send().then(
      () => null,
      (caught: unknown) => caught as TypeError & { cause?: { code?: string } },
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(error?.message).toBe("fetch failed");
    expect(error?.cause?.code).toBe("ECONNRESET");
  });
});
