import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "./use-format";
import { Alert, Button } from "./form";

type Draft<T> = { savedAt: number; state: T };

const read = <T,>(key: string): Draft<T> | null => {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Draft<T>) : null;
  } catch {
    return null; // storage blocked or a damaged entry: nothing to offer
  }
};
const remove = (key: string) => {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // storage blocked: nothing was kept either
  }
};

/**
 * Keeps a copy of a form's unsaved state in this browser while it changes, so a crashed tab, a
 * flat battery or an expired session does not cost the author's work; the next visit offers it
 * back. The copy belongs to the signed-in staff member and the form (`scope`), is written only
 * while the form differs from what was loaded, and is dropped once saved or discarded.
 */
export function useLocalDraft<T>({
  owner,
  scope,
  state,
  changed,
  enabled,
}: {
  /** Whose draft it is (organisation and staff member), so a shared browser never mixes them up. */
  owner: string;
  scope: string;
  state: T;
  changed: boolean;
  enabled: boolean;
}) {
  const key = `draft:${owner}:${scope}`;
  const [found, setFound] = useState<Draft<T> | null>(null);
  // Mirrors `found` at once: the effect below runs in the same commit as the lookup.
  const waiting = useRef(false);
  const serialized = JSON.stringify(state);

  // Looked for once in the browser (there is no storage while rendering on the server).
  useEffect(() => {
    if (!enabled) return;
    const draft = read<T>(key);
    if (draft && JSON.stringify(draft.state) !== serialized) {
      waiting.current = true;
      setFound(draft);
    } else if (draft) remove(key);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- compared with the form as loaded
  }, [key, enabled]);

  // While a found copy waits for a decision it is left alone; otherwise it follows the form.
  useEffect(() => {
    if (!enabled || waiting.current) return;
    if (!changed) return remove(key);
    const timer = setTimeout(() => {
      try {
        window.localStorage.setItem(key, JSON.stringify({ savedAt: Date.now(), state: JSON.parse(serialized) }));
      } catch {
        // storage full or blocked: the unsaved-changes guard still asks before leaving
      }
    }, 400);
    return () => clearTimeout(timer);
  }, [key, enabled, found, changed, serialized]);

  const clear = useCallback(() => {
    remove(key);
    waiting.current = false;
    setFound(null);
  }, [key]);
  const dismiss = useCallback(() => {
    waiting.current = false;
    setFound(null);
  }, []);
  return { found, clear, dismiss };
}

/** Offers the copy `useLocalDraft` found: restore it into the form, or throw it away. */
export function DraftNotice({
  savedAt,
  onRestore,
  onDiscard,
}: {
  savedAt: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const when = useFormat().dateTime(new Date(savedAt));
  return (
    <Alert tone="info">
      <div className="flex flex-wrap items-center gap-3" data-testid="draft-notice">
        <span className="min-w-0 grow basis-64">{t("common:draft.found", { when })}</span>
        <Button onClick={onRestore}>{t("common:draft.restore")}</Button>
        <Button variant="secondary" onClick={onDiscard}>
          {t("common:draft.discard")}
        </Button>
      </div>
    </Alert>
  );
}
