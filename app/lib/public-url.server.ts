import { z } from "zod";
import { settings, type Settings } from "~settings/settings.server";

/**
 * The site's public address (`PUBLIC_URL`): the only origin of the links in e-mails, calendar files
 * and PDFs, and the host requests must name outside development. A link built from a request's
 * Host or X-Forwarded-Host would let anyone who sends a forged header receive someone else's
 * sign-in token (README, "Configuration").
 */
const publicUrlInput = z
  .string()
  .trim()
  .url()
  .transform((value) => new URL(value))
  .refine((url) => url.protocol === "http:" || url.protocol === "https:", "must start with http:// or https://")
  .refine((url) => !url.username && !url.password, "must not carry a user name or password")
  .refine(
    (url) => url.pathname === "/" && !url.search && !url.hash,
    "must be an origin only, e.g. https://exams.example.org",
  );

const aliasInput = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/,
    "must be a host name with an optional port, e.g. exams.example.org:8443",
  );

export class PublicUrlSettingError extends Error {}

type PublicAddress = { origin: string; hosts: ReadonlySet<string> };

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/** PUBLIC_URL, PUBLIC_HOST_ALIASES and PORT, as in the environment. */
type PublicUrlEnv = Record<string, string | undefined>;

function parsePublicAddress(env: PublicUrlEnv): PublicAddress {
  const raw = env.PUBLIC_URL?.trim() || `http://localhost:${env.PORT?.trim() || "3000"}`;
  const parsed = publicUrlInput.safeParse(raw);
  if (!parsed.success)
    throw new PublicUrlSettingError(`PUBLIC_URL=${raw} ${parsed.error.issues[0]?.message ?? "is not a URL"}.`);
  const url = parsed.data;
  const hosts = new Set([url.host]);
  // A loopback address is local use: the same port under the other loopback names is the same site.
  if (LOOPBACK_NAMES.includes(url.hostname))
    for (const name of LOOPBACK_NAMES) hosts.add(url.port ? `${name}:${url.port}` : name);
  for (const alias of (env.PUBLIC_HOST_ALIASES ?? "").split(",").filter((a) => a.trim())) {
    const host = aliasInput.safeParse(alias);
    if (!host.success)
      throw new PublicUrlSettingError(`PUBLIC_HOST_ALIASES: "${alias.trim()}" ${host.error.issues[0]?.message}.`);
    hosts.add(host.data);
  }
  return { origin: url.origin, hosts };
}

const fromSettings = ({ PUBLIC_URL, PUBLIC_HOST_ALIASES, PORT }: Settings): PublicUrlEnv => ({
  PUBLIC_URL,
  PUBLIC_HOST_ALIASES,
  PORT: String(PORT),
});

let kept: { from: Settings; address: PublicAddress } | null = null;

function publicAddress(): PublicAddress {
  const from = settings();
  if (kept?.from !== from) kept = { from, address: parsePublicAddress(fromSettings(from)) };
  return kept.address;
}

/** Checks the setting once at start-up, so a bad value stops the server with a clear message. */
export function checkPublicUrlSetting(env: PublicUrlEnv = fromSettings(settings())): string {
  return parsePublicAddress(env).origin;
}

/** The origin every link sent out of the app starts with, e.g. `https://exams.example.org`. */
export const publicOrigin = (): string => publicAddress().origin;

/** An absolute link on the public origin for a path such as `/user/signup/ABC123?tenant=demo`. */
export const publicLink = (pathAndQuery: string): string =>
  publicOrigin() + (pathAndQuery.startsWith("/") ? pathAndQuery : `/${pathAndQuery}`);

/**
 * Whether a request's host (`host:port` as the browser addressed it, lower case) is this site's:
 * the public origin's host, a loopback name on its port when the site is local, or an alias.
 */
export const isPublicHost = (host: string): boolean => publicAddress().hosts.has(host.toLowerCase());
