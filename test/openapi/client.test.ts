// A client can use the document: openapi-typescript turns the committed document into types, and a
// small client that reads fields from every endpoint's answer compiles against them (strict), while
// reads the contract does not allow do not.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const committed = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../public/openapi.json"), "utf8"));
const clientDir = path.resolve(__dirname, "client");

/** Generates the types from `document` beside copies of the client files, and type-checks them. */
async function compileClientAgainst(document: object): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "openapi-client-"));
  try {
    fs.writeFileSync(path.join(dir, "schema.ts"), astToString(await openapiTS(document as Parameters<typeof openapiTS>[0])));
    const files = fs.readdirSync(clientDir).map((name) => {
      fs.copyFileSync(path.join(clientDir, name), path.join(dir, name));
      return path.join(dir, name);
    });
    const program = ts.createProgram(files, {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      types: [],
      skipLibCheck: true,
    });
    return ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.basename(d.file.fileName) : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("a client generated with openapi-typescript", () => {
  it("compiles against the committed document, and refuses reads the contract does not allow", async () => {
    expect(await compileClientAgainst(committed)).toEqual([]);
  }, 60_000);

  it("would not compile against a document that leaves data untyped (the check can fail)", async () => {
    const loose = structuredClone(committed);
    for (const operations of Object.values(loose.paths) as Array<Record<string, { responses: Record<string, { content?: Record<string, { schema: { properties?: { data?: unknown } } }> }> }>>) {
      for (const operation of Object.values(operations)) {
        const schema = operation.responses["200"].content?.["application/json"].schema;
        if (schema?.properties?.data) schema.properties.data = { type: "object" };
      }
    }
    const errors = await compileClientAgainst(loose);
    expect(errors.length).toBeGreaterThan(5);
  }, 60_000);
});
