import { useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { IntentResult } from "~/lib/intent-action.server";

/**
 * A dialog opened by its list (one dialog for all rows) instead of its own trigger: open when
 * mounted, `onClosed` when it closes, the focus back on `opener` (the row's button) then.
 */
export type OpenedDialog = { opening: number; onClosed: () => void; opener: HTMLElement | null };

/**
 * One dialog for a whole list instead of one per row: which row's dialog (of which kind) is open,
 * with the `opened` to give it. A dialog per row cost every render of the list a radix root and a
 * fetcher per row and dialog; the list renders `dialog` once, keyed by `dialog.opened.opening`.
 */
export function useListDialog<Kind extends string, Item>() {
  const [dialog, setDialog] = useState<{ kind: Kind; item: Item; opened: OpenedDialog } | null>(null);
  const openings = useRef(0);
  const onClosed = useCallback(() => setDialog(null), []);
  const open = useCallback(
    (kind: Kind, item: Item, opener: HTMLElement) =>
      setDialog({ kind, item, opened: { opening: ++openings.current, onClosed, opener } }),
    [onClosed],
  );
  return { dialog, open };
}

/**
 * For the content of an `opened` dialog: radix gives the focus back to its trigger, and such a
 * dialog has none, so the focus goes back to the button that opened it.
 */
export const focusOpenerOnClose = (opened: OpenedDialog | undefined) =>
  opened
    ? (event: Event) => {
        event.preventDefault();
        opened.opener?.focus();
      }
    : undefined;

/**
 * The state every dialog that posts one intent to its screen's action shares: open/closed, a fresh
 * fetcher per opening (so a reopened dialog does not show the last refusal), and closing once the
 * server said ok. `rootProps` goes on the radix Dialog/AlertDialog root. With `opened`, the dialog
 * is open from its first render and tells its list when it closes (the list then unmounts it).
 */
export function useIntentDialog(fetcherKey: string, opened?: OpenedDialog) {
  const [open, setOpen] = useState(opened !== undefined);
  const [round, setRound] = useState(opened?.opening ?? 0);
  const fetcher = useFetcher<IntentResult>({ key: `${fetcherKey}-${round}` });
  const { pathname } = useLocation();
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) setOpen(false);
  }, [fetcher.state, result]);
  const onClosed = opened?.onClosed;
  useEffect(() => {
    if (!open) onClosed?.();
  }, [open, onClosed]);
  const onOpenChange = (next: boolean) => {
    if (next) setRound((r) => r + 1);
    setOpen(next);
  };
  return { fetcher, result, round, action: pathname, rootProps: { open, onOpenChange } };
}
