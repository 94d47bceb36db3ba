import type { Role } from "~/lib/permissions";

export type ApiTokenStatus = "ACTIVE" | "EXPIRED" | "REVOKED";

/** An API token as the API and the settings screen show it (never the token itself). */
export type ApiToken = {
  _id: string;
  name: string;
  roles: Role[];
  allowIntrospection: boolean;
  status: ApiTokenStatus;
  createdAt: Date;
  createdByName: string | null;
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedFrom: string | null;
};

/** The lifetimes the settings screen offers, in days (the API takes any `expiresAt` up to a year ahead). */
export const API_TOKEN_LIFETIMES = [30, 90, 365] as const;
