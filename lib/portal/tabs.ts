// The Developers page's tabs: the spec's four in its order, then the project's activity log.
export const projectTabs = [
  { id: "quickstart", label: "Quickstart" },
  { id: "keys", label: "Keys" },
  { id: "endpoints", label: "Endpoints" },
  // A request's record (./requests) belongs to Usage.
  { id: "usage", label: "Usage", also: ["requests"] },
  { id: "activity", label: "Activity" },
] as const;
