import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { NonceProvider } from "./components/nonce";
import { getLocale, i18nFor } from "./i18n/i18n.server";
import { cspNonceOf } from "./lib/security-headers";
import { isDatabaseUnavailable, noteDatabaseUnavailable } from "~db/connection";
import { registerReferenceChecks } from "./server/reference-checks";

// The server build runs every module function: removals are checked for references from the start.
registerReferenceChecks();

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = cspNonceOf(loadContext);
  const i18n = await i18nFor(await getLocale(request));
  const callback = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [callback]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * Logs real failures only: an unknown URL (404) or an aborted request is not an error of ours. A
 * database that cannot be used is logged in a line now and then, and marked on the request's load
 * context: the server answers 503 with Retry-After instead of 500 (app/server/main.ts).
 */
export function handleError(error: unknown, { request, context }: { request: Request; context?: AppLoadContext }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status === 404) return;
  if (error instanceof Error && /^No route matches URL/.test(error.message)) return;
  if (isDatabaseUnavailable(error)) {
    noteDatabaseUnavailable(error);
    if (context) context.databaseUnavailable = true;
    return;
  }
  console.error(error);
}

// The one API table (app/api/routes.server.ts). The server registers its endpoints from the build
// (app/server/main.ts, api-lane.ts): the build holds the app's only copy of every module (caches,
// write queues), which a second import of the table beside it would duplicate.
export { apiRoutes } from "./api/routes.server";
