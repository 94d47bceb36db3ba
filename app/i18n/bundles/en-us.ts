// Every namespace of en-us in one module: the browser fetches its language in one request (resources.ts).
export default import.meta.glob<Record<string, unknown>>("../../locales/en-us/*.json", {
  eager: true,
  import: "default",
});
