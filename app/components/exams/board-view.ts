// The exam board's data as the screens receive it from their loaders (single fetch keeps dates).
import type { ExamBoard, ExamsOverview } from "~/modules/exams/index.server";

export type ExamBoardView = ExamBoard;
export type ExamsOverviewView = ExamsOverview;
export { STANDARD_METHODS, type StandardMethod, type ExamWarning, formatStat, warningText } from "~/modules/exams";
