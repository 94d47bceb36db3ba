import { translateFieldErrors } from "~/lib/form-result.server";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/time-zone";
import { Alert, Button, IntentButton, TextField } from "~/components/ui/form";
import { NewCodeButton } from "~/components/ui/new-code-button";
import { useSchemaForm } from "~/components/ui/schema-form";
import { signUpDetailsInput } from "~/modules/scheduling";
import { isAppError } from "~/lib/app-error";
import { readActionForm } from "~/lib/form-data.server";
import type { ParticipantCtx } from "~/lib/context.server";
import { getLocale, getT } from "~/i18n/i18n.server";
import {
  prefilledTenant,
  clientAddressOf,
  contextFromSession,
  secureCookiesFor,
  serializeCookie,
} from "~/modules/auth/index.server";
import {
  completeSignUp,
  myScheduledSessions,
  signUpForScheduledSession,
  signUpInfo,
  startSignUp,
} from "~/modules/scheduling/index.server";

export const handle = { titleKey: "scheduling:signup.title" };

/** /user/signup/{code}?tenant=<slug>: see docs/decisions/0005-signup-codes.md. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // The "type the code again" form of an unknown code asks with ?code=.
  const typed = new URL(request.url).searchParams.get("code")?.trim().toUpperCase();
  if (typed)
    return redirect(
      `/user/signup/${encodeURIComponent(typed)}${prefilledTenant(request) ? `?tenant=${encodeURIComponent(prefilledTenant(request))}` : ""}`,
    );
  const code = params.code ?? "";
  const t = await getT(await getLocale(request));
  const ctx = await contextFromSession(request, "USER", context);
  // A signed-in participant signs up in their own organisation: no need to ask which one.
  const tenant = (prefilledTenant(request) || (ctx?.actor.type === "USER" ? ctx.tenant.slug : "")).trim().toLowerCase();
  if (!tenant) return { state: "tenant" as const, code };
  let info;
  try {
    info = await signUpInfo(tenant, code);
  } catch (e) {
    if (!isAppError(e)) throw e;
    return { state: "not-found" as const, code, tenant, message: t("scheduling:signup.not-found", { code }) };
  }
  const signedIn = ctx && ctx.actor.type === "USER" && ctx.tenant.slug === tenant ? (ctx as ParticipantCtx) : null;
  const mine = signedIn ? await myScheduledSessions(signedIn) : null;
  const already = !!mine && [...mine.upcoming, ...mine.past].some((s) => s.id === info.id);
  return {
    state: "session" as const,
    code,
    tenant,
    info: { ...info, datetime: info.datetime.toISOString() },
    signedIn: signedIn ? { email: signedIn.actor.email } : null,
    already,
  };
}

type ActionData = {
  step: "details" | "code";
  name?: string;
  email?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  usedUp?: boolean;
};

export async function action({ request, context, params }: ActionFunctionArgs): Promise<ActionData | Response> {
  const locale = await getLocale(request);
  const t = await getT(locale);
  const form = await readActionForm({ t }, request);
  const intent = String(form.get("intent") ?? "");
  const tenant = String(form.get("tenant") ?? "")
    .trim()
    .toLowerCase();
  const code = params.code ?? "";
  const clientAddress = clientAddressOf(context);
  const name = String(form.get("name") ?? "");
  const email = String(form.get("email") ?? "").trim();
  try {
    if (intent === "join") {
      const ctx = await contextFromSession(request, "USER", context);
      if (!ctx || ctx.tenant.slug !== tenant) return { step: "details", error: t("errors:unauthorized") };
      await signUpForScheduledSession(ctx, code);
      return redirect("/user?signedup=1");
    }
    if (intent === "request-code") {
      await startSignUp({ tenant, code, name, email, locale, clientAddress });
      return { step: "code", name, email };
    }
    if (intent === "verify-code") {
      const { cookie } = await completeSignUp({
        tenant,
        code,
        email,
        otp: String(form.get("otp") ?? "").trim(),
        secure: secureCookiesFor(request),
        clientAddress,
        ctxBase: { locale, t },
      });
      return redirect("/user?signedup=1", { headers: { "Set-Cookie": serializeCookie(cookie) } });
    }
  } catch (e) {
    if (!isAppError(e)) throw e;
    return {
      step: intent === "verify-code" ? "code" : "details",
      name,
      email,
      error: t(e.messageKey, e.values ?? {}),
      fieldErrors: translateFieldErrors(t, e.fieldErrors),
      usedUp: e.reason === "auth_code_used_up",
    };
  }
  throw new Response("Bad Request", { status: 400 });
}

export default function SignUp() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const { t, i18n } = useTranslation();

  if (data.state === "tenant") {
    return (
      <div className="mx-auto w-full max-w-md">
        <h1 className="mb-4 text-2xl font-semibold text-primary">{t("scheduling:signup.title")}</h1>
        <Form method="get" className="flex flex-col gap-3">
          <TextField
            label={t("scheduling:signup.tenant")}
            name="tenant"
            required
            hint={t("scheduling:signup.tenant-hint")}
          />
          <Button type="submit">{t("scheduling:signup.continue")}</Button>
        </Form>
      </div>
    );
  }
  if (data.state === "not-found") {
    return (
      <div className="mx-auto w-full max-w-md">
        <h1 className="mb-4 text-2xl font-semibold text-primary">{t("scheduling:signup.title")}</h1>
        <Alert>{data.message}</Alert>
        <Form method="get" className="mt-4 flex flex-col gap-3" data-testid="signup-code-again">
          <input type="hidden" name="tenant" value={data.tenant} />
          <TextField
            label={t("scheduling:signup.code-again")}
            name="code"
            required
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={12}
          />
          <Button type="submit">{t("scheduling:signup.look-up")}</Button>
        </Form>
        <a href="/user" className="mt-4 inline-block text-sm underline">
          {t("scheduling:signup.my-sessions")}
        </a>
      </div>
    );
  }
  const { info } = data;
  const step = actionData?.step ?? "details";
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4">
      <h1 className="text-2xl font-semibold text-primary">{t("scheduling:signup.title")}</h1>
      <dl
        className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-white p-4 text-sm"
        data-testid="signup-session"
      >
        <dt className="font-medium">{t("scheduling:signup.organization")}</dt>
        <dd>{info.organization}</dd>
        <dt className="font-medium">{t("scheduling:signup.session")}</dt>
        <dd data-testid="signup-session-name">{info.sessionName}</dd>
        <dt className="font-medium">{t("scheduling:signup.date")}</dt>
        <dd>{formatDateTime(info.datetime, i18n.language, info.timeZone, { style: "full", withZone: true })}</dd>
        <dt className="font-medium">{t("scheduling:signup.place")}</dt>
        <dd>
          {info.locationName ?? t("scheduling:signup.no-place")}
          {info.locationAddress ? (
            <span className="block text-slate-600">
              {[info.locationAddress.line1, info.locationAddress.postal, info.locationAddress.city]
                .filter(Boolean)
                .join(", ")}
            </span>
          ) : null}
        </dd>
      </dl>
      {actionData?.error ? <Alert>{actionData.error}</Alert> : null}
      {info.canceled ? (
        <Alert>
          <span data-testid="signup-canceled">{t("scheduling:signup.canceled", { session: info.sessionName })}</span>
        </Alert>
      ) : !info.open ? (
        <Alert>{t("scheduling:signup.closed")}</Alert>
      ) : data.already ? (
        <Alert tone="success">{t("scheduling:signup.done", { session: info.sessionName })}</Alert>
      ) : data.signedIn ? (
        <Form method="post" className="flex flex-col gap-2">
          <p className="text-sm text-slate-600">
            {t("scheduling:signup.signed-in-as", { email: data.signedIn.email })}
          </p>
          <input type="hidden" name="tenant" value={data.tenant} />
          <IntentButton intent="join" disabled={busy}>
            {t("scheduling:signup.sign-up")}
          </IntentButton>
        </Form>
      ) : step === "details" ? (
        <SignUpDetails tenant={data.tenant} actionData={actionData} busy={busy} />
      ) : (
        <Form method="post" className="flex flex-col gap-3" data-testid="signup-code">
          <input type="hidden" name="tenant" value={data.tenant} />
          <input type="hidden" name="name" value={actionData?.name ?? ""} />
          <input type="hidden" name="email" value={actionData?.email ?? ""} />
          {actionData?.usedUp ? (
            <NewCodeButton intent="request-code" busy={busy} testId="signup-new-code">
              {t("scheduling:signup.new-code")}
            </NewCodeButton>
          ) : (
            <>
              <Alert tone="info">{t("scheduling:signup.code-sent", { email: actionData?.email ?? "" })}</Alert>
              <TextField
                label={t("scheduling:signup.code")}
                name="otp"
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
              />
              <IntentButton intent="verify-code" disabled={busy}>
                {t("scheduling:signup.verify")}
              </IntentButton>
            </>
          )}
        </Form>
      )}
    </div>
  );
}

/** A new person's name and e-mail, checked while typing with the schema startSignUp enforces. */
function SignUpDetails({
  tenant,
  actionData,
  busy,
}: {
  tenant: string;
  actionData: ActionData | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { formProps, field } = useSchemaForm(signUpDetailsInput, { serverErrors: actionData?.fieldErrors });
  return (
    <Form method="post" {...formProps} className="flex flex-col gap-3" data-testid="signup-details">
      <input type="hidden" name="tenant" value={tenant} />
      <TextField
        label={t("scheduling:signup.name")}
        {...field("name")}
        autoComplete="name"
        defaultValue={actionData?.name}
      />
      <TextField
        label={t("scheduling:signup.email")}
        {...field("email")}
        type="email"
        autoComplete="email"
        defaultValue={actionData?.email}
      />
      <IntentButton intent="request-code" disabled={busy}>
        {t("scheduling:signup.request-code")}
      </IntentButton>
    </Form>
  );
}
