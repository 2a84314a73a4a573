"use client";
import { ErrorPanel } from "@/components/ui/error-panel";
import { ui } from "@/components/ui/styles";

export default function ErrorBoundary(props: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className={ui.page}>
      <ErrorPanel {...props} />
    </div>
  );
}
