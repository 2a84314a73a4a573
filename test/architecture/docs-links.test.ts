// README.md is the front door and docs/ holds the rest: every relative link in them points to a file
// or folder that exists, and to a heading that exists when it names one (GitHub's slugs); every page
// under docs/ is linked from the README; and the README stays a front door, under 400 lines.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? markdownFiles(full) : entry.name.endsWith(".md") ? [full] : [];
  });
}

const pages = [path.join(root, "README.md"), ...markdownFiles(path.join(root, "docs"))];

/** The text outside fenced blocks and inline code, where a link means a link. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of text.replace(/^```[\s\S]*?^```/gm, "").matchAll(/^#{1,6} (.+?)\s*#*\s*$/gm)) {
    const words = match[1].replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[`*]/g, "");
    const slug = words.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Each relative link of a page: where it points and the anchor it names, if any. */
function relativeLinks(text: string): { target: string; anchor: string | null }[] {
  return [...prose(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1])
    .filter((href) => !/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith("/"))
    .map((href) => {
      const at = href.indexOf("#");
      return at < 0 ? { target: href, anchor: null } : { target: href.slice(0, at), anchor: decodeURIComponent(href.slice(at + 1)) };
    });
}

/** What is wrong with the relative links of one page, one line each. */
function brokenLinks(file: string, text: string): string[] {
  const broken: string[] = [];
  for (const { target, anchor } of relativeLinks(text)) {
    const resolved = target === "" ? file : path.resolve(path.dirname(file), decodeURIComponent(target));
    const shown = `${path.relative(root, file)} → ${target}${anchor === null ? "" : `#${anchor}`}`;
    if (!fs.existsSync(resolved)) broken.push(`${shown}: no such file`);
    else if (anchor !== null && resolved.endsWith(".md") && !anchorsOf(fs.readFileSync(resolved, "utf8")).has(anchor)) broken.push(`${shown}: no such heading`);
  }
  return broken;
}

describe("README.md and docs/", () => {
  it("every relative link points to a file that exists, and to a heading that exists", () => {
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.flatMap((file) => brokenLinks(file, fs.readFileSync(file, "utf8")))).toEqual([]);
  });

  it("finds a broken file, a broken heading and a heading that exists", () => {
    const file = path.join(root, "docs", "page.md");
    expect(brokenLinks(file, "[a](../README.md) [b](missing.md) [c](api.md#no-such-heading) [d](api.md#the-contract-one-definition-per-endpoint) `[e](in-code.md)`")).toEqual([
      "docs/page.md → missing.md: no such file",
      "docs/page.md → api.md#no-such-heading: no such heading",
    ]);
    expect([...anchorsOf("# A `b`/c: d\n## Operations: metrics\n## Same\n## Same")]).toEqual(["a-bc-d", "operations-metrics", "same", "same-1"]);
  });

  it("links every page under docs/ from the README", () => {
    const readme = path.join(root, "README.md");
    const linked = new Set(relativeLinks(fs.readFileSync(readme, "utf8")).map(({ target }) => path.resolve(root, target)));
    expect(pages.filter((file) => file !== readme && !linked.has(file)).map((file) => path.relative(root, file))).toEqual([]);
  });

  it("keeps the README a front door: under 400 lines", () => {
    expect(fs.readFileSync(path.join(root, "README.md"), "utf8").split("\n").length).toBeLessThan(400);
  });
});
