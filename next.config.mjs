/** @type {import('next').NextConfig} */
const nextConfig = {
  // The API answers unknown paths itself (failure envelope), and never needs a trailing-slash redirect.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // Server-only packages with native or WebAssembly parts stay out of the bundle.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "pglite-prisma-adapter",
    "@prisma/adapter-pg",
    "@prisma/client",
    "pg",
  ],
};

export default nextConfig;
