import type { Resource } from "i18next";
import type { Locale } from "./config";

// Each domain keeps its own namespace file: app/locales/<locale>/<namespace>.json. They are loaded a
// language at a time, all its namespaces together (bundles/<locale>.ts): one request in the browser,
// which needs them before it can show a page.
const bundles: Record<Locale, () => Promise<{ default: Record<string, Record<string, unknown>> }>> = {
  "en-us": () => import("./bundles/en-us"),
  "nl-nl": () => import("./bundles/nl-nl"),
  "fr-fr": () => import("./bundles/fr-fr"),
};

function namespaceOf(path: string): string {
  const [, namespace] = path.match(/locales\/[^/]+\/([^/]+)\.json$/) ?? [];
  if (!namespace) throw new Error(`A locale file must be locales/<locale>/<namespace>.json: ${path}`);
  return namespace;
}

/** Loads every namespace of the given locales (the browser loads only its own). */
export async function loadResources(locales: readonly Locale[]): Promise<Resource> {
  const resources: Resource = {};
  await Promise.all(
    locales.map(async (locale) => {
      const files = (await bundles[locale]()).default;
      resources[locale] = Object.fromEntries(Object.entries(files).map(([path, json]) => [namespaceOf(path), json]));
    }),
  );
  return resources;
}

/** The namespaces of loaded resources, for i18next's `ns`. */
export function namespacesOf(resources: Resource): string[] {
  return [...new Set(Object.values(resources).flatMap((namespaces) => Object.keys(namespaces)))].sort();
}
