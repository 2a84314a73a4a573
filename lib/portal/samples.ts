// Copy-paste samples for one endpoint call, with the key left as <API_KEY>.
export type SampleCall = { method: "GET" | "POST"; path: string; body: Record<string, unknown> | null };

export const apiKeyPlaceholder = "<API_KEY>";

export function curlSample(baseUrl: string, call: SampleCall): string {
  const lines = [`curl -s ${call.method === "POST" ? "-X POST " : ""}"${baseUrl}${call.path}" \\`, `  -H "X-API-Key: ${apiKeyPlaceholder}"`];
  if (call.body) {
    lines[lines.length - 1] += " \\";
    lines.push(`  -H "Content-Type: application/json" \\`, `  -d '${JSON.stringify(call.body)}'`);
  }
  return lines.join("\n");
}

export function typescriptSample(baseUrl: string, call: SampleCall): string {
  const init = [`  method: "${call.method}",`, `  headers: { "X-API-Key": process.env.API_KEY!${call.body ? ', "Content-Type": "application/json"' : ""} },`];
  if (call.body) init.push(`  body: JSON.stringify(${JSON.stringify(call.body)}),`);
  return [
    `// Keep the key on your server: API_KEY=${apiKeyPlaceholder}`,
    `const response = await fetch("${baseUrl}${call.path}", {`,
    ...init,
    `});`,
    `const result = await response.json();`,
    `if (!result.ok) throw new Error(\`\${result.error} (request \${result.request_id})\`);`,
    `console.log(result.data, result.meta.credits_charged);`,
  ].join("\n");
}

export function pythonSample(baseUrl: string, call: SampleCall): string {
  const args = [`    "${baseUrl}${call.path}",`, `    headers={"X-API-Key": os.environ["API_KEY"]},`];
  if (call.body) args.push(`    json=${JSON.stringify(call.body).replace(/\btrue\b/g, "True").replace(/\bfalse\b/g, "False")},`);
  return [
    `# Keep the key on your server: API_KEY=${apiKeyPlaceholder}`,
    `import os, requests`,
    ``,
    `response = requests.${call.method.toLowerCase()}(`,
    ...args,
    `    timeout=30,`,
    `)`,
    `result = response.json()`,
    `if not result["ok"]:`,
    `    raise RuntimeError(f"{result['error']} (request {result['request_id']})")`,
    `print(result["data"], result["meta"]["credits_charged"])`,
  ].join("\n");
}
