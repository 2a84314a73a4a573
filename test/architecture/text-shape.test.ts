// Text a newcomer can read: a file opens with a comment of at most six lines saying what it is and
// why it exists (detail lives beside the function it describes, or in docs/), and no line is longer
// than 300 characters. It reads the files the layering guard reads, less generated code (clients/,
// lib/db/generated, *.generated.ts). The exceptions are listed below by file and reason, and must
// match what is found exactly, so a mended file leaves the list and nothing new joins it.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const folders = ["lib", "components", "app", "scripts", "demo-chain", "test", "bench", "e2e"];
/** Generated or committed-fixture code: written by a tool, not read as source. */
const generated = ["lib/db/generated/", "test/openapi/client/", "test/clients/typescript-package/"];
const maxHeaderLines = 6;
const maxLineLength = 300;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return ["generated", "node_modules", "dist"].includes(entry.name) ? [] : sourceFiles(relative);
    return /\.(tsx?|mjs|js)$/.test(entry.name) && !entry.name.endsWith(".generated.ts") ? [relative] : [];
  });
}

const files = folders.flatMap(sourceFiles).filter((file) => !generated.some((folder) => file.startsWith(folder))).sort();
const texts = new Map(files.map((file) => [file, fs.readFileSync(path.join(root, file), "utf8").split("\n")]));

/**
 * How many lines a file's opening comment spans: from its first comment line to the last one
 * before the first code line (a shebang is skipped; `//` runs and `/* … *\/` blocks both count).
 */
function openingCommentLines(lines: string[]): number {
  let first = -1;
  let last = -1;
  let inBlock = false;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index].trim();
    if (index === 0 && line.startsWith("#!")) continue;
    if (inBlock) {
      last = index;
      if (line.includes("*/")) inBlock = false;
      continue;
    }
    if (line === "") continue;
    if (line.startsWith("//") || line.startsWith("/*")) {
      if (first < 0) first = index;
      last = index;
      if (line.startsWith("/*") && !line.includes("*/")) inBlock = true;
      continue;
    }
    break;
  }
  return first < 0 ? 0 : last - first + 1;
}

/** Files whose opening comment may stay longer than six lines, and why. */
const longHeaders: Record<string, string> = {};

/** Files that may keep a line longer than 300 characters, and why it cannot be broken. */
const longLines: Record<string, string> = {};

describe("text shape", () => {
  it("reads the source files", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it(`every file opens with a comment of at most ${maxHeaderLines} lines`, () => {
    const found = files.filter((file) => openingCommentLines(texts.get(file)!) > maxHeaderLines);
    expect(found).toEqual(Object.keys(longHeaders).sort());
  });

  it(`no line is longer than ${maxLineLength} characters`, () => {
    const found = files.filter((file) => texts.get(file)!.some((line) => line.length > maxLineLength));
    expect(found).toEqual(Object.keys(longLines).sort());
  });

  it("counts an opening comment as the guard means it", () => {
    expect(openingCommentLines(["#!/usr/bin/env node", "// one", "// two", "", "import x from 'y';"])).toBe(2);
    expect(openingCommentLines(["/**", " * a", " */", "const x = 1;"])).toBe(3);
    expect(openingCommentLines(["// a", "", "// b", "code();", "// not a header"])).toBe(3);
    expect(openingCommentLines(['"use client";', "// after code"])).toBe(0);
  });
});
