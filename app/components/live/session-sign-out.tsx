import { Form, useMatches, useSubmit } from "@remix-run/react";
import { AlertDialog } from "radix-ui";
import { useTranslation } from "react-i18next";
import { overlay, panel } from "../databases/entity-dialog";
import { Button } from "../ui/form";

const SESSION_ROUTE = "routes/user.session.$scheduledSessionId";

/** Whether the page shows a session that is still open (not started yet or running): signing out then asks first. */
export function useInOpenSession(): boolean {
  return useMatches().some((m) => m.id === SESSION_ROUTE && !!(m.data as { realtime?: unknown } | undefined)?.realtime);
}

const plain = "whitespace-nowrap rounded-md px-2 py-1 text-sm text-primary hover:bg-selected";

/**
 * The participant's "Sign out". During an open session it asks first and says the saved answers are
 * kept and that they can sign in again (issue 34: one tap signed a candidate out mid-station).
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
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button type="button" className={`${plain} ${className}`} data-testid="sign-out">
          {t("auth:logout")}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlay} />
        <AlertDialog.Content className={panel} data-testid="sign-out-dialog">
          <AlertDialog.Title className="mb-2 text-lg font-semibold text-primary">{t("live:user.sign-out.title")}</AlertDialog.Title>
          <AlertDialog.Description className="mb-4 text-sm text-slate-700">{t("live:user.sign-out.text")}</AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button className="min-h-11" data-testid="sign-out-cancel">
                {t("live:user.sign-out.cancel")}
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="secondary" className="min-h-11" data-testid="sign-out-confirm" onClick={() => submit({ intent: "logout" }, { method: "post", action: "/user?index" })}>
                {t("live:user.sign-out.confirm")}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
