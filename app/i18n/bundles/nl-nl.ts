// Every namespace of nl-nl in one module: the browser fetches its language in one request (resources.ts).
export default import.meta.glob<Record<string, unknown>>("../../locales/nl-nl/*.json", {
  eager: true,
  import: "default",
});
