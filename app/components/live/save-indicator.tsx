import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { QueueStatus } from "./answer-queue";
import { useOnline } from "./use-online";

/** What a browser write queue's badge says in each state (answers for a participant, ticks for an examiner). */
export type QueueTexts = { saved: string; saving: string; offline: string; refused: string };

/**
 * "All saved" / "Saving…" / "Offline: N waiting", and how many writes the server refused for good:
 * what happened to what this device was given. `texts` are translation keys taking `count`.
 */
export function QueueStatusBadge({
  status,
  texts,
  testId,
  children,
}: {
  status: QueueStatus;
  texts: QueueTexts;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const offline = !online || status.lastFailure;
  const { text, tone } =
    status.waiting === 0
      ? { text: t(texts.saved), tone: "border-green-200 bg-green-50 text-green-800" }
      : offline
        ? { text: t(texts.offline, { count: status.waiting }), tone: "border-amber-300 bg-amber-50 text-amber-900" }
        : { text: t(texts.saving, { count: status.waiting }), tone: "border-slate-200 bg-slate-50 text-slate-700" };
  return (
    <div className="flex flex-col items-end gap-1">
      <span
        role="status"
        aria-live="polite"
        className={`rounded-full border px-3 py-1 text-xs font-medium ${tone}`}
        data-testid={testId}
        data-waiting={status.waiting}
      >
        {text}
      </span>
      {children}
      {status.refused > 0 ? (
        <span className="text-xs text-red-700" data-testid={`${testId}-refused`}>
          {t(texts.refused, { count: status.refused })}
        </span>
      ) : null}
    </div>
  );
}

const ANSWER_TEXTS: QueueTexts = {
  saved: "live:user.saved.all",
  saving: "live:user.saved.saving",
  offline: "live:user.saved.offline",
  refused: "live:user.saved.refused",
};

/** The participant's answers: the queue's badge, and a note when time was up before some arrived. */
export function SaveIndicator({ status }: { status: QueueStatus }) {
  const { t } = useTranslation();
  return (
    <QueueStatusBadge status={status} texts={ANSWER_TEXTS} testId="save-indicator">
      {status.late ? (
        <span className="text-xs text-amber-900" data-testid="save-late">
          {t("live:user.saved.late")}
        </span>
      ) : null}
    </QueueStatusBadge>
  );
}
