// What a page function returned (the element tree), as the text a reader would see: props are
// followed as plain data only, so components' internals and class instances add nothing.
export function treeText(value: unknown, seen = new WeakSet<object>()): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value !== "object" || seen.has(value)) return "";
  seen.add(value);
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return "";
  return Object.values(value as Record<string, unknown>).map((child) => treeText(child, seen)).join(" ");
}
