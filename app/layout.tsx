import type { Metadata, Viewport } from "next";
import Link from "next/link";
import { ThemeToggle } from "@/components/ui/theme-toggle";
import { ui } from "@/components/ui/styles";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Developer Intelligence API", template: "%s · Developer Intelligence API" },
  description: "Read-only on-chain intelligence about tokens, wallets and contracts on Ethereum, Base and BNB Chain.",
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#09090b" },
  ],
};

// Runs before first paint so a dark-mode visitor never sees a white flash.
const themeScript = `try{var t=localStorage.getItem("theme");var d=t==="dark"||(t!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d)}catch(e){}`;

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="min-h-screen bg-zinc-50 font-sans text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-zinc-900">
          Skip to content
        </a>
        <header className="border-b border-zinc-200 bg-white/80 backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/80">
          <div className={`${ui.page} flex h-14 items-center justify-between gap-4`}>
            <Link href="/" className="font-semibold tracking-tight">
              Developer Intelligence API
            </Link>
            <nav aria-label="Main" className="flex items-center gap-4 text-sm">
              <Link href="/docs" className="hover:underline">
                Docs
              </Link>
              <Link href="/developers" className="hover:underline">
                Portal
              </Link>
              <ThemeToggle />
            </nav>
          </div>
        </header>
        <div id="main">{children}</div>
      </body>
    </html>
  );
}
