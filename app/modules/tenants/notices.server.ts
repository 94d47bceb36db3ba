import type { TenantRow } from "~db/catalog/schema";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/config";
import { getT } from "~/i18n/i18n.server";
import { escapeHtml, mailHtml, sendMail } from "~/modules/mail/index.server";
import { publicLink } from "~/lib/public-url.server";
import { organizationLogoHtml } from "./branding.server";

/** The notices an organisation's notice recipients (organizationManagerEmails) receive. */
export type OrganizationNotice =
  | { kind: "help-request"; values: { participant: string; session: string; path: string } }
  | { kind: "correction-batch-finished"; values: { session: string; count: number; path: string } };

/**
 * Mails a notice to every address in the organisation's organizationManagerEmails, in its default
 * language. For the live run (a help request while no staff member is connected) and corrections
 * (a finished batch). Returns how many were sent.
 */
export async function sendOrganizationNotice(tenant: TenantRow, notice: OrganizationNotice): Promise<number> {
  const recipients = tenant.settings.organizationManagerEmails ?? [];
  if (recipients.length === 0) return 0;
  const language = tenant.settings.defaultLanguage;
  const t = await getT(isLocale(language) ? language : DEFAULT_LOCALE);
  const values = { ...notice.values, organization: tenant.name };
  const key = `emails:notices.${notice.kind}`;
  const link = publicLink(notice.values.path);
  for (const to of recipients) {
    await sendMail({
      to,
      subject: t(`${key}.subject`, values),
      textBody: `${t(`${key}.text`, values)}\n\n${link}`,
      htmlBody: mailHtml([
        ...organizationLogoHtml(tenant),
        escapeHtml(t(`${key}.text`, values)),
        `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
      ]),
    });
  }
  return recipients.length;
}
