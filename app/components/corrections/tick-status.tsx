import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { QueueStatus } from "~/components/live/answer-queue";

/** "All ticks saved" / "Saving…" / "Offline: N ticks waiting": what happened to this tablet's ticks. */
export function TickStatus({ status }: { status: QueueStatus }) {
  const { t } = useTranslation();
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  const { text, tone } =
    status.waiting === 0
      ? { text: t("corrections:ticks.saved"), tone: "border-green-200 bg-green-50 text-green-800" }
      : !online || status.lastFailure
        ? { text: t("corrections:ticks.offline", { count: status.waiting }), tone: "border-amber-300 bg-amber-50 text-amber-900" }
        : { text: t("corrections:ticks.saving", { count: status.waiting }), tone: "border-slate-200 bg-slate-50 text-slate-700" };
  return (
    <span role="status" aria-live="polite" className={`rounded-full border px-3 py-1 text-xs font-medium ${tone}`} data-testid="tick-status" data-waiting={status.waiting}>
      {text}
    </span>
  );
}
