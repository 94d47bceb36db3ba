import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import {
  answerOn,
  expectAllSaved,
  liveFixture,
  saveIndicator,
  watchConsole,
  type LiveSetup,
  type SavedAnswer,
} from "./support/live";
import { loginAsParticipant } from "./support/login";
import { killHard, ownServer, startServer, stop, waitUntilUp } from "./support/own-server";

// "Answers are never lost" when the server dies: this spec starts its own server (own port, room
// port and DATA_DIR; the shared e2e server cannot be killed), SIGKILLs it (and its room) in the
// middle of a session, starts it again, and checks that nothing the participant saw acknowledged
// is missing and that what they typed while it was down arrives.

const own = ownServer(2);
const { partykitPort, baseURL } = own;

test("a server killed mid-session loses no acknowledged answer of either candidate, and answers typed while it was down arrive", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const dataDir = fs.mkdtempSync(path.join(path.resolve("tests/.tmp/e2e-data"), "restart-"));
  const where = { dataDir, partykitPort };
  let server: ChildProcess | null = startServer(own, dataDir);
  const outboxOf = process.env.E2E_DATA_DIR;
  const contexts = [await browser.newContext({ baseURL }), await browser.newContext({ baseURL })];
  try {
    await waitUntilUp(`${baseURL}/user`);
    await waitUntilUp(`http://127.0.0.1:${partykitPort}/`);
    const tag = `r${Date.now()}`;
    const data = liveFixture<LiveSetup>(where, "setup", `${baseURL}/favicon.svg`, tag);
    const second = liveFixture<{ participant: string; email: string }>(where, "add-candidate", data.session, `${tag}b`);
    liveFixture(where, "start", data.session);
    const candidates = [
      { email: data.email, participant: data.participant, choice: "Sneakers", number: "7" },
      { email: second.email, participant: second.participant, choice: "S3 boots", number: "4" },
    ];

    const pages = [];
    for (const [i, candidate] of candidates.entries()) {
      const page = await contexts[i]!.newPage();
      const errors = watchConsole(page);
      // The login code lands in this server's outbox.
      process.env.E2E_DATA_DIR = dataDir;
      await loginAsParticipant(page, { tenant: "demo", email: candidate.email });
      process.env.E2E_DATA_DIR = outboxOf;
      await page.goto(`/user/session/${data.session}`);
      await expect(page.getByTestId("live-question")).toBeVisible();
      await page.getByTestId("step-0").getByLabel(candidate.choice).check();
      await page.getByTestId("step-1").getByLabel("Your answer").fill(candidate.number);
      await page.getByTestId("step-2").getByLabel("Your answer").fill(`before the crash ${i}`);
      await expectAllSaved(page);
      pages.push({ page, errors, candidate });
    }
    const acknowledged = candidates.map((c) =>
      liveFixture<SavedAnswer[]>(where, "answers", data.session, c.participant),
    );
    for (const answers of acknowledged) expect(answers).toHaveLength(3);

    killHard(server);
    server = null;
    for (const [i, { page }] of pages.entries()) {
      await page.getByTestId("step-2").getByLabel("Your answer").fill(`typed while the server was down ${i}`);
      await expect(saveIndicator(page)).not.toHaveAttribute("data-waiting", "0");
    }

    server = startServer(own, dataDir);
    await waitUntilUp(`${baseURL}/user`);
    for (const [i, { page, errors, candidate }] of pages.entries()) {
      // The queue retries with backoff (at most 30 s apart) and on the room's reconnect.
      await expectAllSaved(page, 60_000);
      const after = liveFixture<SavedAnswer[]>(where, "answers", data.session, candidate.participant);
      for (const a of acknowledged[i]!)
        expect(
          after.find((b) => b.question === a.question && b.stepIndex === a.stepIndex)!.revision,
        ).toBeGreaterThanOrEqual(a.revision);
      expect(answerOn(after, data.questions[0]!, 0)).toEqual({ textlistValue: [candidate.choice] });
      expect(answerOn(after, data.questions[0]!, 1)).toEqual({ numericValue: Number(candidate.number) });
      expect(answerOn(after, data.questions[0]!, 2)).toEqual({ textValue: `typed while the server was down ${i}` });

      // Both carry on: the page reloads with every answer, and the next question opens.
      await page.reload();
      await expect(page.getByTestId("step-2").getByLabel("Your answer")).toHaveValue(
        `typed while the server was down ${i}`,
      );
      await expect(page.getByTestId("step-0").getByLabel(candidate.choice)).toBeChecked();
      await page.getByTestId("finish-section").click();
      await expect(page.getByTestId("live-question")).toHaveAttribute("data-question", data.questions[1]!);
      expect(errors).toEqual([]);
    }
  } finally {
    process.env.E2E_DATA_DIR = outboxOf;
    for (const context of contexts) await context.close();
    await stop(server);
  }
});
