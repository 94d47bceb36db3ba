import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LOCALES } from "~/i18n/config";

const root = path.resolve("app/locales");

function keysOf(value: unknown, prefix = ""): string[] {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

const namespaces = fs.readdirSync(path.join(root, "en-us")).filter((f) => f.endsWith(".json"));

describe("translations", () => {
  it("has the same namespaces in every language", () => {
    for (const locale of SUPPORTED_LOCALES) {
      expect(
        fs
          .readdirSync(path.join(root, locale))
          .filter((f) => f.endsWith(".json"))
          .sort(),
      ).toEqual([...namespaces].sort());
    }
  });

  for (const file of namespaces) {
    it(`${file}: every key exists, non-empty, in every language`, () => {
      const reference = keysOf(JSON.parse(fs.readFileSync(path.join(root, "en-us", file), "utf8"))).sort();
      for (const locale of SUPPORTED_LOCALES) {
        const data = JSON.parse(fs.readFileSync(path.join(root, locale, file), "utf8"));
        const keys = keysOf(data).sort();
        expect(keys, `${locale}/${file}`).toEqual(reference);
        for (const key of keys) {
          const value = key.split(".").reduce<any>((o, k) => o?.[k], data);
          expect(typeof value === "string" && value.trim().length > 0, `${locale}/${file}: ${key} is empty`).toBe(true);
        }
      }
    });
  }

  it("uses the same {{placeholders}} in every language", () => {
    for (const file of namespaces) {
      const en = JSON.parse(fs.readFileSync(path.join(root, "en-us", file), "utf8"));
      for (const locale of SUPPORTED_LOCALES) {
        const other = JSON.parse(fs.readFileSync(path.join(root, locale, file), "utf8"));
        for (const key of keysOf(en)) {
          const get = (o: any) => String(key.split(".").reduce((x, k) => x?.[k], o) ?? "");
          const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
          expect(vars(get(other)), `${locale}/${file}: ${key}`).toEqual(vars(get(en)));
        }
      }
    }
  });
});
