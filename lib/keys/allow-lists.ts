// Origin and IP allow lists on a key. Empty lists mean no restriction.
import net from "node:net";

/**
 * Origin entries: `https://app.example.com`, `https://*.example.com` (any subdomain
 * depth, not the apex), or the same without a scheme to accept http and https.
 * A port, when given, must match.
 */
export function parseOriginEntry(entry: string): { scheme: string | null; host: string; wildcard: boolean; port: string | null } | null {
  const match = entry.trim().toLowerCase().match(/^(?:(https?):\/\/)?(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\d{1,5}))?\/?$/);
  if (!match) return null;
  return { scheme: match[1] ?? null, wildcard: Boolean(match[2]), host: match[3], port: match[4] ?? null };
}

/**
 * The one way a typed or pasted list becomes entries, for the portal's key form and the CLI alike:
 * commas and line breaks separate entries, spaces do not, so `not a url` stays one (bad) entry
 * instead of becoming three hosts.
 */
export function splitListText(text: string | undefined): string[] {
  return (text ?? "")
    .split(/[,\r\n]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

export function isValidOriginEntry(entry: string): boolean {
  return parseOriginEntry(entry) !== null;
}

export function originAllowed(origin: string | null, entries: string[]): boolean {
  if (entries.length === 0) return true;
  if (!origin || !URL.canParse(origin)) return false;
  const url = new URL(origin);
  // An Origin header is scheme://host[:port] and nothing else. A path (`https://app.example.com/x`)
  // or user info (`https://evil.com@app.example.com`) means it is not an origin: refused.
  if (url.origin !== origin.toLowerCase()) return false;
  const scheme = url.protocol.replace(":", "");
  const host = url.hostname.toLowerCase();
  return entries.some((entry) => {
    const rule = parseOriginEntry(entry);
    if (!rule) return false;
    if (rule.scheme && rule.scheme !== scheme) return false;
    if (rule.port !== (url.port || null)) return false;
    return rule.wildcard ? host.endsWith(`.${rule.host}`) : host === rule.host;
  });
}

/** IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are the IPv4 address. */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim().replace(/^\[|\]$/g, "");
  const mapped = trimmed.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  return mapped ? mapped[1] : trimmed;
}

/** Single addresses or CIDR ranges, IPv4 or IPv6. */
export function parseIpEntry(entry: string): { address: string; prefix: number | null; family: "ipv4" | "ipv6" } | null {
  const [rawAddress, rawPrefix, extra] = entry.trim().split("/");
  if (extra !== undefined) return null;
  const address = normalizeIp(rawAddress);
  const version = net.isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? "ipv4" : "ipv6";
  if (rawPrefix === undefined) return { address, prefix: null, family };
  if (!/^\d{1,3}$/.test(rawPrefix)) return null;
  const prefix = Number(rawPrefix);
  if (prefix > (version === 4 ? 32 : 128)) return null;
  return { address, prefix, family };
}

export function isValidIpEntry(entry: string): boolean {
  return parseIpEntry(entry) !== null;
}

export function ipAllowed(ip: string | null, entries: string[]): boolean {
  if (entries.length === 0) return true;
  if (!ip) return false;
  const address = normalizeIp(ip);
  const version = net.isIP(address);
  if (version === 0) return false;
  const list = new net.BlockList();
  for (const entry of entries) {
    const rule = parseIpEntry(entry);
    if (!rule) continue;
    if (rule.prefix === null) list.addAddress(rule.address, rule.family);
    else list.addSubnet(rule.address, rule.prefix, rule.family);
  }
  return list.check(address, version === 4 ? "ipv4" : "ipv6");
}

function listed(entries: string[]): string {
  return entries.length === 1 ? entries[0] : `${entries.slice(0, -1).join(", ")} and ${entries[entries.length - 1]}`;
}

/**
 * Every bad entry of an origin list in one message (null when all are good), so a person
 * fixing a pasted list sees all of its mistakes at once rather than one per attempt.
 */
export function invalidOriginsMessage(entries: string[]): string | null {
  const bad = entries.filter((entry) => !isValidOriginEntry(entry));
  if (bad.length === 0) return null;
  const example = "such as https://app.example.com or https://*.example.com";
  return bad.length === 1 ? `origin ${bad[0]} is not an origin ${example}.` : `origins ${listed(bad)} are not origins ${example}.`;
}

/** Every bad entry of an IP list in one message (null when all are good). */
export function invalidIpsMessage(entries: string[]): string | null {
  const bad = entries.filter((entry) => !isValidIpEntry(entry));
  if (bad.length === 0) return null;
  const example = "(for example 203.0.113.7, 10.0.0.0/8, 2001:db8::/32)";
  return bad.length === 1 ? `IP entry ${bad[0]} is not an address or CIDR range ${example}.` : `IP entries ${listed(bad)} are not addresses or CIDR ranges ${example}.`;
}
