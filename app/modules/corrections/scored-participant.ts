// The contract between corrections and reports: everything a report is computed from, for one
// participant of one scheduled session. Built by `loadScoredParticipant` (scored-participant.server.ts)
// from the live answer store and the correction rows; reports compute their `data` from it with
// pure functions, so report totals can be tested against hand-computed fixtures.
import type { GlobalRating, StoredAnswer, StoredRichContent } from "~db/tenant/schema";
import type { RichBlock, StepType } from "~/modules/assessments";

export type ScoredStep = {
  stepIndex: number;
  type: StepType;
  /** The step's question text (rich content). */
  question: RichBlock[];
  /** The author's correct answer (the step type's answer fields, app/modules/assessments/steps.ts). */
  correctAnswer: unknown;
  /** The answer that counts: the in-time one, or the late one when staff accepted it. */
  answer: StoredAnswer | null;
  /** A practical step's ticked checklist (booleanlistValue), in criteria order. */
  ticks: boolean[] | null;
  /** Points given; null while the step still awaits scoring. */
  score: number | null;
  /** The step's maximum (the author's step score). */
  maxScore: number;
  comment: string | null;
  /** A hotzone image's height / width (ADR 0011), to tell which zone the point is in; 1 when unknown. */
  aspect?: number;
};

export type ScoredQuestion = {
  id: string;
  name: string;
  categoryIds: string[];
  steps: ScoredStep[];
};

export type ScoredEvaluation = {
  id: string;
  name: string;
  categoryIds: string[];
  questions: ScoredQuestion[];
  /** The station examiner's comment and global rating, when marked in the station view. */
  comment: string | null;
  globalRating: GlobalRating | null;
  /**
   * Double marking (ADR 0036): the station's points as staff resolved two examiners' marks; the
   * station's score then, while its steps still show the first examiner's ticks. Absent or null:
   * the steps' sum (the first examiner's mark, also while a discrepancy is unresolved).
   */
  resolvedScore?: number | null;
};

export type ScoredParticipant = {
  scheduledSessionId: string;
  participantId: string;
  participantName: string;
  /** The participant's language (en-us, nl-nl, fr-fr) for reports and e-mails. */
  participantLanguage: string;
  participantEmail: string | null;
  sessionName: string;
  sessionDatetime: Date;
  /** The session template's pass percentage (0–100). */
  passPercentage: number;
  /** The whole-participant correction comment (rich content). */
  comment: StoredRichContent | null;
  /** In the participant's session order. */
  evaluations: ScoredEvaluation[];
  /** Every category the questions or evaluations name, with its parent, for per-category totals. */
  categories: Array<{ id: string; name: string; parentId: string | null }>;
  /** Every step has a score. */
  complete: boolean;
};
