import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The README is a newcomer's map: every file or folder it names must exist, so a move that forgets
// the README fails here instead of sending the reader to nothing.
const root = path.resolve(__dirname, "../../..");
const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");

/** Repository paths the README names in backticks or in its architecture block, placeholders cut off. */
function namedPaths(text: string): string[] {
  const inline = [...text.matchAll(/`((?:app|db|party|tests|docs|migrations|schema|public)\/[^`\s]*)`/g)].map((m) => m[1]!);
  const block = text.match(/## Architecture\s+```([\s\S]*?)```/)?.[1] ?? "";
  const listed = [...block.matchAll(/^(\S+)/gm)].map((m) => m[1]!);
  return [...new Set([...inline, ...listed])]
    .map((p) => p.replace(/[<*{].*$/, "").replace(/[,.:;)]+$/, ""))
    .filter((p) => p.length > 0);
}

describe("README", () => {
  it("names every folder of app/ and every top-level code folder in its architecture section", () => {
    const block = readme.match(/## Architecture\s+```([\s\S]*?)```/)?.[1] ?? "";
    const listed = new Set([...block.matchAll(/^(\S+?)\/?(?:\s|\*|<|$)/gm)].map((m) => m[1]!.replace(/\/$/, "")));
    const folders = [
      ...fs
        .readdirSync(path.join(root, "app"), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => `app/${e.name}`),
      "db",
      "party",
      "settings",
      "migrations",
    ];
    const unnamed = folders.filter((f) => ![...listed].some((l) => l === f || l.startsWith(`${f}/`)));
    expect(unnamed).toEqual([]);
  });

  it("names only files and folders that exist", () => {
    const paths = namedPaths(readme);
    expect(paths.length).toBeGreaterThan(10);
    const missing = paths.filter((p) => !fs.existsSync(path.join(root, p)));
    expect(missing).toEqual([]);
  });
});
