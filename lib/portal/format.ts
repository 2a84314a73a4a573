// One way to show times and numbers across the portal: UTC, so every reader and
// every log agree on what "12:00" means.
export function formatTime(iso: string | Date): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function formatNumber(value: number): string {
  return value.toLocaleString("en");
}
