// Sign-in links by mail: the small SMTP client against a scripted server on
// loopback (greeting, EHLO, AUTH PLAIN, MAIL, RCPT, DATA with dot-stuffing, QUIT).
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { sendMail } from "@/lib/auth/smtp";
import { deliverSignInLink } from "@/lib/auth/email";

type Script = { auth?: boolean; rejectRcpt?: boolean };

async function fakeServer(script: Script) {
  const transcript: string[] = [];
  let data = "";
  const server = net.createServer((socket) => {
    socket.setEncoding("utf8");
    let inData = false;
    let buffer = "";
    socket.write("220 fake ready\r\n");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            socket.write("250 queued\r\n");
          } else data += `${line}\n`;
          continue;
        }
        transcript.push(line);
        if (line.startsWith("EHLO")) socket.write(`250-fake\r\n${script.auth ? "250-AUTH PLAIN\r\n" : ""}250 8BITMIME\r\n`);
        else if (line.startsWith("AUTH PLAIN")) socket.write("235 ok\r\n");
        else if (line.startsWith("MAIL FROM")) socket.write("250 ok\r\n");
        else if (line.startsWith("RCPT TO")) socket.write(script.rejectRcpt ? "550 no such user\r\n" : "250 ok\r\n");
        else if (line === "DATA") {
          inData = true;
          socket.write("354 go\r\n");
        } else if (line === "QUIT") {
          socket.write("221 bye\r\n");
          socket.end();
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, transcript, data: () => data, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("SMTP delivery of sign-in links", () => {
  const servers: Array<{ close: () => Promise<unknown> }> = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  it("sends one message with credentials, dot-stuffing lines that start with a dot", async () => {
    const server = await fakeServer({ auth: true });
    servers.push(server);
    await sendMail(`smtp://user%40x:p%40ss@127.0.0.1:${server.port}`, { from: "sign-in@example.com", to: "you@example.com", subject: "Hi", text: "line one\n.starts with a dot" });
    expect(server.transcript[0]).toMatch(/^EHLO /);
    expect(server.transcript[1]).toBe(`AUTH PLAIN ${Buffer.from("\0user@x\0p@ss").toString("base64")}`);
    expect(server.transcript.slice(2)).toEqual(["MAIL FROM:<sign-in@example.com>", "RCPT TO:<you@example.com>", "DATA", "QUIT"]);
    expect(server.data()).toContain("Subject: Hi\n");
    expect(server.data()).toContain("\n..starts with a dot\n");
  });

  it("reports a refusal by the server", async () => {
    const server = await fakeServer({ rejectRcpt: true });
    servers.push(server);
    await expect(sendMail(`smtp://127.0.0.1:${server.port}`, { from: "a@example.com", to: "b@example.com", subject: "s", text: "t" })).rejects.toThrow("mail server refused RCPT TO: 550 no such user");
  });

  it("mails the sign-in link instead of logging it when a server is configured", async () => {
    const server = await fakeServer({});
    servers.push(server);
    await deliverSignInLink(
      { to: "you@example.com", url: "http://localhost:3000/api/auth/callback/email?token=abc", expires: "2030-01-01T00:00:00.000Z" },
      { NODE_ENV: "test", AUTH_EMAIL_SERVER: `smtp://127.0.0.1:${server.port}`, AUTH_EMAIL_FROM: "sign-in@example.com" },
    );
    expect(server.data()).toContain("http://localhost:3000/api/auth/callback/email?token=abc");
    expect(server.data()).toContain("expires at 2030-01-01 00:00 UTC");
  });

  it("refuses anything but smtp:// and smtps://", async () => {
    await expect(sendMail("http://127.0.0.1:1", { from: "a@example.com", to: "b@example.com", subject: "s", text: "t" })).rejects.toThrow("smtp://");
  });
});
