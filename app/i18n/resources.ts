import type { Resource } from "i18next";
import type { Locale } from "./config";

// Each domain keeps its own namespace file: app/locales/<locale>/<namespace>.json.
const files = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json");

function parse(path: string): { locale: string; namespace: string } {
  const [, locale, namespace] = path.match(/locales\/([^/]+)\/([^/]+)\.json$/) ?? [];
  if (!locale || !namespace) throw new Error(`A locale file must be locales/<locale>/<namespace>.json: ${path}`);
  return { locale, namespace };
}

export const NAMESPACES = [...new Set(Object.keys(files).map((p) => parse(p).namespace))].sort();

/** Loads every namespace of the given locales (the browser loads only its own). */
export async function loadResources(locales: readonly Locale[]): Promise<Resource> {
  const resources: Resource = {};
  await Promise.all(
    Object.entries(files).map(async ([path, load]) => {
      const { locale, namespace } = parse(path);
      if (!locales.includes(locale as Locale)) return;
      const module = await load();
      (resources[locale] ??= {})[namespace] = module.default;
    }),
  );
  return resources;
}
