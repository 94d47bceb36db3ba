import { createHash } from "node:crypto";
import { test as base, expect, type Browser, type BrowserContext, type ConsoleMessage } from "@playwright/test";
import { demoStaffAccount, type Role } from "./accounts";
import { loginAsStaff } from "./login";
import type { Account } from "./session";

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
  return (
    /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()) &&
    message.location().url === message.page()?.url()
  );
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
    problems.push({
      kind: "console",
      url: message.page()?.url() ?? "",
      text: at.url ? `${text} (at ${at.url}:${at.lineNumber})` : text,
    });
  });
  context.on("weberror", (webError) => {
    problems.push({
      kind: "pageerror",
      url: webError.page()?.url() ?? "",
      text: String(webError.error().stack ?? webError.error()),
    });
  });
}

/** Makes `browser.newContext`/`newPage` watch the contexts they create, for one test. */
function watchNewContexts(browser: Browser, problems: BrowserProblem[], address: string): () => void {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  const withAddress = <O extends { extraHTTPHeaders?: Record<string, string> }>(options?: O) => ({
    ...options,
    extraHTTPHeaders: { "X-Forwarded-For": address, ...options?.extraHTTPHeaders },
  });
  browser.newContext = async (options?: Parameters<Browser["newContext"]>[0]) => {
    const context = await newContext(withAddress(options));
    watch(context, problems);
    return context;
  };
  browser.newPage = async (options?: Parameters<Browser["newPage"]>[0]) => {
    const page = await newPage(withAddress(options));
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
 * result. Chromium words it two ways, by whether the body was still streaming when the request was
 * cancelled. Only those exact messages are let through; any other AbortError still fails the test.
 */
const isRemixAbortLog = (text: string) =>
  text.startsWith("AbortError: signal is aborted without reason") ||
  text.startsWith("AbortError: BodyStreamBuffer was aborted");

/**
 * Each test is its own client machine: the server trusts X-Forwarded-For from loopback (its default
 * proxy setting), so every test's browser gets an address of its own (198.18.0.0/15, the benchmark
 * range) and the per-address login limit applies per test, as it would per candidate's device.
 */
function clientAddressOf(testId: string): string {
  const hash = createHash("sha256").update(testId).digest();
  return `198.${18 + (hash[0]! & 1)}.${hash[1]}.${hash[2]}`;
}

/**
 * `login()` (Epic Stack style): makes a staff member of the demo organisation that belongs to this
 * test alone, signs the test's page in as them through a server-side session (no login screens)
 * and opens the admin shell. Their name and e-mail come from the test's id, so a retry or another
 * spec never shares them.
 */
type Login = (options?: { role?: Role; name?: string }) => Promise<Account>;

export const test = base.extend<{ browserProblems: BrowserProblem[]; expectedConsoleErrors: RegExp[]; login: Login }>({
  login: async ({ page }, use, testInfo) => {
    let made = 0;
    await use(async ({ role = "ORGANIZATION_WRITER", name } = {}) => {
      const id = createHash("sha256")
        .update(`${testInfo.testId}:${testInfo.retry}:${++made}`)
        .digest("hex")
        .slice(0, 12);
      const who = await demoStaffAccount(`e2e-${id}@demo.test`, name ?? `E2E ${id}`, role);
      await loginAsStaff(page, who);
      return who;
    });
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": clientAddressOf(testInfo.testId) });
  },
  /**
   * Browser errors a spec names with `test.use(...)`: ones it provokes on purpose (the browser's own
   * report that the CSP blocked an inline handler in hostile HTML the spec pasted, network errors
   * while offline) or an open bug named in tests/e2e/support/live.ts. Nothing else.
   */
  expectedConsoleErrors: [[], { option: true }],
  browserProblems: [
    async ({ context, browser, expectedConsoleErrors }, use, testInfo) => {
      const collected: BrowserProblem[] = [];
      watch(context, collected);
      const restore = watchNewContexts(browser, collected, clientAddressOf(testInfo.testId));
      await use(collected);
      restore();
      const tolerated = (p: BrowserProblem) => expectedConsoleErrors.some((e) => e.test(p.text));
      // What a spec tolerates is still reported in the run's output, so an open bug can be counted.
      for (const p of collected.filter(tolerated))
        console.log(`[tolerated] ${p.kind} on ${p.url}: ${p.text.slice(0, 200)}`);
      const problems = collected.filter((p) => !tolerated(p));
      if (problems.length === 0) return;
      const list = problems.map((p) => `- ${p.kind} on ${p.url}: ${p.text}`).join("\n");
      // A test that failed already still shows what the browser reported, next to its own error.
      if (testInfo.status !== testInfo.expectedStatus)
        testInfo.annotations.push({ type: "browser problems", description: list });
      else throw new Error(`The browser reported ${problems.length} problem(s):\n${list}`);
    },
    { auto: true },
  ],
});

export { expect };
export type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
