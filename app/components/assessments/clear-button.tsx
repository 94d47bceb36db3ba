import type { ReactNode } from "react";
import { Button } from "~/components/ui/form";

/** Wipes everything drawn on an image (zones, strokes): quiet, but red as a warning. */
export function ClearButton({
  disabled,
  onClear,
  children,
}: {
  disabled: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <Button variant="ghost" className="text-red-700" disabled={disabled} onClick={onClear}>
      {children}
    </Button>
  );
}
