// The landing page: what the API is, and the two ways in (portal, docs).
import Link from "next/link";
import { ui } from "@/components/ui/styles";
import { endpoints } from "@/lib/api-contract/endpoints";

export default function HomePage() {
  const paid = endpoints.filter((endpoint) => endpoint.surface === "intelligence");
  return (
    <main className={`${ui.page} py-12 sm:py-20`}>
      <section className="max-w-3xl">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">On-chain intelligence over a plain JSON API</h1>
        <p className="mt-4 text-lg text-zinc-700 dark:text-zinc-300">
          Curated, read-only signals about tokens, wallets and contracts on Ethereum, Base and BNB Chain. Every field says where it
          came from; an empty value means it could not be verified, never that it is zero. Results are signals, not financial advice.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link href="/developers" className={ui.button}>
            Open the developer portal
          </Link>
          <Link href="/docs" className={ui.buttonSecondary}>
            Read the API reference
          </Link>
        </div>
      </section>
      <section aria-labelledby="endpoints-heading" className="mt-16">
        <h2 id="endpoints-heading" className={ui.h2}>
          Endpoints
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {paid.map((endpoint) => (
            <li key={endpoint.id} className={ui.card}>
              <p className="font-mono text-sm">
                {endpoint.method} /v1/api/{endpoint.id}
              </p>
              <p className={`${ui.muted} mt-1`}>{endpoint.summary}</p>
              <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">{endpoint.price === 0 ? "Free" : `${endpoint.price} credits per successful call`}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
