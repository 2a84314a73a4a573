import type { Metadata } from "next";
import Link from "next/link";
import { ui } from "@/components/ui/styles";

export const metadata: Metadata = { title: "Check your e-mail" };

export default function CheckEmailPage() {
  return (
    <main className={`${ui.page} flex justify-center py-16`}>
      <div className={`${ui.card} w-full max-w-md p-6`} role="status">
        <h1 className={ui.h1}>Check your e-mail</h1>
        <p className="mt-3">A sign-in link is on its way. It works once and expires in an hour.</p>
        <p className={`${ui.muted} mt-3`}>Without a mail server (the default setup) the link is printed in the server log instead.</p>
        <p className="mt-6">
          <Link href="/sign-in" className={ui.link}>
            Use another address
          </Link>
        </p>
      </div>
    </main>
  );
}
