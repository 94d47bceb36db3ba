// The signature of a webhook delivery (README "API clients", ADR 0042):
//   Webhook-Id: <event id>   Webhook-Timestamp: <unix seconds>   Webhook-Signature: v1=<hex>
// where <hex> is HMAC-SHA256, keyed with the endpoint's secret, of `${timestamp}.${body}`.
import { createHmac, timingSafeEqual } from "node:crypto";

export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** The headers of one attempt to send `body`. */
export function webhookHeaders(args: {
  secret: string;
  eventId: string;
  body: string;
  at: Date;
}): Record<string, string> {
  const timestamp = Math.floor(args.at.getTime() / 1000);
  return {
    "Content-Type": "application/json",
    "User-Agent": "skills-assessments-webhooks/1",
    "Webhook-Id": args.eventId,
    "Webhook-Timestamp": String(timestamp),
    "Webhook-Signature": webhookSignature(args.secret, timestamp, args.body),
  };
}

/**
 * What a receiver does (the README's snippet, as the tests use it): the signature must match and
 * the timestamp be recent (five minutes either way), so a captured delivery cannot be replayed later.
 */
export function verifyWebhookSignature(args: {
  secret: string;
  body: string;
  timestamp: string | null | undefined;
  signature: string | null | undefined;
  now?: Date;
  toleranceSeconds?: number;
}): boolean {
  const timestamp = Number(args.timestamp);
  if (!Number.isInteger(timestamp) || !args.signature) return false;
  const now = Math.floor((args.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - timestamp) > (args.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(webhookSignature(args.secret, timestamp, args.body));
  // A header may carry several signatures (space-separated) while a secret is being changed.
  return args.signature.split(" ").some((given) => {
    const bytes = Buffer.from(given);
    return bytes.length === expected.length && timingSafeEqual(bytes, expected);
  });
}
