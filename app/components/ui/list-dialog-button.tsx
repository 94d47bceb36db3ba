import type { ReactNode } from "react";
import { Button } from "./form";

/**
 * A row's button that opens the list's one dialog (`useListDialog`): it says it opens a dialog and
 * hands itself over, so the focus can come back to it when the dialog closes.
 */
export function ListDialogButton({ onOpen, children }: { onOpen: (opener: HTMLElement) => void; children: ReactNode }) {
  return (
    <Button variant="ghost" aria-haspopup="dialog" onClick={(event) => onOpen(event.currentTarget)}>
      {children}
    </Button>
  );
}
