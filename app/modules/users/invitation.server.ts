import type { StaffCtx } from "~/lib/context.server";
import { isLocale } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { issueLoginCode, OTP_TTL_MS, signInLinkUrl } from "~/modules/auth/index.server";
import { publicLink } from "~/lib/public-url.server";
import { escapeHtml, mailHtml, sendMail } from "~/modules/mail/index.server";
import { organizationLogoHtml } from "~/modules/tenants/index.server";

type Invitee = { id: string; email: string; name: string; locale: string | null; roles: string[] };

/**
 * Tells a new staff member they were added, with a one-click sign-in link (a login code of their
 * own: 10 minutes, single use) and where to sign in later.
 */
export async function sendStaffInvitation(ctx: StaffCtx, user: Invitee): Promise<void> {
  const locale = isLocale(user.locale) ? user.locale : (ctx.tenant.settings.defaultLanguage ?? ctx.locale);
  const t = await getT(isLocale(locale) ? locale : ctx.locale);
  const { linkToken } = await issueLoginCode(ctx.tdb, ctx.tenant, "ADMIN", `EMAIL:${user.email}`, user.id);
  const link = signInLinkUrl("ADMIN", ctx.tenant.slug, linkToken);
  const values = {
    name: user.name,
    inviter: ctx.actor.name,
    organization: ctx.tenant.name,
    roles: user.roles.map((r) => t(`users:roles.${r}.label`)).join(", "),
    minutes: OTP_TTL_MS / 60_000,
    loginUrl: publicLink(`/admin?tenant=${encodeURIComponent(ctx.tenant.slug)}`),
    email: user.email,
  };
  await sendMail({
    to: user.email,
    subject: t("emails:staff-invitation.subject", values),
    textBody: [
      t("emails:staff-invitation.intro", values),
      `${t("emails:staff-invitation.link", values)}\n${link}`,
      t("emails:staff-invitation.later", values),
    ].join("\n\n"),
    htmlBody: mailHtml([
      ...organizationLogoHtml(ctx.tenant),
      escapeHtml(t("emails:staff-invitation.intro", values)),
      `<a href="${escapeHtml(link)}" style="display:inline-block;background:#011951;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(t("emails:staff-invitation.button", values))}</a>`,
      escapeHtml(t("emails:staff-invitation.link-expiry", values)),
      escapeHtml(t("emails:staff-invitation.later", values)),
    ]),
  });
}
