import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, type Browser, type Page } from "@playwright/test";
import { demoStaffAccount } from "./accounts";
import { loginAsParticipant, loginAsStaff } from "./login";

export type LiveSetup = {
  session: string;
  participant: string;
  email: string;
  evaluations: string[];
  questions: string[];
};
export type SavedAnswer = {
  evaluation: string;
  question: string;
  stepIndex: number;
  answer: Record<string, unknown>;
  revision: number;
  late: boolean;
};

/** Runs tests/e2e/support/live-fixture.ts (the live module as staff) against a server's DATA_DIR and room. */
export function liveFixture<T>(where: { dataDir?: string; partykitPort?: string | number } = {}, ...args: string[]): T {
  const result = spawnSync(
    path.resolve("node_modules/.bin/tsx"),
    [path.resolve("tests/e2e/support/live-fixture.ts"), ...args],
    {
      encoding: "utf8",
      env: {
        ...process.env,
        NODE_ENV: "test",
        DATA_DIR: where.dataDir ?? process.env.E2E_DATA_DIR,
        PARTYKIT_HOST: `127.0.0.1:${where.partykitPort ?? process.env.E2E_PARTYKIT_PORT ?? "3299"}`,
      },
    },
  );
  if (result.status !== 0) throw new Error(`live-fixture ${args.join(" ")} failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1)!) as T;
}

/** Browser console errors, except the network failures the live specs cause on purpose (offline, killed server). */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    // Remix asks the server for the routes of links on the page: while it is down that fails too.
    if (/net::ERR_|Failed to load resource|WebSocket|Failed to fetch manifest patches/i.test(m.text())) return;
    errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

export const saveIndicator = (page: Page) => page.getByTestId("save-indicator");
export const expectAllSaved = (page: Page, timeout = 15_000) =>
  expect(saveIndicator(page)).toHaveAttribute("data-waiting", "0", { timeout });

export const answerOn = (saved: SavedAnswer[], question: string, stepIndex: number) =>
  saved.find((s) => s.question === question && s.stepIndex === stepIndex)?.answer;

/**
 * A live session (the "setup" fixture) with a second candidate: staff (`page`) on its dashboard,
 * both candidates signed in on their own devices and on the session's screen, before the start.
 * `where`: a spec's own servers (their DATA_DIR and room, as liveFixture takes them);
 * `candidatesAt`: the candidates' server when it is not the configured one (another app process).
 */
export async function dashboardWithTwoCandidates(
  page: Page,
  browser: Browser,
  baseURL: string | undefined,
  tag: string,
  staff: { email: string; name: string },
  { where = {}, candidatesAt }: { where?: Parameters<typeof liveFixture>[0]; candidatesAt?: string } = {},
) {
  const data = liveFixture<LiveSetup>(where, "setup", `${baseURL}/favicon.svg`, tag);
  const second = liveFixture<{ participant: string; email: string }>(where, "add-candidate", data.session, `${tag}b`);
  await loginAsStaff(page, await demoStaffAccount(staff.email, staff.name, "ORGANIZATION_WRITER"));
  await page.goto(`/admin/scheduledsessions/dashboard/${data.session}`);
  await expect(page.getByTestId("live-row")).toHaveCount(2);
  const [first, other] = await Promise.all(
    [0, 1].map(async () =>
      (await browser.newContext({ locale: "en-US", ...(candidatesAt ? { baseURL: candidatesAt } : {}) })).newPage(),
    ),
  );
  await loginAsParticipant(first!, { tenant: "demo", email: data.email });
  await loginAsParticipant(other!, { tenant: "demo", email: second.email });
  for (const candidate of [first!, other!]) {
    // Let /user finish hydrating before leaving it.
    await candidate.waitForLoadState("networkidle");
    await candidate.goto(`/user/session/${data.session}`);
    await expect(candidate.getByTestId("live-before-start")).toBeVisible();
  }
  return { data, second, candidates: [first!, other!] as const };
}
