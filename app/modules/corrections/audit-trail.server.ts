import type { TenantTx } from "~db/tenant/client";
import { recordAudit, type AuditEntry, type AuditOrigin } from "~/modules/audit/index.server";
import { stepKey, type CorrectionData } from "./correction-data.server";

// What a correction change writes to the audit trail (issue 32, ADR 0043). Every change of a
// correction goes through changeCorrection (write.server.ts), which has the participant's data read
// in its transaction before and after the change: the difference is what is recorded, field by
// field (ticks, scores, step comments, the whole comment, global ratings, station comments and
// "done", acceptance of late answers, and the second examiner's ticks and marks). A change that
// changed nothing records nothing.

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The entries for what changed between `before` and `after` of one participant's correction. */
export function correctionChanges(before: CorrectionData, after: CorrectionData, at: Date): AuditEntry[] {
  const out: AuditEntry[] = [];
  const base = { scheduledSession: after.session.id, participant: after.entry.participantId, at };
  const beforeSteps = new Map(before.steps.map((s) => [stepKey(s), s.entry]));
  for (const step of after.steps) {
    const was = beforeSteps.get(stepKey(step)) ?? null;
    const now = step.entry;
    if (!now) continue;
    const where = { ...base, evaluation: step.evaluationId, question: step.questionId, stepIndex: step.stepIndex };
    if (!same(was?.ticks, now.ticks))
      out.push({
        ...where,
        kind: "TICK",
        action: "tick",
        before: { ticks: was?.ticks ?? null, score: was?.score ?? null },
        after: { ticks: now.ticks, score: now.score, revision: now.revision },
      });
    else if (!same(was?.score, now.score))
      out.push({
        ...where,
        kind: "SCORE",
        action: now.autoScored ? "score.auto" : "score",
        before: { score: was?.score ?? null },
        after: { score: now.score, autoScored: now.autoScored },
      });
    if (!same(was?.comment, now.comment))
      out.push({
        ...where,
        kind: "COMMENT",
        action: "comment.step",
        before: { comment: was?.comment ?? null },
        after: { comment: now.comment },
      });
    if ((was?.lateAccepted ?? false) !== now.lateAccepted)
      out.push({
        ...where,
        kind: "LATE_ACCEPTANCE",
        action: now.lateAccepted ? "late.accepted" : "late.refused",
        before: { lateAccepted: was?.lateAccepted ?? false, score: was?.score ?? null },
        after: { lateAccepted: now.lateAccepted, score: now.score },
      });
  }
  const beforeSecond = new Map(before.secondEntries.map((e) => [stepKey(e), e]));
  for (const now of after.secondEntries) {
    const was = beforeSecond.get(stepKey(now)) ?? null;
    if (same(was?.ticks, now.ticks)) continue;
    out.push({
      ...base,
      evaluation: now.evaluationId,
      question: now.questionId,
      stepIndex: now.stepIndex,
      kind: "TICK",
      action: "tick.second-examiner",
      before: { ticks: was?.ticks ?? null, score: was?.score ?? null },
      after: { ticks: now.ticks, score: now.score, revision: now.revision },
    });
  }
  for (const [marks, beforeMarks, who] of [
    [after.marks, before.marks, ""],
    [after.secondMarks, before.secondMarks, ".second-examiner"],
  ] as const) {
    for (const [evaluation, now] of marks) {
      const was = beforeMarks.get(evaluation);
      const where = { ...base, evaluation };
      if (!same(was?.globalRating, now.globalRating))
        out.push({
          ...where,
          kind: "GLOBAL_RATING",
          action: `global-rating${who}`,
          before: { globalRating: was?.globalRating ?? null },
          after: { globalRating: now.globalRating },
        });
      if (!same(was?.comment, now.comment))
        out.push({
          ...where,
          kind: "COMMENT",
          action: `comment.station${who}`,
          before: { comment: was?.comment ?? null },
          after: { comment: now.comment },
        });
      if (!same(was?.markedAt, now.markedAt))
        out.push({
          ...where,
          kind: "GLOBAL_RATING",
          action: now.markedAt ? `station.done${who}` : `station.reopened${who}`,
          before: { markedAt: was?.markedAt ?? null },
          after: { markedAt: now.markedAt },
        });
    }
  }
  for (const [evaluation, now] of after.secondMarks) {
    const was = before.secondMarks.get(evaluation);
    if (same(was?.resolvedScore, now.resolvedScore) && same(was?.resolutionMethod, now.resolutionMethod)) continue;
    out.push({
      ...base,
      evaluation,
      kind: "SCORE",
      action: "discrepancy.resolved",
      before: { method: was?.resolutionMethod ?? null, score: was?.resolvedScore ?? null },
      after: { method: now.resolutionMethod, score: now.resolvedScore, note: now.resolutionNote },
    });
  }
  if (!same(before.correction?.comment, after.correction?.comment))
    out.push({
      ...base,
      kind: "COMMENT",
      action: "comment.participant",
      before: { comment: before.correction?.comment ?? null },
      after: { comment: after.correction?.comment ?? null },
    });
  return out;
}

/** Records what changed in one correction, in its write transaction. */
export function auditCorrection(tx: TenantTx, origin: AuditOrigin, before: CorrectionData, after: CorrectionData) {
  return recordAudit(tx, origin, correctionChanges(before, after, new Date()));
}
