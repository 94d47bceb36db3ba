import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ParticipantCorrectionView } from "~/components/corrections/participant-correction-view";
import { can } from "~/lib/permissions";
import { requireStaffContext } from "~/modules/auth/index.server";
import {
  previewAutoScoreEntries,
  submitAutoScoreEntries,
  getParticipantCorrection,
  canResolveDiscrepancies,
  listDoubleMarks,
  resolveStationDiscrepancy,
  setLateAnswerAccepted,
  submitCorrectionComment,
  submitCorrectionEntry,
} from "~/modules/corrections/index.server";
import { loadOrFail } from "~/lib/form-result.server";
import { runIntent } from "~/lib/intent-action.server";
import { ReportBuilder } from "~/components/reports/report-builder";
import { BUILDER_INTENTS, builderAction, builderScreen } from "~/modules/reports/index.server";
import { builderInput } from "./admin.scheduledsessions+shared/report-builder-form.server";
import { AuditTimeline } from "~/components/audit/audit-timeline";
import { IncidentList } from "~/components/incidents/incident-list";
import { kindsOf, participantTimeline } from "~/modules/corrections/index.server";
import { listIncidents } from "~/modules/incidents/index.server";

// Participant detail: corrections of one participant of a scheduled session. Thin: the
// rules are in app/modules/corrections. The report builder goes in the view's slot at the bottom.

export const handle = { titleKey: "corrections:page.title" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return loadOrFail(ctx, async () => {
    const kinds = kindsOf(new URL(request.url).searchParams.getAll("kind"));
    const canAudit = can(ctx.permissions, "correct:sessions");
    const [correction, preview, builder, doubleMarks, incidents, timeline] = await Promise.all([
      getParticipantCorrection(ctx, params.sessionId!, params.participantId!),
      previewAutoScoreEntries(ctx, params.sessionId!, params.participantId!),
      builderScreen(ctx, params.sessionId!, params.participantId!),
      listDoubleMarks(ctx, params.sessionId!, params.participantId!),
      listIncidents(ctx, { scheduledSession: params.sessionId!, participant: params.participantId! }),
      // The audit trail: staff who correct (an appeal is theirs to answer).
      canAudit ? participantTimeline(ctx, params.sessionId!, params.participantId!, kinds) : null,
    ]);
    return {
      correction,
      preview,
      builder,
      owner: ctx.actor.userId,
      canCorrect: can(ctx.permissions, "correct:sessions"),
      doubleMarks,
      canResolve: canResolveDiscrepancies(ctx),
      incidents,
      timeline,
    };
  });
}

const jsonOr = (value: unknown, fallback: unknown) => {
  try {
    return JSON.parse(String(value ?? ""));
  } catch {
    return fallback;
  }
};

export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  const ref = { scheduledSession: params.sessionId!, participant: params.participantId! };
  const step = (input: Record<string, unknown>) => ({
    evaluation: input.evaluation,
    question: input.question,
    stepIndex: Number(input.stepIndex),
  });
  return runIntent(ctx, request, {
    "auto-score": (_i, _id, form) =>
      submitAutoScoreEntries(ctx, { ...ref, entries: form.getAll("entry").map((e) => jsonOr(e, {})) }),
    score: (input, _id, form) =>
      submitCorrectionEntry(ctx, {
        ...ref,
        ...step(input),
        ...(form.has("score") ? { score: String(input.score ?? "").trim() === "" ? null : Number(input.score) } : {}),
        comment: input.comment,
      }),
    comment: (input) => submitCorrectionComment(ctx, { ...ref, comment: jsonOr(input.comment, null) }),
    // Double marking (ADR 0036): the exam board resolves two examiners' marks of a station.
    resolve: (input) =>
      resolveStationDiscrepancy(ctx, {
        ...ref,
        evaluation: input.evaluation,
        method: input.method,
        score: String(input.score ?? "").trim() === "" ? null : Number(input.score),
        note: input.note ?? null,
      }),
    late: (input) => setLateAnswerAccepted(ctx, { ...ref, ...step(input), accept: input.accept === "true" }),
    // The report builder below the corrections (app/modules/reports).
    ...Object.fromEntries(
      BUILDER_INTENTS.map((intent) => [
        `report-${intent}`,
        async (_i: unknown, _id: string, form: FormData) => {
          const message = await builderAction(ctx, ref.scheduledSession, ref.participant, intent, builderInput(form));
          if (message === null) throw new Response("Not Found", { status: 404 });
          return message;
        },
      ]),
    ),
  });
}

export default function ParticipantCorrectionScreen() {
  const { builder, incidents, timeline, ...data } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { correction } = data;
  const base = `/admin/scheduledsessions/dashboard/${correction.scheduledSessionId}`;
  return (
    <ParticipantCorrectionView {...data} dashboardUrl={base} stationsUrl={`${base}/stations`} result={result}>
      <IncidentList
        incidents={incidents}
        names={
          new Map([
            [correction.participantId, correction.participantName],
            ...correction.evaluations.map((e) => [e.id, e.name] as const),
          ])
        }
      />
      {timeline ? (
        <AuditTimeline
          rows={timeline.rows}
          names={{ ...timeline.names, [correction.participantId]: correction.participantName }}
          kinds={timeline.kinds}
          csvUrl={`/api/admin/audit/${encodeURIComponent(correction.scheduledSessionId)}/${encodeURIComponent(correction.participantId)}/trail.csv`}
        />
      ) : null}
      <ReportBuilder builder={builder} result={result?.intent.startsWith("report-") ? result : undefined} />
    </ParticipantCorrectionView>
  );
}
