// "Demo data" where the portal shows chain results while this deployment reads its local demo
// chains (the embedded default): a notice under the account bar, and a badge beside each chain
// result. Driven by the same switch as the API's meta.demo_data.
import { badge, ui } from "@/components/ui/styles";
import { demoDataNotice, servesDemoChainData } from "@/lib/chain/demo-data";

export function DemoDataNotice() {
  if (!servesDemoChainData()) return null;
  return (
    <div role="note" data-testid="demo-data-notice" className="border-b border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
      <p className={`${ui.page} py-2 text-sm`}>
        <span className={`${badge("amber")} mr-2`}>Demo data</span>
        {demoDataNotice.replace(/^Demo data: /, "")} Every chain result shown here is demo data.
      </p>
    </div>
  );
}

export function DemoDataBadge() {
  if (!servesDemoChainData()) return null;
  return (
    <span className={`${badge("amber")} ml-1`} title={demoDataNotice} data-testid="demo-data-badge">
      Demo data
    </span>
  );
}
