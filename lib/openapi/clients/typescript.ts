// The TypeScript client's generated files: schema.ts (openapi-typescript's types of the whole
// document) and client.ts (one method per operation, its request and answer types named after it).
// The transport, retries and errors are hand-written beside them (clients/typescript/src/).
import openapiTS, { astToString } from "openapi-typescript";
import fs from "node:fs";
import path from "node:path";
import { clientOperations, clientVersion, documentChains, documentDigest, generatedNotice, type ClientOperation, type OpenApiDocument } from "./operations";

const pascal = (name: string) => name[0].toUpperCase() + name.slice(1);

function docComment(operation: ClientOperation): string {
  return `  /** ${operation.summary} ${operation.description} (${operation.method} ${operation.path})${operation.idempotent ? " Sends an Idempotency-Key, the same on every retry of the call." : ""} */`;
}

function typesOf(operation: ClientOperation): string[] {
  const type = pascal(operation.name);
  const lower = operation.method.toLowerCase();
  const at = `paths["${operation.path}"]["${lower}"]`;
  const lines = [`export type ${type}Response = ${at}["responses"][200]["content"]["application/json"];`];
  const input = operation.input === "body" ? `${at}["requestBody"]["content"]["application/json"]` : `NonNullable<${at}["parameters"]["query"]>`;
  // The document types a request's chain as a case-insensitive string; the client takes the chains' names only.
  const chain = operation.inputSchema?.properties?.chain ? (operation.inputSchema.required?.includes("chain") ? "{ chain: Chain }" : "{ chain?: Chain }") : null;
  const typed = chain ? `Omit<${input}, "chain"> & ${chain}` : input;
  if (operation.input === "body") lines.push(`export type ${type}Request = ${typed};`);
  if (operation.input === "query") lines.push(`export type ${type}Query = ${typed};`);
  return lines;
}

function methodOf(operation: ClientOperation): string {
  const type = pascal(operation.name);
  const route = `{ method: "${operation.method}", path: "${operation.path}", idempotent: ${operation.idempotent} }`;
  const [parameter, input] =
    operation.input === "body" ? [`body: ${type}Request, `, "{ body }"] : operation.input === "query" ? [`query?: ${type}Query, `, "{ query }"] : ["", "{}"];
  const answer = `WithResponse<${type}Response>`;
  return [docComment(operation), `  ${operation.name}(${parameter}options?: CallOptions): Promise<${answer}> {`, `    return this.transport.call(${route}, ${input}, options) as Promise<${answer}>;`, "  }"].join("\n");
}

export async function typescriptClientFiles(document: OpenApiDocument): Promise<Record<string, string>> {
  const operations = clientOperations(document);
  const schema = `// ${generatedNotice}\n${astToString(await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]))}`;
  const client = [
    `// ${generatedNotice}`,
    'import type { paths } from "./schema.js";',
    'import type { WithResponse } from "./response.js";',
    'import { Transport, type CallOptions, type ClientOptions } from "./transport.js";',
    "",
    `/** The API version this client speaks, and the digest of the OpenAPI document it was generated from. */`,
    `export const apiVersion = "${document.info.version}";`,
    `export const clientVersion = "${clientVersion(document)}";`,
    `export const documentDigest = "${documentDigest(document)}";`,
    "",
    "/** The chains the API serves, as its answers name them; a request's `chain` is one of them. */",
    `export type Chain = ${documentChains(document).map((chain) => JSON.stringify(chain)).join(" | ")};`,
    "",
    ...operations.flatMap(typesOf),
    "",
    "/** One method per endpoint of the API; each answers the success envelope (its headers under `apiResponse`) or throws an ApiError. */",
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
  // The licence and repository are the project's own (its root package.json), so the published client says what the project says.
  const project = JSON.parse(fs.readFileSync(path.resolve(process.cwd(), "package.json"), "utf8")) as { license?: string; repository?: string | { type?: string; url: string } };
  const repository = typeof project.repository === "string" ? { type: "git", url: project.repository } : project.repository;
  const packageJson = {
    name: "@developer-intelligence/client",
    version: clientVersion(document),
    description: "Typed client for the Developer Intelligence API, generated from its OpenAPI document.",
    // npm's word for "no licence granted": the project states none.
    license: project.license ?? "UNLICENSED",
    ...(repository ? { repository: { ...repository, directory: "clients/typescript" } } : {}),
    type: "module",
    // main and types for resolvers that do not read exports (TypeScript's node10, older bundlers).
    main: "./dist/index.js",
    types: "./dist/index.d.ts",
    exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js", default: "./dist/index.js" }, "./package.json": "./package.json" },
    sideEffects: false,
    files: ["dist", "src", "README.md"],
    // prepack: npm pack and npm publish build dist/ first, so a package is never packed without it.
    scripts: { build: "tsc -p tsconfig.json", prepack: "npm run build" },
    engines: { node: ">=20.3" },
    devDependencies: { typescript: "^5.9.3" },
  };
  return {
    "clients/typescript/src/schema.ts": schema,
    "clients/typescript/src/client.ts": client,
    "clients/typescript/package.json": `${JSON.stringify(packageJson, null, 2)}\n`,
  };
}
