import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { circuitRuns, liveAnswers } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { auditTrail } from "~/modules/audit/index.server";
import { startSession } from "~/modules/circuit/index.server";
import { updateParticipant } from "~/modules/databases/index.server";
import { saveAnswer } from "~/modules/live/participant.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { participantCtx } from "../live/fixtures";
import { makeCircuit, ROUND_MS } from "./fixtures";

vi.mock(import("~/modules/live/events.server"), async (importOriginal) =>
  (await import("../live/live-events")).withListeners(importOriginal),
);

// A circuit's answers and its station time on a real tenant database (issue 32): the screen stops
// a participant from answering outside their station's time, and the server treats one that comes
// anyway as a timed question's answer after its deadline (ADR 0012): kept, flagged late, with the
// same 5 s of grace, for staff to accept or refuse. The participant with standing extra time keeps
// the station that much longer (ADR 0044).

// Rounds of 80 s (fixtures.ts): reading 0–10 s, station 10–70 s, change over 70–80 s; 10 % extra
// time is 6 s more.

describe("a circuit's answers outside the station's time", () => {
  let ctx: Ctx;
  let sessionId: string;
  let stations: string[];
  let questions: string[];
  let people: string[];

  beforeAll(async () => {
    const { tenant } = await makeTenant();
    ctx = await staffCtx(tenant.slug);
    // p1 has standing extra time.
    const circuit = await makeCircuit(ctx, {
      tag: "late",
      prepare: (people) => updateParticipant(ctx, people[1]!, { extraTimePercent: 10 }).then(() => undefined),
    });
    ({ sessionId, stations, questions, people } = circuit);
    await startSession(ctx, sessionId);
  });

  /** The circuit's clock has run `ms` (its start moved into the past; a test seam on the real row). */
  async function runningAt(ms: number) {
    await ctx.tdb.write((tx) =>
      tx
        .update(circuitRuns)
        .set({ startedAt: new Date(Date.now() - ms) })
        .where(eq(circuitRuns.scheduledSessionId, sessionId)),
    );
  }

  let revision = 0;
  /** Participant `p` answers the task of station `s` (the live run has it open for them). */
  async function answer(p: number, s: number, text: string) {
    const result = await saveAnswer(participantCtx(ctx, people[p]!), {
      scheduledSession: sessionId,
      evaluation: stations[s],
      question: questions[s],
      stepIndex: 0,
      answer: { textValue: text },
      revision: ++revision,
    });
    const stored = await ctx.tdb.db
      .select()
      .from(liveAnswers)
      .where(and(eq(liveAnswers.evaluationId, stations[s]!), eq(liveAnswers.questionId, questions[s]!)))
      .all();
    return { result, stored };
  }

  it("keeps an answer at the participant's station in its reading and station time as in time", async () => {
    // Participant i at post (i + r) mod 4 (post 3 rests): p0 at Airway in round 1.
    await runningAt(5_000);
    const { result } = await answer(0, 0, "reading");
    expect(result).toMatchObject({ stored: true, late: false, receivedAt: null });
    await runningAt(60_000);
    expect((await answer(0, 0, "station")).result).toMatchObject({ stored: true, late: false });
  });

  it("keeps an answer in the change over within 5 s as in time, and one after that as late, with the in-time one", async () => {
    await runningAt(73_000);
    expect((await answer(0, 0, "3 s into the change over")).result).toMatchObject({ stored: true, late: false });
    await runningAt(76_000);
    const { result, stored } = await answer(0, 0, "6 s into the change over");
    expect(result).toMatchObject({ stored: true, late: true });
    expect(result.receivedAt).toBeInstanceOf(Date);
    // Kept, flagged late, and the last answer in time kept beside it for staff to choose.
    const row = stored.find((r) => r.revision === revision)!;
    expect(row).toMatchObject({ late: true, answer: { textValue: "6 s into the change over" } });
    expect(row.inTimeAnswer).toEqual({ textValue: "3 s into the change over" });
  });

  it("gives the participant with standing extra time their 6 s more at the station", async () => {
    // p1 at Bandage in round 1: in time 6 s into the change over (their station time runs to 76 s, the grace to 81 s).
    await runningAt(78_000);
    expect((await answer(1, 1, "extra time")).result).toMatchObject({ stored: true, late: false });
    // p2 (no extra time) at Splint at the same moment: late.
    expect((await answer(2, 2, "no extra time")).result).toMatchObject({ stored: true, late: true });
  });

  it("flags as late an answer in a rest round and one to another round's station, and keeps both", async () => {
    // p3 rests in round 1; the live run has their round-2 station (Airway) open already, hidden by
    // the screen: an answer to it now is late.
    await runningAt(20_000);
    const rest = await answer(3, 0, "from the rest post");
    expect(rest.result).toMatchObject({ stored: true, late: true });
    expect(rest.stored.map((r) => r.answer)).toContainEqual({ textValue: "from the rest post" });
    // Round 2: p0 is at Bandage; an answer to Airway (still open on their live run) is late.
    await runningAt(ROUND_MS + 20_000);
    expect((await answer(0, 0, "round 2, still Airway")).result).toMatchObject({ stored: true, late: true });
    // The audit trail has each save with its late flag.
    const trail = await auditTrail(ctx, { scheduledSession: sessionId, participant: people[3]!, kinds: ["ANSWER"] });
    expect(trail.map((e) => (e.after as { late?: boolean } | null)?.late)).toEqual([true]);
  });
});
