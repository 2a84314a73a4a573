// A small SMTP client, enough to deliver one sign-in e-mail without a mail
// library: EHLO, STARTTLS when offered (or TLS from the start with smtps://),
// AUTH PLAIN when the URL carries credentials, one plain-text message.
import net from "node:net";
import tls from "node:tls";
import { randomBytes } from "node:crypto";

export type MailMessage = { from: string; to: string; subject: string; text: string };
type Reply = { code: number; lines: string[] };

const loopbackHosts = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);
const helloName = "developer-intelligence-api";

class SmtpSession {
  private buffer = "";
  private pendingLines: string[] = [];
  private replies: Reply[] = [];
  private waiters: Array<{ resolve: (reply: Reply) => void; reject: (error: Error) => void }> = [];
  private failure: Error | null = null;

  constructor(public socket: net.Socket) {
    this.listen(socket);
  }

  listen(socket: net.Socket) {
    this.socket = socket;
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => this.receive(chunk));
    socket.on("error", (error) => this.fail(error));
    socket.on("close", () => this.fail(new Error("the mail server closed the connection")));
  }

  private receive(chunk: string) {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf("\r\n")) >= 0) {
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      this.pendingLines.push(line.slice(4));
      // "250-" continues a reply; "250 " (or a bare code) ends it.
      if (line[3] !== "-") {
        const reply = { code: Number(line.slice(0, 3)), lines: this.pendingLines };
        this.pendingLines = [];
        const waiter = this.waiters.shift();
        if (waiter) waiter.resolve(reply);
        else this.replies.push(reply);
      }
    }
  }

  private fail(error: Error) {
    this.failure ??= error;
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
  }

  read(): Promise<Reply> {
    const ready = this.replies.shift();
    if (ready) return Promise.resolve(ready);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  async command(line: string | null, expect: number[], what = line?.split(" ")[0] ?? "greeting"): Promise<Reply> {
    if (line !== null) this.socket.write(`${line}\r\n`);
    const reply = await this.read();
    if (!expect.includes(reply.code)) throw new Error(`mail server refused ${what}: ${reply.code} ${reply.lines.join(" ")}`);
    return reply;
  }

  detach() {
    this.socket.removeAllListeners("data");
    this.socket.removeAllListeners("error");
    this.socket.removeAllListeners("close");
  }
}

function connect(url: URL, timeoutMs: number): Promise<net.Socket> {
  const secure = url.protocol === "smtps:";
  const port = Number(url.port || (secure ? 465 : 587));
  return new Promise((resolve, reject) => {
    const socket = secure ? tls.connect({ host: url.hostname, port, servername: url.hostname }) : net.connect({ host: url.hostname, port });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error("the mail server did not answer in time")));
    socket.once(secure ? "secureConnect" : "connect", () => resolve(socket));
    socket.once("error", reject);
  });
}

function upgrade(socket: net.Socket, host: string): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const secured = tls.connect({ socket, servername: host }, () => resolve(secured));
    secured.once("error", reject);
  });
}

export function formatMessage(message: MailMessage, now = new Date()): string {
  const domain = message.from.split("@")[1] ?? "localhost";
  const body = message.text.replace(/\r?\n/g, "\r\n").replace(/^\./gm, "..");
  return [
    `From: ${message.from}`,
    `To: ${message.to}`,
    `Subject: ${message.subject}`,
    `Date: ${now.toUTCString()}`,
    `Message-ID: <${randomBytes(12).toString("hex")}@${domain}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    body,
  ].join("\r\n");
}

/** Delivers one message through the server at `serverUrl` (smtp://user:pass@host:587 or smtps://…:465). */
export async function sendMail(serverUrl: string, message: MailMessage, options: { timeoutMs?: number } = {}) {
  const url = new URL(serverUrl);
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") throw new Error("AUTH_EMAIL_SERVER must be an smtp:// or smtps:// URL.");
  if (/[\r\n<>]/.test(message.from + message.to)) throw new Error("invalid e-mail address");
  const session = new SmtpSession(await connect(url, options.timeoutMs ?? 15_000));
  try {
    await session.command(null, [220]);
    let hello = await session.command(`EHLO ${helloName}`, [250]);
    let secure = url.protocol === "smtps:";
    if (!secure && hello.lines.some((line) => /^STARTTLS\b/i.test(line))) {
      await session.command("STARTTLS", [220]);
      session.detach();
      const secured = await upgrade(session.socket, url.hostname);
      secured.setTimeout(options.timeoutMs ?? 15_000, () => secured.destroy(new Error("the mail server did not answer in time")));
      session.listen(secured);
      secure = true;
      hello = await session.command(`EHLO ${helloName}`, [250]);
    }
    if (url.username) {
      // Credentials travel only encrypted, except to a relay on this machine.
      if (!secure && !loopbackHosts.has(url.hostname)) throw new Error("the mail server offers no TLS; refusing to send the password in clear");
      const token = Buffer.from(`\0${decodeURIComponent(url.username)}\0${decodeURIComponent(url.password)}`).toString("base64");
      await session.command(`AUTH PLAIN ${token}`, [235], "AUTH");
    }
    await session.command(`MAIL FROM:<${message.from}>`, [250], "MAIL FROM");
    await session.command(`RCPT TO:<${message.to}>`, [250, 251], "RCPT TO");
    await session.command("DATA", [354]);
    await session.command(`${formatMessage(message)}\r\n.`, [250], "the message");
    await session.command("QUIT", [221]).catch(() => undefined);
  } finally {
    session.socket.end();
  }
}
