import type { Metadata } from "next";
import { GrantCreditsForm } from "@/components/staff/grant-credits-form";
import { SettingsForm } from "@/components/staff/settings-form";
import { requireStaff } from "@/lib/portal/guards";
import { getSettings } from "@/lib/settings";

export const metadata: Metadata = { title: "Switches and credits" };

export default async function StaffSettingsPage() {
  const ctx = await requireStaff();
  const settings = await getSettings(ctx.db);
  return (
    <div className="space-y-4">
      <SettingsForm publicApiEnabled={settings.publicApiEnabled} chargingEnabled={settings.chargingEnabled} />
      <GrantCreditsForm />
    </div>
  );
}
