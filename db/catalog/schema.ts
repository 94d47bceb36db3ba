import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** One row per organisation. Everything else of a tenant lives in its own database. */
export const tenants = sqliteTable("tenants", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
  logo: text("logo"),
  status: text("status", { enum: ["ACTIVE", "SUSPENDED"] })
    .notNull()
    .default("ACTIVE"),
  /** Explicit database URL; null means "derive from TENANT_DATABASE_URL or the embedded file". */
  databaseUrl: text("database_url"),
  settings: text("settings", { mode: "json" }).$type<TenantSettings>().notNull().default({}),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

export type TenantSettings = {
  organizationManagerEmails?: string[];
  /** Addresses staff may send session reports to besides the participant's own; kept by managers. */
  reportRecipientEmails?: string[];
  /** IANA zone in which the organisation plans and reads its sessions; see tenantTimeZone(). */
  timeZone?: string;
  /** Language of mails and screens for people who have not chosen one (en-us, nl-nl, fr-fr). */
  defaultLanguage?: "en-us" | "nl-nl" | "fr-fr";
  /** Pass percentage new session templates start with. */
  defaultPassPercentage?: number;
  /** Report layout new session reports start with. */
  defaultReportLayout?: "NARROW" | "WIDE";
};
export type TenantRow = typeof tenants.$inferSelect;

/**
 * Ongoing scheduled sessions and when an app process last served them (ADR 0032). Every process
 * stamps `servedAt` every few seconds; a process that starts and finds a stamp older than that
 * knows the sessions went unserved since, and gives the time back to their running clocks.
 */
export const liveSessions = sqliteTable(
  "live_sessions",
  {
    tenantSlug: text("tenant_slug").notNull(),
    scheduledSessionId: text("scheduled_session_id").notNull(),
    servedAt: integer("served_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantSlug, t.scheduledSessionId] })],
);

/**
 * Organisations that have registered a webhook endpoint: the only tenant databases the delivery
 * worker looks into (ADR 0042), so a server with many organisations does not open them all.
 */
export const webhookTenants = sqliteTable("webhook_tenants", {
  tenantSlug: text("tenant_slug").primaryKey(),
  since: integer("since", { mode: "timestamp_ms" }).notNull(),
});
