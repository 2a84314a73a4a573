// The Developers page's tabs, in the spec's order.
export const projectTabs = [
  { id: "quickstart", label: "Quickstart" },
  { id: "keys", label: "Keys" },
  { id: "endpoints", label: "Endpoints" },
  { id: "usage", label: "Usage" },
] as const;
