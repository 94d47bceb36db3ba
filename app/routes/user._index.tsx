import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { Alert } from "~/components/ui/form";
import { useTranslation } from "react-i18next";
import { LoginForm } from "~/components/login-form";
import { contextFromSession, handleLoginForm, loginPageInfo } from "~/modules/auth/index.server";
import { myScheduledSessions } from "~/modules/scheduling/index.server";
import { MySessions } from "~/components/scheduling/my-sessions";
import { MyReports } from "~/components/reports/my-reports";
import { myReleasedReports } from "~/modules/reports/index.server";
import { formatDateTime } from "~/lib/time-zone";

export const handle = { titleKey: "user:title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await contextFromSession(request, "USER", context);
  if (!ctx || ctx.actor.type !== "USER") return { signedIn: false as const, ...(await loginPageInfo(request, "USER")) };
  const [sessions, released] = await Promise.all([myScheduledSessions(ctx), myReleasedReports(ctx)]);
  const reports = released.map((r) => ({
    id: r._id,
    sessionName: r.data.sessionName,
    date: formatDateTime(r.data.sessionDatetime, ctx.locale, sessions.timeZone),
    passedStatus: r.data.passedStatus,
  }));
  return { signedIn: true as const, name: ctx.actor.name, email: ctx.actor.email, sessions, reports };
}

export const action = ({ request, context }: ActionFunctionArgs) => handleLoginForm(request, context, "USER");

export default function UserHome() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  // After /user/signup/{code}: the sign-up is confirmed on arrival.
  const [params] = useSearchParams();
  const signedUp = params.get("signedup") === "1";
  if (!data.signedIn) {
    return (
      <div className="flex flex-1 items-start justify-center pt-[8vh]">
        <LoginForm area="user" title={t("auth:title-user")} page={data} />
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-semibold text-primary" data-testid="participant-welcome">
        {t("user:welcome", { name: data.name })}
      </h1>
      <p className="text-slate-600">{t("user:signed-in-as", { email: data.email })}</p>
      {signedUp ? (
        <Alert tone="success">
          <span data-testid="signed-up">{t("user:signed-up")}</span>
        </Alert>
      ) : null}
      <MyReports reports={data.reports} />
      <MySessions upcoming={data.sessions.upcoming} past={data.sessions.past} timeZone={data.sessions.timeZone} />
    </div>
  );
}
