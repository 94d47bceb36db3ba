import { inArray } from "drizzle-orm";
import { participants } from "~db/tenant/schema";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { getT } from "~/i18n/i18n.server";
import { isLocale, type Locale } from "~/i18n/config";
import { calendarFile } from "~/lib/ical";
import { publicLink } from "~/lib/public-url.server";
import { formatDateTime } from "~/lib/time-zone";
import { escapeHtml, mailHtml, sendMail } from "~/modules/mail/index.server";
import { tenantTimeZone } from "~/modules/tenants/index.server";
import {
  cancelScheduledSession,
  findScheduledRow,
  plannedSeconds,
  toDocs,
  WRITE,
  type ScheduledSession,
} from "./scheduled-sessions.server";
import { addParticipantsToScheduledSession } from "./entries.server";
import { signUpInfo } from "./signup.server";

/** The sign-up link of a session, on the public origin: the tenant travels in the query (ADR 0005). */
export function signUpUrl(tenant: string, loginCode: string): string {
  return publicLink(`/user/signup/${encodeURIComponent(loginCode)}?tenant=${encodeURIComponent(tenant)}`);
}

/**
 * The language of a participant's e-mails: their own, else the organisation's (its settings), else
 * the staff member's who sends them.
 */
export function participantLocale(person: { locale: string | null }, ctx: Ctx): Locale {
  if (isLocale(person.locale)) return person.locale;
  const organisation = ctx.tenant.settings?.defaultLanguage;
  return isLocale(organisation) ? organisation : ctx.locale;
}

/** The calendar UID of a session: invitations and cancellations must use the same one. */
const calendarUid = (ctx: Ctx, scheduledSessionId: string) =>
  `${scheduledSessionId}@${ctx.tenant.slug}.skills-assessments`;

/**
 * E-mails each participant an invitation in their own language (else the staff member's):
 * session name, date, place and the sign-up link, with the session as a calendar file (from its
 * start for as long as its evaluations' questions take). Returns how many were sent.
 */
export async function inviteParticipants(
  ctx: Ctx,
  scheduledSessionId: string,
  participantIds: string[],
): Promise<number> {
  requirePermission(ctx, WRITE);
  const row = await findScheduledRow(ctx.tdb.db, scheduledSessionId);
  const [doc] = await toDocs(ctx.tdb.db, [row]);
  const ids = [...new Set(participantIds)].filter((id) => doc!.participants.includes(id));
  if (ids.length === 0) return 0;
  const info = await signUpInfo(ctx.tenant.slug, row.loginCode).catch(() => null);
  const people = await ctx.tdb.db.select().from(participants).where(inArray(participants.id, ids)).all();
  const link = signUpUrl(ctx.tenant.slug, row.loginCode);
  const zone = tenantTimeZone(ctx.tenant);
  const seconds = await plannedSeconds(ctx.tdb.db, doc!.evaluations);
  const end = seconds > 0 ? new Date(row.datetime.getTime() + seconds * 1000) : null;
  let sent = 0;
  for (const person of people) {
    const locale = participantLocale(person, ctx);
    const t = await getT(locale);
    const address = info?.locationAddress
      ? [info.locationAddress.line1, info.locationAddress.postal, info.locationAddress.city].filter(Boolean).join(", ")
      : "";
    const place = doc!.locationName ? (address ? `${doc!.locationName} (${address})` : doc!.locationName) : null;
    const values = {
      name: person.name,
      session: doc!.sessionName,
      organization: ctx.tenant.name,
      date: formatDateTime(row.datetime, locale, zone, { style: "full", withZone: true }),
      place: place ?? t("scheduling:emails.invitation.no-place"),
      code: row.loginCode,
      link,
      reference: row.reference,
      file: `${row.reference}.ics`,
    };
    const calendar = calendarFile({
      // The same UID and a higher SEQUENCE update the event when the session is changed and sent again.
      uid: calendarUid(ctx, row.id),
      sequence: doc!._rev,
      start: row.datetime,
      end,
      summary: doc!.sessionName,
      location: place,
      description: [
        t("scheduling:emails.invitation.intro", values),
        `${t("scheduling:emails.invitation.action", values)}: ${link}`,
        t("scheduling:emails.invitation.code", values),
      ].join("\n"),
      url: link,
    });
    await sendMail({
      to: person.email,
      subject: t("scheduling:emails.invitation.subject", values),
      textBody: `${t("scheduling:emails.invitation.text", values)}\n\n${t("scheduling:emails.invitation.calendar", values)}`,
      htmlBody: mailHtml([
        escapeHtml(t("scheduling:emails.invitation.greeting", values)),
        escapeHtml(t("scheduling:emails.invitation.intro", values)),
        `${escapeHtml(t("scheduling:emails.invitation.when", values))}<br>${escapeHtml(t("scheduling:emails.invitation.where", values))}`,
        `<a href="${escapeHtml(link)}">${escapeHtml(t("scheduling:emails.invitation.action", values))}</a>`,
        escapeHtml(t("scheduling:emails.invitation.code", values)),
        escapeHtml(t("scheduling:emails.invitation.calendar", values)),
      ]),
      attachments: [
        {
          name: values.file,
          contentType: "text/calendar; charset=utf-8; method=PUBLISH",
          content: new TextEncoder().encode(calendar),
        },
      ],
    });
    sent++;
  }
  return sent;
}

