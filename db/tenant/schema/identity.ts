import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { documentColumns, timestamp } from "./columns";

export const ORGANIZATION_ROLES = [
  "ORGANIZATION_MANAGER",
  "ORGANIZATION_READER",
  "ORGANIZATION_REALTIME_USER",
  "ORGANIZATION_USER_MANAGER",
  "ORGANIZATION_WRITER",
] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/** Staff (account type ADMIN). */
export const staffUsers = sqliteTable(
  "staff_users",
  {
    ...documentColumns(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    nickname: text("nickname"),
    phone: text("phone"),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    phoneVerified: integer("phone_verified", { mode: "boolean" }).notNull().default(false),
    picture: text("picture"),
    locale: text("locale"),
    lastLogin: timestamp("last_login"),
    lastIp: text("last_ip"),
    loginsCount: integer("logins_count").notNull().default(0),
  },
  (t) => [uniqueIndex("staff_users_email_unique").on(t.email), index("staff_users_phone_idx").on(t.phone)],
);

export const staffUserRoles = sqliteTable(
  "staff_user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    role: text("role", { enum: ORGANIZATION_ROLES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** One ORGANIZATION workspace per tenant and one PRIVATE workspace per staff user. */
export const workspaces = sqliteTable(
  "workspaces",
  {
    ...documentColumns(),
    name: text("name").notNull(),
    workspaceType: text("workspace_type", { enum: ["ORGANIZATION", "PRIVATE"] }).notNull(),
    ownerUserId: text("owner_user_id").references(() => staffUsers.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("workspaces_owner_unique").on(t.workspaceType, t.ownerUserId)],
);

/** Participants (account type USER). `companyId` is filled by the reference-data module. */
export const participants = sqliteTable(
  "participants",
  {
    ...documentColumns(),
    workspaceId: text("workspace_id").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    externalId: text("external_id"),
    companyId: text("company_id"),
    locale: text("locale"),
    /** Standing extra time (an accommodation), 0..300 % added to every question's maxTime. */
    extraTimePercent: integer("extra_time_percent").notNull().default(0),
    nameLower: text("name_lower").notNull(),
    emailLower: text("email_lower").notNull(),
  },
  (t) => [
    // With the id: lists sort by the column then the id, and read a page straight off the index.
    index("participants_email_idx").on(t.emailLower, t.id),
    index("participants_name_idx").on(t.nameLower, t.id),
    index("participants_external_id_idx").on(t.externalId, t.id),
    index("participants_phone_idx").on(t.phone),
    index("participants_company_idx").on(t.companyId),
  ],
);

export const ACCOUNT_TYPES = ["ADMIN", "USER"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** One-time login codes, stored hashed; only the newest per identifier is kept. */
export const oneTimeCodes = sqliteTable(
  "one_time_codes",
  {
    id: text("id").primaryKey(),
    accountType: text("account_type", { enum: ACCOUNT_TYPES }).notNull(),
    identifier: text("identifier").notNull(),
    subjectId: text("subject_id").notNull(),
    codeHash: text("code_hash").notNull(),
    /** SHA-256 of the one-click sign-in link's token, mailed with the code; same lifetime and rules. */
    linkHash: text("link_hash"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (t) => [uniqueIndex("one_time_codes_identifier_unique").on(t.accountType, t.identifier)],
);

/** Server-side login sessions; the cookie carries the token, the row its SHA-256. */
export const authSessions = sqliteTable(
  "auth_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    accountType: text("account_type", { enum: ACCOUNT_TYPES }).notNull(),
    subjectId: text("subject_id").notNull(),
    createdAt: timestamp("created_at").notNull(),
    lastSeenAt: timestamp("last_seen_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (t) => [index("auth_sessions_subject_idx").on(t.subjectId)],
);

/**
 * Which login session holds a live-room token for which scheduled session, until when (ADR 0030).
 * Read on logout and when a staff account is removed: the rooms told to close its sockets.
 * `grant` is derived from the login session's id hash, never the session token itself.
 */
export const realtimeGrants = sqliteTable(
  "realtime_grants",
  {
    grant: text("grant").notNull(),
    scheduledSessionId: text("scheduled_session_id").notNull(),
    accountType: text("account_type", { enum: ACCOUNT_TYPES }).notNull(),
    subjectId: text("subject_id").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.grant, t.scheduledSessionId] }),
    index("realtime_grants_subject_idx").on(t.subjectId),
  ],
);

/** Sliding-window rate-limit hits (login requests per identifier and per client address). */
export const rateLimitHits = sqliteTable(
  "rate_limit_hits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    bucket: text("bucket").notNull(),
    at: timestamp("at").notNull(),
  },
  (t) => [index("rate_limit_hits_bucket_idx").on(t.bucket, t.at)],
);

/**
 * The organisation's OpenID Connect provider for staff sign-in (ADR 0040): one row (`id` 1) or
 * none. The client secret is kept to call the token endpoint and never shown or answered back.
 */
export const oidcSettings = sqliteTable("oidc_settings", {
  id: integer("id").primaryKey(),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(false),
  /** The name on the sign-in button ("Sign in with …"). */
  displayName: text("display_name").notNull(),
  issuer: text("issuer").notNull(),
  clientId: text("client_id").notNull(),
  clientSecret: text("client_secret"),
  /** The ID token claim holding the staff member's e-mail address. */
  emailClaim: text("email_claim").notNull().default("email"),
  updatedAt: timestamp("updated_at").notNull(),
  updatedBy: text("updated_by"),
});

/**
 * Sign-ins started at the organisation's provider and not yet come back: the state's SHA-256, the
 * PKCE verifier and the nonce, for ten minutes. The callback deletes its row, so a state works once.
 */
export const oidcLoginRequests = sqliteTable(
  "oidc_login_requests",
  {
    stateHash: text("state_hash").primaryKey(),
    codeVerifier: text("code_verifier").notNull(),
    nonce: text("nonce").notNull(),
    redirectTo: text("redirect_to"),
    createdAt: timestamp("created_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
  },
  (t) => [index("oidc_login_requests_expires_idx").on(t.expiresAt)],
);
