import type { SettingsActionResult } from "~/modules/tenants/index.server";
import { formErrorOf, loadOrFail } from "~/lib/form-result.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OidcSettingsForm } from "~/components/organization/oidc-settings-form";
import { OrganizationSettingsForm } from "~/components/organization/settings-form";
import { isAppError } from "~/lib/app-error";
import { readActionForm } from "~/lib/form-data.server";
import { oidcSettingsOf, requireStaffContext, saveOidcSettingsForm } from "~/modules/auth/index.server";
import { saveSettingsForm, settingsScreen } from "~/modules/tenants/index.server";
import { apiTokensScreen } from "~/modules/apitokens/index.server";
import { webhooksScreen } from "~/modules/webhooks/index.server";
import { ApiTokensSection } from "~/components/organization/api-tokens-section";
import { WebhooksSection } from "~/components/organization/webhooks-section";

export const handle = { titleKey: "organization:title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return loadOrFail(ctx, async () => ({
    ...settingsScreen(ctx),
    oidc: await oidcSettingsOf(ctx),
    apiTokens: await apiTokensScreen(ctx),
    webhooks: await webhooksScreen(ctx),
  }));
}

export async function action({ request, context }: ActionFunctionArgs): Promise<SettingsActionResult> {
  const ctx = await requireStaffContext(request, context);
  const form = await readActionForm(ctx, request);
  const oidc = form.get("intent") === "oidc";
  try {
    if (oidc) {
      await saveOidcSettingsForm(ctx, form);
      return { form: "oidc", ok: true, message: ctx.t("organization:oidc.saved") };
    }
    await saveSettingsForm(ctx, form);
    return { ok: true, message: ctx.t("organization:saved") };
  } catch (e) {
    if (!isAppError(e)) throw e;
    const refused = formErrorOf(ctx.t, e);
    // Nested paths (organizationManagerEmails.2) belong to their form field.
    const fieldErrors = Object.fromEntries(
      Object.entries(refused.fieldErrors).map(([k, message]) => [k.split(".")[0]!, message]),
    );
    // What was typed comes back, so a refused form keeps it for correcting (never the secret).
    const values = Object.fromEntries(
      [...form.entries()].filter(
        (entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== "clientSecret",
      ),
    );
    return { ...(oidc ? { form: "oidc" as const } : {}), ok: false, message: refused.message, fieldErrors, values };
  }
}

export default function OrganizationSettingsRoute() {
  const { organization, timeZones, oidc, apiTokens, webhooks } = useLoaderData<typeof loader>();
  return (
    <div className="flex max-w-4xl flex-col gap-8">
      <OrganizationSettingsForm organization={organization} timeZones={timeZones} />
      <OidcSettingsForm oidc={oidc} />
      {apiTokens ? <ApiTokensSection {...apiTokens} /> : null}
      {webhooks ? <WebhooksSection {...webhooks} /> : null}
    </div>
  );
}
