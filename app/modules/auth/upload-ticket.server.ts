import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "~/lib/app-error";
import { readFormData } from "~/lib/form-data.server";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { newId } from "~/lib/ids.server";
import { getLocale, getT } from "~/i18n/i18n.server";
import { realtimeSecret } from "~/modules/realtime/index.server";
import { permissionsForRoles } from "~/lib/permissions";
import { findTenant, openTenant } from "~/modules/tenants/index.server";
import { findStaffUser } from "~/modules/staff/index.server";
import { assetStorage, type AssetTenant } from "~/modules/assets/index.server";

/** How long an upload ticket may be used. */
export const UPLOAD_TICKET_TTL_S = 10 * 60;
const UPLOAD_PERMISSION = "write:assessments" as const;
const PUBLIC_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type UploadSignature = {
  public_id: string;
  signature: string;
  timestamp: number;
  tenant: string;
  expires_at: number;
};

// The issuing staff member is part of the signed text, so an upload counts as theirs and stops
// working when they lose the right to upload. The prefix keeps these MACs apart from room tokens.
const sign = (tenant: string, publicId: string, timestamp: number, userId: string) =>
  createHmac("sha256", realtimeSecret())
    .update(`upload-ticket:${tenant}:${publicId}:${timestamp}:${userId}`)
    .digest("hex");

/**
 * `requestCloudinaryUploadSignature`: a ticket that lets a browser or an API client upload ONE file
 * to this organisation's asset store without a session cookie, for the next 10 minutes. The file
 * is stored under `public_id`, so a second upload with the same ticket is refused.
 */
export function requestUploadSignature(ctx: Ctx, now = Date.now()): UploadSignature {
  requirePermission(ctx, UPLOAD_PERMISSION);
  const publicId = newId();
  const timestamp = Math.floor(now / 1000);
  return {
    public_id: publicId,
    timestamp,
    signature: `${ctx.actor.userId}.${sign(ctx.tenant.slug, publicId, timestamp, ctx.actor.userId)}`,
    tenant: ctx.tenant.slug,
    expires_at: timestamp + UPLOAD_TICKET_TTL_S,
  };
}

export type UploadTicket = { tenant: string; public_id: string; signature: string; timestamp: string | number };

const invalidTicket = () => new AppError("UNAUTHORIZED", "upload_ticket_invalid");

/**
 * Checks a ticket and returns the module context of the staff member who asked for it, with the
 * asset id the upload must use. Refused when forged, for another tenant, expired, or used.
 */
export async function contextFromUploadTicket(
  request: Request,
  ticket: UploadTicket,
  clientAddress: string,
  now = Date.now(),
): Promise<{ ctx: Ctx; assetId: string }> {
  const timestamp = Number(ticket.timestamp);
  const [userId, mac] = String(ticket.signature ?? "").split(".");
  if (!PUBLIC_ID.test(ticket.public_id ?? "") || !Number.isInteger(timestamp) || !userId || !mac) throw invalidTicket();
  const age = now / 1000 - timestamp;
  if (age < -60 || age > UPLOAD_TICKET_TTL_S) throw invalidTicket();
  const expected = Buffer.from(sign(String(ticket.tenant ?? ""), ticket.public_id, timestamp, userId), "hex");
  const given = Buffer.from(mac, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidTicket();
  const tenant = await findTenant(String(ticket.tenant));
  if (!tenant || tenant.status !== "ACTIVE") throw invalidTicket();
  const tdb = await openTenant(tenant);
  const user = await findStaffUser(tdb, userId);
  if (!user) throw invalidTicket();
  if (await ticketUsed(tenant, ticket.public_id)) throw invalidTicket();
  const locale = await getLocale(request);
  const ctx: Ctx = {
    tenant,
    tdb,
    locale,
    t: await getT(locale),
    clientAddress,
    actor: { type: "ADMIN", userId: user.id, email: user.email, name: user.name, roles: user.roles },
    permissions: permissionsForRoles(user.roles),
  };
  requirePermission(ctx, UPLOAD_PERMISSION);
  return { ctx, assetId: ticket.public_id };
}

async function ticketUsed(tenant: AssetTenant, publicId: string): Promise<boolean> {
  for (const ext of ["png", "jpg", "gif", "webp", "pdf"])
    if (await assetStorage(tenant).has(tenant, `${publicId}.${ext}`)) return true;
  return false;
}

/** The ticket fields of an upload request: query string first, else the multipart form. */
export async function ticketOf(request: Request): Promise<UploadTicket | null> {
  const url = new URL(request.url);
  const from = (get: (k: string) => unknown) => {
    const signature = get("signature");
    if (typeof signature !== "string" || !signature) return null;
    return {
      tenant: String(get("tenant") ?? ""),
      public_id: String(get("public_id") ?? ""),
      signature,
      timestamp: String(get("timestamp") ?? ""),
    };
  };
  const fromQuery = from((k) => url.searchParams.get(k));
  if (fromQuery) return fromQuery;
  if (!(request.headers.get("Content-Type") ?? "").includes("multipart/form-data")) return null;
  // A multipart body that cannot be read is refused (form_unreadable, 400) rather than taken for "no ticket".
  const form = await readFormData(request.clone());
  return from((k) => form.get(k));
}
