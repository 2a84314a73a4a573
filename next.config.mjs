/** Sent on every response; e2e/hardening.spec.ts checks them on the production build. */
const securityHeaders = [
  { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The API answers unknown paths itself (failure envelope), and never needs a trailing-slash redirect.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // The test command type-checks the whole project with tsc before it builds for the browser suite,
  // and sets this so the build does not check the same types a second time (half a minute).
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED === "1" },
  // Hardening for every response (portal pages, sign-in, route handlers and the API alike):
  // no page may be framed (clickjacking of staff and key actions), no response is
  // content-sniffed into another type, and no full URL (sign-in callbacks carry tokens)
  // leaves the site in a Referer.
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
  // Server-only packages with native or WebAssembly parts stay out of the bundle.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "pglite-prisma-adapter",
    "@prisma/adapter-pg",
    "@prisma/client",
    "pg",
    "pino",
    // Loaded by Node from node_modules: the MCP endpoint uses its server and transport only, and
    // the package also carries express and hono, which the bundle has no use for.
    "@modelcontextprotocol/sdk",
    "prom-client",
  ],
};

export default nextConfig;
