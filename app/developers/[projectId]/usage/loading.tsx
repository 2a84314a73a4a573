// Per tab, not for the whole project: a loading boundary above a page turns its notFound()
// into a streamed 200, and request lookup (../requests) must answer a real 404.
import { LoadingPanel } from "@/components/ui/loading-panel";

export default function Loading() {
  return <LoadingPanel label="Loading…" />;
}
