import { forwardRef, type ReactNode } from "react";
import { IntentButton } from "./form";

/**
 * After a one-time code is used up: the way to a new one, posted as `intent` without the form's own
 * checks (the code field is empty then).
 */
export const NewCodeButton = forwardRef<
  HTMLButtonElement,
  { intent: string; busy: boolean; testId: string; children: ReactNode }
>(function NewCodeButton({ intent, busy, testId, children }, ref) {
  return (
    <IntentButton ref={ref} intent={intent} formNoValidate disabled={busy} data-testid={testId}>
      {children}
    </IntentButton>
  );
});
