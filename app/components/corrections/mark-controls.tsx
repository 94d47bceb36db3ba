import type { ComponentProps, InputHTMLAttributes } from "react";
import { Button } from "../ui/form";

/** A score from 0 to `max`, any decimal, typed on a phone's decimal keypad (field `score`). */
export function ScoreInput({ max, ...props }: InputHTMLAttributes<HTMLInputElement> & { max: number }) {
  return <input name="score" type="number" inputMode="decimal" min={0} max={max} step="any" {...props} />;
}

/** A marking form's submit button: it sends its `intent`, and is tall enough to hit on a station tablet. */
export function IntentButton({ intent, ...props }: ComponentProps<typeof Button> & { intent: string }) {
  return <Button type="submit" name="intent" value={intent} className="min-h-12" {...props} />;
}
