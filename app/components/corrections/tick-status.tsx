import { QueueStatusBadge, type QueueTexts } from "~/components/live/save-indicator";
import type { QueueStatus } from "~/components/live/answer-queue";

const TICK_TEXTS: QueueTexts = {
  saved: "corrections:ticks.saved",
  saving: "corrections:ticks.saving",
  offline: "corrections:ticks.offline",
  refused: "corrections:ticks.refused",
};

/** "All ticks saved" / "Saving…" / "Offline: N ticks waiting" / refused ones: what happened to this tablet's ticks. */
export function TickStatus({ status }: { status: QueueStatus }) {
  return <QueueStatusBadge status={status} texts={TICK_TEXTS} testId="tick-status" />;
}
