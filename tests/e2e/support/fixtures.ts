import { test as base, expect, type Browser, type BrowserContext, type ConsoleMessage } from "@playwright/test";

// Every spec imports `test` and `expect` from here instead of @playwright/test: a browser console
// error, an uncaught page error or a React hydration warning on any page of any context the test
// opens (its own `page`/`context`, and contexts made with `browser.newContext()`/`newPage()`) fails
// the test. Hydration mismatches re-render whole pages and hide real bugs, so none is tolerated.

type BrowserProblem = { kind: "console" | "pageerror"; url: string; text: string };

/**
 * The browser logs "Failed to load resource: … 404" for a page that is itself a 404 (an unknown
 * address visited on purpose); only that document's own status is not a problem.
 */
function isOwnDocumentStatus(message: ConsoleMessage): boolean {
  return /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()) && message.location().url === message.page()?.url();
}

/** React's hydration messages (development text and the production error numbers). */
const HYDRATION = /hydrat|Minified React error #(418|419|421|422|423|425)|did not match/i;

function watch(context: BrowserContext, problems: BrowserProblem[]) {
  context.on("console", (message) => {
    const text = message.text();
    const isHydration = HYDRATION.test(text);
    if (message.type() !== "error" && !(message.type() === "warning" && isHydration)) return;
    if (isOwnDocumentStatus(message) || isRemixAbortLog(text)) return;
    const at = message.location();
    problems.push({ kind: "console", url: message.page()?.url() ?? "", text: at.url ? `${text} (at ${at.url}:${at.lineNumber})` : text });
  });
  context.on("weberror", (webError) => {
    problems.push({ kind: "pageerror", url: webError.page()?.url() ?? "", text: String(webError.error().stack ?? webError.error()) });
  });
}

/** Makes `browser.newContext`/`newPage` watch the contexts they create, for one test. */
function watchNewContexts(browser: Browser, problems: BrowserProblem[]): () => void {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
    const context = await newContext(...args);
    watch(context, problems);
    return context;
  };
  browser.newPage = async (...args: Parameters<Browser["newPage"]>) => {
    const page = await newPage(...args);
    watch(page.context(), problems);
    return page;
  };
  return () => {
    browser.newContext = newContext;
    browser.newPage = newPage;
  };
}

/**
 * Remix's single fetch logs the AbortError when a fetcher's request is cancelled on purpose (a newer
 * search replaces it, or an action revalidates) while its response is still being decoded
 * (@remix-run/react single-fetch.js `console.error(e)`); React Router then drops the cancelled
 * result. Only that exact message is let through; any other AbortError still fails the test.
 */
const isRemixAbortLog = (text: string) => text.startsWith("AbortError: signal is aborted without reason");

export const test = base.extend<{ browserProblems: BrowserProblem[] }>({
  browserProblems: [
    async ({ context, browser }, use, testInfo) => {
      const problems: BrowserProblem[] = [];
      watch(context, problems);
      const restore = watchNewContexts(browser, problems);
      await use(problems);
      restore();
      if (problems.length === 0) return;
      const list = problems.map((p) => `- ${p.kind} on ${p.url}: ${p.text}`).join("\n");
      // A test that failed already still shows what the browser reported, next to its own error.
      if (testInfo.status !== testInfo.expectedStatus) testInfo.annotations.push({ type: "browser problems", description: list });
      else throw new Error(`The browser reported ${problems.length} problem(s):\n${list}`);
    },
    { auto: true },
  ],
});

export { expect };
export type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
