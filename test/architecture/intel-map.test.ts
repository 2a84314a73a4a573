// lib/intel/README.md is the map of the intelligence: every folder of lib/intel named once, under
// the heading of its kind (answers, reads, runtime, endpoints), kinds in that order. A folder added,
// moved or taken away without the map changing with it fails here.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mapEntries } from "./map-entries";

const intel = path.resolve(__dirname, "../../lib/intel");
const map = fs.readFileSync(path.join(intel, "README.md"), "utf8");
const kinds = ["answers", "reads", "runtime", "endpoints"];

/** Every folder holding a file of its own, relative to lib/intel, with a trailing slash. */
function foldersWithFiles(dir = ""): string[] {
  const entries = fs.readdirSync(path.join(intel, dir), { withFileTypes: true });
  const own = dir && entries.some((entry) => entry.isFile()) ? [`${dir}/`] : [];
  return [...own, ...entries.filter((entry) => entry.isDirectory()).flatMap((entry) => foldersWithFiles(dir ? `${dir}/${entry.name}` : entry.name))];
}


describe("lib/intel/README.md, the map of the intelligence", () => {
  it("names every folder of lib/intel once", () => {
    const named = mapEntries(map).map(({ entry }) => entry);
    expect([...named].sort()).toEqual(foldersWithFiles().sort());
    expect(new Set(named).size).toBe(named.length);
  });

  it("puts each under the heading of its kind, kinds lowest first", () => {
    for (const { entry, heading } of mapEntries(map)) expect({ entry, heading }).toEqual({ entry, heading: entry.split("/")[0] });
    expect([...map.matchAll(/^## (.+)$/gm)].map((match) => match[1])).toEqual(kinds);
  });
});
