import type { Metadata } from "next";
import { AccountBar } from "@/components/portal/account-bar";
import { DemoDataNotice } from "@/components/portal/demo-data";
import { StaffNav } from "@/components/staff/staff-nav";
import { ui } from "@/components/ui/styles";
import { requireStaff } from "@/lib/portal/guards";

export const metadata: Metadata = { title: { default: "Staff", template: "%s · Staff" } };

export default async function StaffLayout({ children }: { children: React.ReactNode }) {
  // Each page checks again: a layout is not re-run on every navigation.
  const { user } = await requireStaff();
  return (
    <>
      <AccountBar user={user} area="staff" />
      <DemoDataNotice />
      <main className={`${ui.page} space-y-4 py-6`}>
        <h1 className={ui.h1}>Staff area</h1>
        <StaffNav />
        {children}
      </main>
    </>
  );
}
