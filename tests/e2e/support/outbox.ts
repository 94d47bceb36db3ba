import fs from "node:fs/promises";
import path from "node:path";

// Without POSTMARK_SERVER_TOKEN the server writes every message as JSON to DATA_DIR/outbox/.
// playwright.config.ts puts the run's DATA_DIR in E2E_DATA_DIR.

export type OutboxMail = {
  to: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  channel: "email" | "sms";
  attachments: string[];
};

export function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the end-to-end tests with `npm run test:e2e`.");
  return path.join(dataDir, "outbox");
}

/** Messages to `to` written at or after `after` (ms since the epoch), newest first. */
export async function mailsTo(to: string, after: number): Promise<OutboxMail[]> {
  const dir = outboxDir();
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return []; // nothing sent yet
  }
  const found: { mtime: number; name: string; mail: OutboxMail }[] = [];
  for (const name of names) {
    if (!name.endsWith(".json")) continue;
    const full = path.join(dir, name);
    try {
      const { mtimeMs } = await fs.stat(full);
      if (mtimeMs < after) continue;
      const mail = JSON.parse(await fs.readFile(full, "utf8")) as OutboxMail;
      if (mail.to.toLowerCase() === to.toLowerCase()) found.push({ mtime: mtimeMs, name, mail });
    } catch {
      // Half-written file: the next poll reads it.
    }
  }
  return found.sort((a, b) => b.mtime - a.mtime || b.name.localeCompare(a.name)).map((f) => f.mail);
}

/**
 * The 6-digit login code of the newest message to `to` written after `after` (ms since the epoch,
 * e.g. `Date.now()` just before asking for the code). Polls for up to `timeoutMs` (10 s).
 */
export async function waitForCode(to: string, after: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [newest] = await mailsTo(to, after);
    const code = newest ? /\b(\d{6})\b/.exec(newest.textBody)?.[1] : undefined;
    if (code) return code;
    if (Date.now() > deadline) {
      throw new Error(
        `No login code mailed to ${to} after ${new Date(after).toISOString()} within ${timeoutMs} ms (outbox: ${outboxDir()})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** The one-click sign-in link (`/api/auth/callback` or `/api/user/auth/callback`) of the newest message to `to` after `after`. */
export async function waitForSignInLink(to: string, after: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [newest] = await mailsTo(to, after);
    const link = newest
      ? /(https?:\/\/\S+\/api\/(?:user\/)?auth\/callback\?\S+)/.exec(newest.textBody)?.[1]
      : undefined;
    if (link) return link;
    if (Date.now() > deadline)
      throw new Error(`No sign-in link mailed to ${to} within ${timeoutMs} ms (outbox: ${outboxDir()})`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
