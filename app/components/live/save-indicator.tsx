import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { QueueStatus } from "./answer-queue";

function useOnline(): boolean {
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
  return online;
}

/** "All saved" / "Saving…" / "Offline: N answers waiting": what happened to the participant's answers. */
export function SaveIndicator({ status }: { status: QueueStatus }) {
  const { t } = useTranslation();
  const online = useOnline();
  const offline = !online || status.lastFailure;
  const { text, tone } =
    status.waiting === 0
      ? { text: t("live:user.saved.all"), tone: "border-green-200 bg-green-50 text-green-800" }
      : offline
        ? { text: t("live:user.saved.offline", { count: status.waiting }), tone: "border-amber-300 bg-amber-50 text-amber-900" }
        : { text: t("live:user.saved.saving", { count: status.waiting }), tone: "border-slate-200 bg-slate-50 text-slate-700" };
  return (
    <div className="flex flex-col items-end gap-1">
      <span role="status" aria-live="polite" className={`rounded-full border px-3 py-1 text-xs font-medium ${tone}`} data-testid="save-indicator" data-waiting={status.waiting}>
        {text}
      </span>
      {status.late ? (
        <span className="text-xs text-amber-900" data-testid="save-late">
          {t("live:user.saved.late")}
        </span>
      ) : null}
      {status.refused > 0 ? (
        <span className="text-xs text-red-700" data-testid="save-refused">
          {t("live:user.saved.refused", { count: status.refused })}
        </span>
      ) : null}
    </div>
  );
}
