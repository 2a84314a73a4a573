// The TypeScript client's generated files: schema.ts (openapi-typescript's types of the whole
// document) and client.ts (one method per operation, its request and answer types named after it).
// The transport, retries and errors are hand-written beside them (clients/typescript/src/).
import openapiTS, { astToString } from "openapi-typescript";
import { clientOperations, clientVersion, documentDigest, generatedNotice, type ClientOperation, type OpenApiDocument } from "./operations";

const pascal = (name: string) => name[0].toUpperCase() + name.slice(1);

function docComment(operation: ClientOperation): string {
  return `  /** ${operation.summary} ${operation.description} (${operation.method} ${operation.path})${operation.idempotent ? " Sends an Idempotency-Key, the same on every retry of the call." : ""} */`;
}

function typesOf(operation: ClientOperation): string[] {
  const type = pascal(operation.name);
  const lower = operation.method.toLowerCase();
  const at = `paths["${operation.path}"]["${lower}"]`;
  const lines = [`export type ${type}Response = ${at}["responses"][200]["content"]["application/json"];`];
  if (operation.input === "body") lines.push(`export type ${type}Request = ${at}["requestBody"]["content"]["application/json"];`);
  if (operation.input === "query") lines.push(`export type ${type}Query = NonNullable<${at}["parameters"]["query"]>;`);
  return lines;
}

function methodOf(operation: ClientOperation): string {
  const type = pascal(operation.name);
  const route = `{ method: "${operation.method}", path: "${operation.path}", idempotent: ${operation.idempotent} }`;
  const [parameter, input] =
    operation.input === "body" ? [`body: ${type}Request, `, "{ body }"] : operation.input === "query" ? [`query?: ${type}Query, `, "{ query }"] : ["", "{}"];
  return [docComment(operation), `  ${operation.name}(${parameter}options?: CallOptions): Promise<${type}Response> {`, `    return this.transport.call(${route}, ${input}, options) as Promise<${type}Response>;`, "  }"].join("\n");
}

export async function typescriptClientFiles(document: OpenApiDocument): Promise<Record<string, string>> {
  const operations = clientOperations(document);
  const schema = `// ${generatedNotice}\n${astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]))}`;
  const client = [
    `// ${generatedNotice}`,
    'import type { paths } from "./schema.js";',
    'import { Transport, type CallOptions, type ClientOptions } from "./transport.js";',
    "",
    `/** The API version this client speaks, and the digest of the OpenAPI document it was generated from. */`,
    `export const apiVersion = "${document.info.version}";`,
    `export const clientVersion = "${clientVersion(document)}";`,
    `export const documentDigest = "${documentDigest(document)}";`,
    "",
    ...operations.flatMap(typesOf),
    "",
    "/** One method per endpoint of the API; each answers the success envelope or throws an ApiError. */",
    "export class DevIntelClient {",
    "  private readonly transport: Transport;",
    "",
    "  constructor(options: ClientOptions) {",
    "    this.transport = new Transport(options);",
    "  }",
    "",
    operations.map(methodOf).join("\n\n"),
    "}",
    "",
  ].join("\n");
  const packageJson = {
    name: "@developer-intelligence/client",
    version: clientVersion(document),
    description: "Typed client for the Developer Intelligence API, generated from its OpenAPI document.",
    type: "module",
    exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } },
    files: ["dist", "src", "README.md"],
    scripts: { build: "tsc -p tsconfig.json", prepare: "tsc -p tsconfig.json" },
    engines: { node: ">=20.3" },
    devDependencies: { typescript: "^5.9.3" },
  };
  return {
    "clients/typescript/src/schema.ts": schema,
    "clients/typescript/src/client.ts": client,
    "clients/typescript/package.json": `${JSON.stringify(packageJson, null, 2)}\n`,
  };
}
