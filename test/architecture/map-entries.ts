// How the maps (lib/README.md, lib/intel/README.md) are read: each "- `entry` — what it is" line,
// with the "## heading" it stands under.
export function mapEntries(map: string): { entry: string; heading: string }[] {
  let heading = "";
  return map.split("\n").flatMap((line) => {
    const title = /^## (.+)$/.exec(line);
    if (title) heading = title[1];
    const item = /^- `([^`]+)` — \S/.exec(line);
    return item ? [{ entry: item[1], heading }] : [];
  });
}
