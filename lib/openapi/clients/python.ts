// The Python client's generated files: types.py (a TypedDict for every object the document
// describes, named after where it sits, Literal for enums and constants) and client.py (one method
// per operation). The transport, retries and errors are hand-written (clients/python/devintel_client/_transport.py).
import { clientOperations, clientVersion, documentChains, documentDigest, generatedNotice, type ClientOperation, type JsonSchema, type OpenApiDocument } from "./operations";

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join("");
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A Python literal of a JSON value (strings, numbers, booleans, null). */
function literal(value: unknown): string {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  return JSON.stringify(value);
}

function comment(description: string | undefined, indent: string): string[] {
  if (!description) return [];
  return description.split("\n").map((line) => `${indent}# ${line}`);
}

/** Writes TypedDicts in dependency order: a type is written before the first one that uses it. */
class PythonTypes {
  readonly lines: string[] = [];
  private readonly written = new Set<string>();

  constructor(private readonly components: Record<string, JsonSchema>) {}

  component(name: string): string {
    if (!this.written.has(name)) {
      this.written.add(name);
      this.define(name, this.components[name]);
    }
    return name;
  }

  /** Names `schema` as `name` (a TypedDict for an object, an alias otherwise). */
  define(name: string, schema: JsonSchema): string {
    if (this.isObject(schema) && schema.properties) return this.typedDict(name, schema);
    const expression = this.expression(schema, name);
    this.lines.push(...comment(schema.description, ""), `${name} = ${expression}`, "");
    return name;
  }

  private isObject(schema: JsonSchema) {
    return schema.type === "object" || (schema.type === undefined && schema.properties !== undefined);
  }

  private typedDict(name: string, schema: JsonSchema): string {
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties ?? {}).map(([field, property]) => {
      const type = this.expression(property, `${name}${pascal(field)}`);
      return [...comment(property.description, "    "), `    ${JSON.stringify(field)}: ${required.has(field) ? type : `NotRequired[${type}]`},`];
    });
    // The functional form: some field names (from, …) are Python keywords.
    this.lines.push(...comment(schema.description, ""), `${name} = TypedDict(${JSON.stringify(name)}, {`, ...fields.flat(), "})", "");
    return name;
  }

  /** Why a union member is what it is: the value of its discriminating constant, when it has one. */
  private variantName(schema: JsonSchema, index: number): string {
    for (const property of Object.values(schema.properties ?? {})) {
      const tag = property.const ?? (property.enum?.length === 1 ? property.enum[0] : undefined);
      if (typeof tag === "string" || typeof tag === "boolean") return pascal(String(tag)) || `Option${index + 1}`;
    }
    return `Option${index + 1}`;
  }

  expression(schema: JsonSchema, name: string): string {
    if (schema.$ref) return this.component(schema.$ref.replace("#/components/schemas/", ""));
    if (schema.const !== undefined) return `Literal[${literal(schema.const)}]`;
    if (schema.enum) return `Literal[${schema.enum.map(literal).join(", ")}]`;
    const members = schema.anyOf ?? schema.oneOf;
    if (members) {
      const used = new Set<string>();
      const types = members.map((member, index) => {
        if (!this.isObject(member) || !member.properties) return this.expression(member, `${name}Option${index + 1}`);
        let variant = `${name}${this.variantName(member, index)}`;
        if (used.has(variant)) variant = `${name}Option${index + 1}`;
        used.add(variant);
        return this.expression(member, variant);
      });
      return union(types);
    }
    if (schema.allOf?.length === 1) return this.expression(schema.allOf[0], name);
    if (Array.isArray(schema.type)) return union(schema.type.map((type) => this.expression({ ...schema, type }, name)));
    switch (schema.type) {
      case "string":
        return "str";
      case "integer":
        return "int";
      case "number":
        return "float";
      case "boolean":
        return "bool";
      case "null":
        return "None";
      case "array":
        return `List[${schema.items ? this.expression(schema.items, `${name}Item`) : "Any"}]`;
      case "object":
        if (schema.properties) return this.typedDict(name, schema);
        if (schema.additionalProperties && typeof schema.additionalProperties === "object") return `Dict[str, ${this.expression(schema.additionalProperties, `${name}Value`)}]`;
        return "Dict[str, Any]";
      default:
        return "Any";
    }
  }
}

function union(types: string[]): string {
  const distinct = [...new Set(types)];
  return distinct.length === 1 ? distinct[0] : `Union[${distinct.join(", ")}]`;
}

