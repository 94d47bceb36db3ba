import type { ComponentPropsWithoutRef, InputHTMLAttributes } from "react";
import { IntentButton as FormIntentButton } from "../ui/form";

/** A score from 0 to `max`, any decimal, typed on a phone's decimal keypad (field `score`). */
export function ScoreInput({ max, ...props }: InputHTMLAttributes<HTMLInputElement> & { max: number }) {
  return <input name="score" type="number" inputMode="decimal" min={0} max={max} step="any" {...props} />;
}

/** A marking form's submit button: it sends its `intent`, and is tall enough to hit on a station tablet. */
export function IntentButton(props: ComponentPropsWithoutRef<typeof FormIntentButton>) {
  return <FormIntentButton className="min-h-12" {...props} />;
}
