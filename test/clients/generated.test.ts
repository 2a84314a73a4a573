// The committed clients are what the registry generates now (a stale client fails here), the
// TypeScript client compiles on its own (strict, NodeNext, nothing but ES2022 and the DOM's fetch),
// and neither client imports anything from outside its own folder.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { endpoints } from "@/lib/api-contract/endpoints";
import { generatedClientFiles } from "@/lib/openapi/clients";
import { clientOperations, clientVersion, type OpenApiDocument } from "@/lib/openapi/clients/operations";
import { openApiDocument } from "@/lib/openapi/document";

const root = path.resolve(__dirname, "../..");
const document = () => openApiDocument() as unknown as OpenApiDocument;
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

function filesUnder(dir: string, extension: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return ["node_modules", "dist", "__pycache__"].includes(entry.name) ? [] : filesUnder(relative, extension);
    return entry.name.endsWith(extension) ? [relative] : [];
  });
}

describe("the generated clients", () => {
  it("are committed as the registry generates them (run npm run clients)", async () => {
    const generated = await generatedClientFiles();
    const stale = Object.entries(generated).filter(([file, contents]) => !fs.existsSync(path.join(root, file)) || read(file) !== contents).map(([file]) => file);
    expect(stale).toEqual([]);
  }, 60_000);

  it("would be stale after a registry change (the check can fail)", async () => {
    const changed = document();
    delete changed.paths["/v1/api/wallet/approvals"];
    const generated = await generatedClientFiles(changed);
    const differing = Object.entries(generated).filter(([file, contents]) => read(file) !== contents).map(([file]) => file);
    expect(differing).toEqual(expect.arrayContaining(["clients/typescript/src/client.ts", "clients/typescript/src/schema.ts", "clients/python/devintel_client/client.py", "clients/python/devintel_client/types.py"]));
  }, 60_000);

  it("have one method per registry endpoint and the API's version", () => {
    expect(clientOperations(document()).map((operation) => operation.path)).toEqual(endpoints.map((endpoint) => `/v1/api/${endpoint.id}`));
    const version = clientVersion(document());
    expect(JSON.parse(read("clients/typescript/package.json")).version).toBe(version);
    expect(read("clients/python/pyproject.toml")).toContain(`version = "${version}"`);
    expect(version.split(".")[0]).toBe(document().info.version.replace(/^v/, ""));
    const typescript = read("clients/typescript/src/client.ts");
    const python = read("clients/python/devintel_client/client.py");
    for (const operation of clientOperations(document())) {
      expect(typescript).toContain(`  ${operation.name}(`);
      expect(python).toContain(`    def ${operation.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}(`);
      // Only the endpoints that accept an Idempotency-Key are sent one.
      expect(typescript).toContain(`path: "${operation.path}", idempotent: ${operation.idempotent} }`);
    }
    expect(clientOperations(document()).filter((operation) => operation.idempotent).map((operation) => operation.path)).toEqual(endpoints.filter((endpoint) => endpoint.surface === "intelligence").map((endpoint) => `/v1/api/${endpoint.id}`));
  });

  it("the TypeScript client compiles on its own: strict, NodeNext, no Node or project types", () => {
    const files = filesUnder("clients/typescript/src", ".ts").map((file) => path.join(root, file));
    const program = ts.createProgram(files, {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      types: [],
      skipLibCheck: true,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => `${d.file ? path.basename(d.file.fileName) : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
    expect(diagnostics).toEqual([]);
  }, 60_000);

  it("import nothing from outside their own folders", () => {
    const tsImports = filesUnder("clients/typescript/src", ".ts").flatMap((file) => [...read(file).matchAll(/(?:import|export)[^;]*?from\s+"([^"]+)"/g)].map((m) => `${file} → ${m[1]}`));
    expect(tsImports.length).toBeGreaterThan(0);
    expect(tsImports.filter((line) => !/ → \.\/[\w-]+\.js$/.test(line))).toEqual([]);
    const standardLibrary = new Set(["email", "json", "time", "urllib", "uuid", "dataclasses", "typing"]);
    const pyImports = filesUnder("clients/python/devintel_client", ".py").flatMap((file) => [...read(file).matchAll(/^(?:from\s+(\S+)\s+import|import\s+(\S+))/gm)].map((m) => ({ file, module: m[1] ?? m[2] })));
    expect(pyImports.filter(({ module }) => !module.startsWith(".") && !standardLibrary.has(module.split(".")[0]))).toEqual([]);
  });
});
