// lib/README.md is the map of lib/: one line a folder, and one for each file that stands on a floor
// of its own, under the heading of its floor, floors in the manifest's order. A folder or file added,
// moved to another floor or taken away without the map changing with it fails here.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mapEntries } from "./map-entries";
import { floorOf, floors } from "./floors";

const root = path.resolve(__dirname, "../..");
const map = fs.readFileSync(path.join(root, "lib/README.md"), "utf8");

/** What the map must name: each folder and file of lib/, and each manifest entry deeper than that. */
function expectedEntries(): string[] {
  const top = fs.readdirSync(path.join(root, "lib"), { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? [`${entry.name}/`] : /\.tsx?$/.test(entry.name) ? [entry.name] : []));
  const deeper = floors.flatMap(({ paths }) => paths).filter((entry) => entry.startsWith("lib/") && entry.slice(4).replace(/\/$/, "").includes("/")).map((entry) => entry.slice(4));
  return [...top, ...deeper].sort();
}


describe("lib/README.md, the map", () => {
  it("names every folder and file of lib/ once, each with a line of its own", () => {
    const named = mapEntries(map).map(({ entry }) => entry);
    expect([...named].sort()).toEqual(expectedEntries());
    expect(new Set(named).size).toBe(named.length);
  });

  it("puts each under the heading of its floor, floors in the manifest's order", () => {
    for (const { entry, heading } of mapEntries(map)) expect({ entry, heading }).toEqual({ entry, heading: floors[floorOf(`lib/${entry}`)].floor });
    const headings = [...map.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    const order = headings.map((heading) => floors.findIndex(({ floor }) => floor === heading));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
