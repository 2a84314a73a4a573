import Link from "next/link";
import { ui } from "@/components/ui/styles";

export default function NotFound() {
  return (
    <main className={`${ui.page} py-16`}>
      <h1 className={ui.h1}>Not found</h1>
      <p className={`${ui.muted} mt-2`}>This page does not exist, or it belongs to an account you cannot see.</p>
      <p className="mt-6">
        <Link href="/developers" className={ui.link}>
          Go to your projects
        </Link>
      </p>
    </main>
  );
}
