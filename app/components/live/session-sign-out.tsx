import { Form, useMatches, useSubmit } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../ui/confirm-dialog";

const SESSION_ROUTE = "routes/user.session.$scheduledSessionId";

/** Whether the page shows a session that is still open (not started yet or running): signing out then asks first. */
export function useInOpenSession(): boolean {
  return useMatches().some((m) => m.id === SESSION_ROUTE && !!(m.data as { realtime?: unknown } | undefined)?.realtime);
}

const plain = "whitespace-nowrap rounded-md px-2 py-1 text-sm text-primary hover:bg-selected";

/**
 * The participant's "Sign out". During an open session it asks first and says the saved answers are
 * kept and that they can sign in again (one tap must not sign a candidate out mid-station).
 */
export function ParticipantSignOut({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const inSession = useInOpenSession();
  if (!inSession) {
    return (
      <Form method="post" action="/user?index" className={className}>
        <button type="submit" name="intent" value="logout" className={plain} data-testid="sign-out">
          {t("auth:logout")}
        </button>
      </Form>
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <button type="button" className={`${plain} ${className}`} data-testid="sign-out">
          {t("auth:logout")}
        </button>
      }
      testId="sign-out-dialog"
      buttonsTestId="sign-out"
      title={t("live:user.sign-out.title")}
      description={t("live:user.sign-out.text")}
      // Staying is the likely wish: the primary button keeps the candidate in.
      cancelLabel={t("live:user.sign-out.cancel")}
      cancelVariant="primary"
      confirmLabel={t("live:user.sign-out.confirm")}
      confirmVariant="secondary"
      onConfirm={() => submit({ intent: "logout" }, { method: "post", action: "/user?index" })}
      large
    />
  );
}
