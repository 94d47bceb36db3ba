import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { settingsSchema } from "~settings/schema.server";
import { loadSettings } from "~settings/settings.server";

// The README's configuration table lists exactly the schema's variables, each with the schema's
// default: a literal default opens the cell in backticks; a computed one or none is told in words.

type Row = { name: string; default: string; meaning: string };

function configurationTable(readme: string): Row[] {
  const section = readme.slice(readme.indexOf("\n## Configuration\n"));
  const lines = section.split("\n");
  const header = lines.findIndex((line) => line.startsWith("| variable | default | meaning |"));
  expect(header, "the Configuration section has a table headed | variable | default | meaning |").toBeGreaterThan(0);
  const rows: Row[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith("|")) break;
    const [name = "", defaultCell = "", meaning = ""] = line
      .slice(1, -1)
      .split(" | ")
      .map((cell) => cell.trim());
    rows.push({ name: name.replace(/^`(.*)`$/, "$1"), default: defaultCell, meaning });
  }
  return rows;
}

const rows = configurationTable(fs.readFileSync(path.resolve("README.md"), "utf8"));
const names = Object.keys(settingsSchema.shape) as Array<keyof typeof settingsSchema.shape>;
const defaults = loadSettings({});

describe("README configuration table", () => {
  it("has one row for every setting and none for anything else", () => {
    expect(rows.map((row) => row.name).sort()).toEqual([...names].sort());
  });

  it.each(rows.map((row) => [row.name, row] as const))("%s: the schema's default, a meaning", (name, row) => {
    const value = defaults[name as keyof typeof defaults];
    if (value === undefined) expect(row.default, "no literal default in the schema").not.toMatch(/^`/);
    else expect(row.default.startsWith(`\`${String(value)}\``), `starts with \`${String(value)}\``).toBe(true);
    expect(row.meaning.length).toBeGreaterThan(0);
  });

  it("every setting carries a description in the schema", () => {
    for (const name of names) expect(settingsSchema.shape[name].description, name).toBeTruthy();
  });
});
