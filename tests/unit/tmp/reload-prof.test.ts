import { it } from "vitest";
import { startScheduledSession } from "~/modules/live/run.server";
import { myLiveSession, saveAnswer } from "~/modules/live/participant.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { makeLiveSession, participantCtx } from "../live/fixtures";

process.env.PARTYKIT_DISABLED = "true";
it("times myLiveSession", async () => {
  const slug = (await makeTenant("reload-prof")).tenant.slug;
  const manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
  const f = await makeLiveSession(manager, { participants: 1000 });
  await startScheduledSession(manager, f.sessionId);
  const ps = f.people.map((p) => participantCtx(manager, p));
  for (const p of ps.slice(0, 200)) await saveAnswer(p, { scheduledSession: f.sessionId, evaluation: f.evaluations[0]!, question: f.questions[0]![0]!, stepIndex: 0, answer: { booleanValue: true }, revision: 1 }).catch(() => null);
  await myLiveSession(ps[0]!, f.sessionId);
  for (let round = 0; round < 3; round++) {
    const t = performance.now();
    for (const p of ps.slice(0, 500)) await myLiveSession(p, f.sessionId);
    const ms = performance.now() - t;
    const t2 = performance.now();
    for (const p of ps.slice(0, 500)) JSON.stringify(await myLiveSession(p, f.sessionId));
    console.log(`round ${round}: ${(ms / 500).toFixed(3)} ms per myLiveSession; with JSON ${((performance.now() - t2) / 500).toFixed(3)}`);
  }
}, 300_000);
