import type { StepType } from "~/modules/assessments";

/** The largest package POST /api/qti/import reads (the zip as uploaded). */
export const MAX_QTI_PACKAGE_BYTES = 50 * 1024 * 1024;

/** One item of a package: what it becomes, or why it is not imported. */
export type QtiItemPreview = {
  identifier: string;
  title: string;
  file: string | null;
  mapped: boolean;
  /** The step types of the question it becomes (one per interaction). */
  steps: StepType[];
  /** Why it is not imported (translated), with the reason's code. */
  reasons: Array<{ code: string; message: string }>;
  /** What changes on the way (feedback left out, a default time limit, …). */
  notes: Array<{ code: string; message: string }>;
};

/** The answer of POST /api/qti/import, with `?preview=1` and without. */
export type QtiImportAnswer = {
  preview: boolean;
  counts: { items: number; mapped: number; notMapped: number };
  items: QtiItemPreview[];
  /** The questions made (none in a preview). */
  questions: Array<{ identifier: string; _id: string; name: string }>;
};
