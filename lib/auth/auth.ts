// Sign-in: Auth.js with database sessions in our own tables. E-mail links always;
// GitHub when AUTH_GITHUB_ID and AUTH_GITHUB_SECRET are set. The config is built
// per request so the database client and the secret are resolved lazily.
import NextAuth, { type NextAuthConfig } from "next-auth";
import GitHub from "next-auth/providers/github";
import { serverDeps } from "@/lib/server/deps";
import { safeReturnPath } from "@/lib/auth/return-path";
import { portalAdapter } from "./adapter";
import { emailProvider } from "./email";
import { authSecret } from "./secret";
import { clientAddress } from "@/lib/server/client-address";
import { admitSignInLink, refusalPath } from "./sign-in-links";
import { secureCookies } from "./secure-cookies";

export function githubEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.AUTH_GITHUB_ID && env.AUTH_GITHUB_SECRET);
}

/** The request's headers: given to route handlers, read from Next's request scope for auth() and server actions. */
async function requestHeaders(request: Request | undefined): Promise<Headers | null> {
  if (request) return request.headers;
  try {
    const { headers } = await import("next/headers");
    return new Headers(await headers());
  } catch {
    return null;
  }
}

async function config(request: Request | undefined): Promise<NextAuthConfig> {
  const db = await serverDeps().db();
  const headers = await requestHeaders(request);
  return {
    adapter: portalAdapter(db),
    session: { strategy: "database", maxAge: 30 * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    secret: authSecret(),
    // The app serves its own host (AUTH_URL pins it in production).
    trustHost: true,
    // Secure (and __Secure-/__Host- named) whenever the portal is served over https, proxy or not.
    useSecureCookies: secureCookies(headers),
    providers: [emailProvider(), ...(githubEnabled() ? [GitHub({ clientId: process.env.AUTH_GITHUB_ID, clientSecret: process.env.AUTH_GITHUB_SECRET })] : [])],
    pages: { signIn: "/sign-in", verifyRequest: "/sign-in/check-email", error: "/sign-in/error" },
    callbacks: {
      // Every request for a link (the page's action or Auth.js's own route) stops here before a token exists.
      // Where Auth.js sends a browser afterwards: the same return-path rule as the sign-in page.
      redirect({ url, baseUrl }) {
        if (url.startsWith("/")) return `${baseUrl}${safeReturnPath(url, "/")}`;
        return URL.canParse(url) && new URL(url).origin === baseUrl ? url : baseUrl;
      },
      async signIn({ user, email }) {
        if (!email?.verificationRequest) return true;
        const admitted = await admitSignInLink(user.email, headers ? clientAddress(headers) : null);
        return admitted.ok ? true : refusalPath(admitted.refusal);
      },
      // GET /api/auth/session answers with this alone. Auth.js would hand back the whole database
      // session, its token included; the cookie is HttpOnly so that no script ever reads it.
      session({ session, user }) {
        return { user: { id: user.id, email: user.email, name: user.name ?? null }, expires: session.expires } as typeof session;
      },
    },
  };
}

export const { handlers, auth, signIn, signOut } = NextAuth(config);