function methodOf(operation: ClientOperation): string[] {
  const type = pascal(operation.name);
  const parameter = operation.input === "body" ? `body: ${type}Request, ` : operation.input === "query" ? `query: ${type}Query | None = None, ` : "";
  const keyword = operation.idempotent ? "idempotency_key: str | None = None, " : "";
  const input = operation.input === "body" ? "body=body" : operation.input === "query" ? "query=query" : "";
  return [
    `    def ${snake(operation.name)}(self, ${parameter}*, ${keyword}timeout: float | None = None) -> ${type}Response:`,
    `        """${operation.summary} ${operation.description} (${operation.method} ${operation.path})${operation.idempotent ? " Sends an Idempotency-Key, the same on every retry of the call." : ""}"""`,
    `        return self._call(${JSON.stringify(operation.method)}, ${JSON.stringify(operation.path)}, idempotent=${operation.idempotent ? "True" : "False"}, ${input ? `${input}, ` : ""}${operation.idempotent ? "idempotency_key=idempotency_key, " : ""}timeout=timeout)  # type: ignore[return-value]`,
  ];
}

export function pythonClientFiles(document: OpenApiDocument): Record<string, string> {
  const operations = clientOperations(document);
  const chains = documentChains(document);
  const errorCodes = [...((document.components.schemas.Failure?.properties?.error?.enum ?? []) as string[]), "unexpected_response"];
  const types = new PythonTypes(document.components.schemas);
  for (const name of Object.keys(document.components.schemas)) types.component(name);
  for (const operation of operations) {
    const type = pascal(operation.name);
    // The document types a request's chain as a case-insensitive string; the client takes the chains' names only.
    const input = operation.inputSchema?.properties?.chain ? { ...operation.inputSchema, properties: { ...operation.inputSchema.properties, chain: { ...operation.inputSchema.properties.chain, type: undefined, pattern: undefined, enum: chains } } } : operation.inputSchema;
    if (input) types.define(`${type}${operation.input === "body" ? "Request" : "Query"}`, input);
    types.define(`${type}Response`, operation.successSchema);
  }
  const typesFile = [
    `# ${generatedNotice}`,
    "from typing import Any, Dict, List, Literal, NotRequired, TypedDict, Union",
    "",
    "# The chains the API serves, as its answers name them; a request's chain is one of them.",
    `Chain = Literal[${chains.map(literal).join(", ")}]`,
    "# Every code the API's failure envelope can carry, and unexpected_response for an answer that is not the API's.",
    `ErrorCode = Literal[${errorCodes.map(literal).join(", ")}]`,
    "",
    "",
    ...types.lines,
  ].join("\n");
  const names = operations.flatMap((operation) => {
    const type = pascal(operation.name);
    return [...(operation.input === "body" ? [`${type}Request`] : operation.input === "query" ? [`${type}Query`] : []), `${type}Response`];
  });
  const clientFile = [
    `# ${generatedNotice}`,
    "from ._transport import Transport",
    `from .types import ${names.join(", ")}`,
    "",
    `API_VERSION = ${JSON.stringify(document.info.version)}`,
    `CLIENT_VERSION = ${JSON.stringify(clientVersion(document))}`,
    `DOCUMENT_DIGEST = ${JSON.stringify(documentDigest(document))}`,
    "",
    "",
    "class Client(Transport):",
    '    """One method per endpoint of the API; each returns the success envelope or raises ApiError."""',
    "",
    operations.map((operation) => methodOf(operation).join("\n")).join("\n\n"),
    "",
  ].join("\n");
  const pyproject = [
    `# ${generatedNotice}`,
    "[build-system]",
    'requires = ["setuptools>=61"]',
    'build-backend = "setuptools.build_meta"',
    "",
    "[project]",
    'name = "devintel-client"',
    `version = "${clientVersion(document)}"`,
    'description = "Typed client for the Developer Intelligence API, generated from its OpenAPI document (standard library only)."',
    'readme = "README.md"',
    'requires-python = ">=3.11"',
    "dependencies = []",
    "",
    "[tool.setuptools]",
    'packages = ["devintel_client"]',
    "",
    // py.typed (PEP 561) is what makes a type checker read the installed package's annotations; it is not a module, so it ships only as package data.
    "[tool.setuptools.package-data]",
    'devintel_client = ["py.typed"]',
    "",
  ].join("\n");
  return {
    "clients/python/devintel_client/types.py": typesFile,
    "clients/python/devintel_client/client.py": clientFile,
    "clients/python/pyproject.toml": pyproject,
  };
}
