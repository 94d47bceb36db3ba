import type { Ctx } from "~/lib/context.server";
import { addEvaluation } from "~/modules/assessments/evaluations.server";
import { addQuestion } from "~/modules/assessments/questions.server";
import { addSession } from "~/modules/assessments/sessions.server";
import { addScheduledSession } from "~/modules/scheduling/scheduled-sessions.server";
import { makeParticipants } from "../scheduling/fixtures";

// A circuit made through the modules (issue 32): three stations (Airway, Bandage, Splint) with a
// text task each, a template with SETTINGS and four participants in a session planned an hour ahead.

/** Rounds of 80 s: reading 0–10 s, station 10–70 s, change over 70–80 s. */
export const SETTINGS = { readingSeconds: 10, stationSeconds: 60, changeoverSeconds: 10, restStations: 1 };
export const ROUND_MS = 80_000;

/** `prepare` runs on the participants before the session is planned (e.g. standing extra time). */
export async function makeCircuit(
  ctx: Ctx,
  { tag = "circuit", prepare }: { tag?: string; prepare?: (people: string[]) => Promise<void> } = {},
) {
  const stations: string[] = [];
  const questions: string[] = [];
  for (const name of ["Airway", "Bandage", "Splint"]) {
    const q = await addQuestion(ctx, {
      name: `${name} task`,
      maxTime: 600,
      steps: [
        {
          key: "t",
          type: "TEXT",
          question: [{ type: "text", html: `<p>${name}</p>` }],
          answer: { textValue: "x" },
          score: 1,
        },
      ],
    });
    questions.push(q._id);
    stations.push((await addEvaluation(ctx, { name, questions: [q._id] }))._id);
  }
  const template = await addSession(ctx, {
    name: "OSCE",
    evaluations: stations,
    passPercentage: 60,
    circuit: SETTINGS,
  });
  const people = await makeParticipants(ctx, 4, tag);
  await prepare?.(people);
  const session = await addScheduledSession(ctx, {
    session: template._id,
    datetime: new Date(Date.now() + 3600_000),
    participants: people,
  });
  return { sessionId: session._id, stations, questions, people, session };
}
