import type { Metadata } from "next";
import { AccountBar } from "@/components/portal/account-bar";
import { DemoDataNotice } from "@/components/portal/demo-data";
import { requireUser } from "@/lib/portal/guards";

export const metadata: Metadata = { title: { default: "Developers", template: "%s · Developers" } };

export default async function DevelopersLayout({ children }: { children: React.ReactNode }) {
  // Pages check access themselves too: a layout is not re-run on every navigation.
  const { user } = await requireUser();
  return (
    <>
      <AccountBar user={user} area="developers" />
      <DemoDataNotice />
      {children}
    </>
  );
}
