// The limiter's Redis client: RESP2 framing and parsing, and, against the real Redis
// on loopback, ordering under load, large replies, error replies, AUTH and SELECT from
// the URL, a refused connection, a silent server, a connection lost mid-command, and
// close().
import { randomBytes } from "node:crypto";
import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { encodeCommand, parseRedisUrl, parseReply, RedisReplyError, RespClient } from "@/lib/redis/resp-client";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const tag = randomBytes(4).toString("hex");

describe("RESP framing", () => {
  it("frames arguments with their UTF-8 byte lengths", () => {
    expect(encodeCommand(["SET", "k€y", 42])).toBe("*3\r\n$3\r\nSET\r\n$5\r\nk€y\r\n$2\r\n42\r\n");
  });

  it("parses every reply type, nested arrays and nulls", () => {
    const replies = "+OK\r\n-ERR wrong\r\n:-7\r\n$6\r\nh€\r\n\r\n$-1\r\n*-1\r\n*2\r\n*2\r\n:1\r\n$1\r\na\r\n*0\r\n";
    const buffer = Buffer.from(replies);
    const values: unknown[] = [];
    for (let offset = 0; offset < buffer.length; ) {
      const reply = parseReply(buffer, offset);
      if (typeof reply === "symbol") throw new Error("incomplete");
      values.push(reply.value);
      offset = reply.end;
    }
    expect(values[1]).toBeInstanceOf(RedisReplyError);
    expect((values[1] as Error).message).toBe("ERR wrong");
    expect([values[0], values[2], values[3], values[4], values[5], values[6]]).toEqual(["OK", -7, "h€\r\n", null, null, [[1, "a"], []]]);
  });

  it("says incomplete at every split point rather than guessing", () => {
    const buffer = Buffer.from("*2\r\n$3\r\nabc\r\n:12\r\n");
    for (let cut = 0; cut < buffer.length; cut++) expect(typeof parseReply(buffer.subarray(0, cut), 0)).toBe("symbol");
    expect(parseReply(buffer, 0)).toEqual({ value: ["abc", 12], end: buffer.length });
  });

  it("reads host, port, TLS, credentials and database from the URL", () => {
    expect(parseRedisUrl("rediss://app:p%40ss@cache.example:6380/2")).toEqual({ host: "cache.example", port: 6380, tls: true, username: "app", password: "p@ss", db: 2 });
    expect(parseRedisUrl("redis://:secret@[::1]")).toEqual({ host: "::1", port: 6379, tls: false, username: undefined, password: "secret", db: 0 });
    expect(() => parseRedisUrl("http://127.0.0.1:6379")).toThrow(/redis:\/\/ or rediss:\/\//);
    expect(() => parseRedisUrl("redis://127.0.0.1/cache")).toThrow(/must be a number/);
  });
});

describe("RespClient against Redis", () => {
  const clients: RespClient[] = [];
  const open = (url = redisUrl) => {
    const client = RespClient.fromUrl(url);
    clients.push(client);
    return client;
  };
  afterAll(async () => {
    const admin = open();
    await admin.call("DEL", `${tag}:count`, `${tag}:big`, `${tag}:text`, `${tag}:db`);
    await admin.call("ACL", "DELUSER", `user-${tag}`);
    for (const client of clients) client.close();
  });

  it("answers a thousand commands sent in one turn in order", async () => {
    const client = open();
    const replies = await Promise.all(Array.from({ length: 1000 }, () => client.call("INCR", `${tag}:count`)));
    expect(replies).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
  });

  it("reassembles a reply that arrives in many chunks", async () => {
    const client = open();
    const big = "x€".repeat(700_000);
    await client.call("SET", `${tag}:big`, big);
    const [value, length] = await Promise.all([client.call("GET", `${tag}:big`), client.call("STRLEN", `${tag}:big`)]);
    expect(value).toBe(big);
    expect(length).toBe(Buffer.byteLength(big));
  });

  it("rejects an error reply with Redis's message, and the next command still works", async () => {
    const client = open();
    await client.call("SET", `${tag}:text`, "not a number");
    await expect(client.call("INCR", `${tag}:text`)).rejects.toThrow(/ERR value is not an integer/);
    await expect(client.call("EVALSHA", "0".repeat(40), "0")).rejects.toThrow(/NOSCRIPT/);
    expect(await client.call("EVAL", "return {1, {2, 'three'}, false}", "0")).toEqual([1, [2, "three"], null]);
  });

  it("authenticates with the URL's user and password, and says so when they are wrong", async () => {
    const admin = open();
    await admin.call("ACL", "SETUSER", `user-${tag}`, "on", `>pw-${tag}`, "~*", "+@all");
    const url = new URL(redisUrl);
    url.username = `user-${tag}`;
    url.password = `pw-${tag}`;
    expect(await open(url.toString()).call("ACL", "WHOAMI")).toBe(`user-${tag}`);
    url.password = "wrong";
    await expect(open(url.toString()).call("PING")).rejects.toThrow(/WRONGPASS/);
  });

  it("selects the URL's database", async () => {
    const url = new URL(redisUrl);
    url.pathname = "/3";
    const inThree = open(url.toString());
    await inThree.call("SET", `${tag}:db`, "three");
    expect(await inThree.call("GET", `${tag}:db`)).toBe("three");
    expect(await open().call("GET", `${tag}:db`)).toBeNull();
    await inThree.call("DEL", `${tag}:db`);
  });

  it("fails fast when nothing listens", async () => {
    const started = Date.now();
    await expect(open("redis://127.0.0.1:1").call("PING")).rejects.toThrow(/ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  /** A server that accepts connections and never answers. */
  async function silentServer() {
    const server = net.createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    const client = new RespClient(parseRedisUrl(`redis://127.0.0.1:${port}`), { replyTimeoutMs: 300 });
    clients.push(client);
    return { client, close: () => server.close() };
  }

  it("fails commands that get no answer in time", async () => {
    const silent = await silentServer();
    try {
      const started = Date.now();
      await expect(silent.client.call("PING")).rejects.toThrow(/did not answer within 300 ms/);
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      silent.close();
    }
  });

  it("keeps the oldest command's deadline while newer commands keep being written", async () => {
    const silent = await silentServer();
    const writer = setInterval(() => void silent.client.call("PING").catch(() => undefined), 50);
    try {
      const started = Date.now();
      await expect(silent.client.call("PING")).rejects.toThrow(/did not answer within 300 ms/);
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      clearInterval(writer);
      silent.close();
    }
  });

  it("fails the commands in flight when the connection is lost, then connects again", async () => {
    const client = open();
    const admin = open();
    const id = await client.call("CLIENT", "ID");
    const blocked = expect(client.call("BLPOP", `${tag}:never`, "1")).rejects.toThrow(/closed/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await admin.call("CLIENT", "KILL", "ID", String(id));
    await blocked;
    expect(await client.call("PING")).toBe("PONG");
    expect(await client.call("CLIENT", "ID")).not.toBe(id);
  });

  it("close() fails what is pending and refuses what comes after", async () => {
    const client = open();
    await client.call("PING");
    const pending = client.call("BLPOP", `${tag}:never`, "1");
    client.close();
    await expect(pending).rejects.toThrow(/closed/);
    await expect(client.call("PING")).rejects.toThrow(/closed/);
  });
});