/**
 * Cancels a session and tells its participants, each in their own language, with a calendar file
 * that removes the event their invitation added (METHOD:CANCEL, same UID, higher SEQUENCE: the
 * cancellation raises the session's revision). Cancelling an already cancelled session mails nobody.
 */
export async function cancelAndNotify(
  ctx: Ctx,
  scheduledSessionId: string,
): Promise<{ session: ScheduledSession; notified: number }> {
  requirePermission(ctx, WRITE);
  const before = await findScheduledRow(ctx.tdb.db, scheduledSessionId);
  const session = await cancelScheduledSession(ctx, scheduledSessionId);
  if (before.status === "CANCELED" || session.participants.length === 0) return { session, notified: 0 };
  const people = await ctx.tdb.db
    .select()
    .from(participants)
    .where(inArray(participants.id, session.participants))
    .all();
  const zone = tenantTimeZone(ctx.tenant);
  let notified = 0;
  for (const person of people) {
    const locale = participantLocale(person, ctx);
    const t = await getT(locale);
    const values = {
      name: person.name,
      session: session.sessionName,
      organization: ctx.tenant.name,
      date: formatDateTime(session.datetime, locale, zone, { style: "full", withZone: true }),
      reference: session.reference,
      file: `${session.reference}.ics`,
    };
    const calendar = calendarFile({
      method: "CANCEL",
      uid: calendarUid(ctx, session._id),
      sequence: session._rev,
      start: new Date(session.datetime),
      summary: t("scheduling:emails.cancellation.summary", values),
      description: t("scheduling:emails.cancellation.intro", values),
    });
    await sendMail({
      to: person.email,
      subject: t("scheduling:emails.cancellation.subject", values),
      textBody: `${t("scheduling:emails.cancellation.text", values)}\n\n${t("scheduling:emails.cancellation.calendar", values)}`,
      htmlBody: mailHtml([
        escapeHtml(t("scheduling:emails.cancellation.greeting", values)),
        escapeHtml(t("scheduling:emails.cancellation.intro", values)),
        escapeHtml(t("scheduling:emails.cancellation.calendar", values)),
      ]),
      attachments: [
        {
          name: values.file,
          contentType: "text/calendar; charset=utf-8; method=CANCEL",
          content: new TextEncoder().encode(calendar),
        },
      ],
    });
    notified++;
  }
  return { session, notified };
}

/**
 * `addParticipantsToScheduledSession(id, participants, invite)`: adds the participants and, when
 * `invite` is true, invites only those newly added: people
 * already in the session got their invitation before. Returns who was added and how many were invited.
 */
export async function addAndInviteParticipants(
  ctx: Ctx,
  scheduledSessionId: string,
  participantIds: string[],
  invite: boolean,
): Promise<{ added: string[]; invited: number }> {
  const added = await addParticipantsToScheduledSession(ctx, scheduledSessionId, participantIds);
  const invited = invite && added.length ? await inviteParticipants(ctx, scheduledSessionId, added) : 0;
  return { added, invited };
}
