// The shape of an API token: `sat.<organisation>.<secret>`. The organisation's slug tells which
// tenant database holds the token's hash; the secret is 32 random bytes (base64url, no dots).

const PREFIX = "sat";

export function formatApiToken(tenant: string, secret: string): string {
  return `${PREFIX}.${tenant}.${secret}`;
}

/** The organisation a bearer token names, or null when it is not an API token of this product. */
export function parseApiToken(token: string): { tenant: string } | null {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== PREFIX || !parts[1] || !/^[A-Za-z0-9_-]{43}$/.test(parts[2]!)) return null;
  return { tenant: parts[1] };
}

export const isApiTokenShaped = (token: string): boolean => token.startsWith(`${PREFIX}.`);
