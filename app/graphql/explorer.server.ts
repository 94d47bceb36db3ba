import { cspNonceOf } from "~/lib/security-headers";

/** Where the development explorer loads GraphiQL from (allowed by the development CSP only). */
export const EXPLORER_CDN = "https://unpkg.com";
const GRAPHIQL = `${EXPLORER_CDN}/graphiql@3.9.0`;
const REACT = `${EXPLORER_CDN}/react@18.3.1/umd/react.production.min.js`;
const REACT_DOM = `${EXPLORER_CDN}/react-dom@18.3.1/umd/react-dom.production.min.js`;

/** A browser opening the endpoint itself (GET, HTML wanted, no query): show the explorer. */
export function wantsExplorer(request: Request): boolean {
  if (request.method !== "GET") return false;
  if (new URL(request.url).searchParams.has("query")) return false;
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

/**
 * GraphiQL on the endpoint, in development only: it comes from a CDN so the product ships no
 * explorer. It posts to this same URL with the browser's session cookie.
 */
export function explorerPage(request: Request, loadContext: unknown): Response {
  const nonce = cspNonceOf(loadContext);
  const n = nonce ? ` nonce="${nonce}"` : "";
  const endpoint = JSON.stringify(new URL(request.url).pathname);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>GraphiQL — ${new URL(request.url).pathname}</title>
<link rel="stylesheet" href="${GRAPHIQL}/graphiql.min.css">
</head>
<body style="margin:0">
<div id="graphiql" style="height:100vh"></div>
<script${n} src="${REACT}" crossorigin></script>
<script${n} src="${REACT_DOM}" crossorigin></script>
<script${n} src="${GRAPHIQL}/graphiql.min.js" crossorigin></script>
<script${n}>
const fetcher = GraphiQL.createFetcher({ url: ${endpoint} });
ReactDOM.createRoot(document.getElementById("graphiql")).render(React.createElement(GraphiQL, { fetcher }));
</script>
</body>
</html>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
