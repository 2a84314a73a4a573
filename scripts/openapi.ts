// `npm run openapi`: writes public/openapi.json from the endpoint registry (what /openapi.json
// serves). A change that would break a client built on the committed document — a removed path
// or field, a narrowed type — is refused unless lib/openapi/version-notes.ts carries its note.
// `--check` only compares, and fails when the committed document is not what the code builds.
import fs from "node:fs";
import path from "node:path";
import { unnotedBreakingChanges } from "@/lib/openapi/compatibility";
import { openApiDocument } from "@/lib/openapi/document";
import { versionNotes } from "@/lib/openapi/version-notes";

const file = path.resolve(process.cwd(), "public/openapi.json");
const generated = `${JSON.stringify(openApiDocument(), null, 2)}\n`;
const committed = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;

if (committed === generated) {
  console.log("public/openapi.json is up to date");
  process.exit(0);
}
if (process.argv.includes("--check")) {
  console.error("public/openapi.json differs from what the code builds: run npm run openapi");
  process.exit(1);
}
const unnoted = committed ? unnotedBreakingChanges(JSON.parse(committed), JSON.parse(generated), versionNotes) : [];
if (unnoted.length) {
  console.error("These changes break clients of the committed document; add a version note for each to lib/openapi/version-notes.ts:");
  for (const change of unnoted) console.error(`  ${change.where}: ${change.what}`);
  process.exit(1);
}
fs.writeFileSync(file, generated);
console.log("public/openapi.json written");
