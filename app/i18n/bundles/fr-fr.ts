// Every namespace of fr-fr in one module: the browser fetches its language in one request (resources.ts).
export default import.meta.glob<Record<string, unknown>>("../../locales/fr-fr/*.json", {
  eager: true,
  import: "default",
});
