// Per section, not for the whole staff area: a loading boundary above a page turns its notFound()
// into a streamed 200, and request lookup (../requests) must answer a real 404.
import { LoadingPanel } from "@/components/ui/loading-panel";

export default function Loading() {
  return <LoadingPanel label="Loading…" />;
}
