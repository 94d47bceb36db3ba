import fs from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { ServerClient } from "postmark";
import { dataDir } from "~db/config";
import { settings } from "~settings/settings.server";

export type MailAttachment = { name: string; contentType: string; content: Uint8Array };
export type OutgoingMail = {
  to: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  attachments?: MailAttachment[];
  /** "sms" messages go to the outbox only; Postmark sends e-mail. */
  channel?: "email" | "sms";
};

function postmarkClient(): ServerClient | null {
  const token = settings().POSTMARK_SERVER_TOKEN;
  if (!token) return null;
  // POSTMARK_API_URL lets tests aim the real client at a local fake of Postmark's API.
  const apiUrl = settings().POSTMARK_API_URL;
  if (!apiUrl) return new ServerClient(token);
  const url = new URL(apiUrl);
  return new ServerClient(token, { requestHost: url.host, useHttps: url.protocol === "https:" });
}

/** Sends through Postmark when POSTMARK_SERVER_TOKEN is set, else writes DATA_DIR/outbox/<id>.json (and its attachments). */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const client = mail.channel === "sms" ? null : postmarkClient();
  if (client) {
    await client.sendEmail({
      From: settings().MAIL_FROM,
      To: mail.to,
      Subject: mail.subject,
      TextBody: mail.textBody,
      HtmlBody: mail.htmlBody,
      MessageStream: settings().POSTMARK_MESSAGE_STREAM,
      Attachments: mail.attachments?.map((a) => ({
        Name: a.name,
        ContentType: a.contentType,
        Content: Buffer.from(a.content).toString("base64"),
        ContentID: null,
      })),
    });
    return;
  }
  const outbox = path.join(dataDir(), "outbox");
  await fs.mkdir(outbox, { recursive: true });
  const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.json`);
  const { attachments, ...rest } = mail;
  await fs.writeFile(
    file,
    JSON.stringify(
      { ...rest, channel: mail.channel ?? "email", attachments: attachments?.map((a) => a.name) ?? [] },
      null,
      2,
    ),
  );
  // Each attachment beside the message as <message>.<name>, to open as the recipient would.
  for (const a of attachments ?? [])
    await fs.writeFile(`${file.slice(0, -".json".length)}.${path.basename(a.name)}`, a.content);
  console.log(`[mail] ${mail.channel ?? "email"} to ${mail.to}: "${mail.subject}" written to ${file}`);
}

/** Wraps a message body in the product's plain e-mail layout. Values must already be HTML-escaped. */
export function mailHtml(paragraphs: string[]): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join("")}</body></html>`;
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}
