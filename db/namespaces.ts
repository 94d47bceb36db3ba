import { fetchFor } from "./connection";
import { settings } from "../settings/settings.server";

// One sqld started with --enable-namespaces holds many databases. It picks the namespace of a
// request from the first label of the Host it names (`acme.localhost:8080` → `acme`), and makes
// new ones only through its admin API (`POST /v1/namespaces/<name>/create`), which
// TENANT_DATABASE_ADMIN_URL names. Without that setting nothing is created here: a Turso database
// or a server's default database exists already.

const NAMESPACE_PATTERN = /^[a-z0-9](?:[a-z0-9_-]{0,61}[a-z0-9])?$/;

/** The sqld namespace a server URL names (the first label of its host), or null for an embedded file. */
export function namespaceOf(url: string): string | null {
  if (url.startsWith("file:") || url === ":memory:") return null;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  const label = host.split(".")[0] ?? "";
  // An IP address or a bare name names no namespace (sqld would fall back to its default one).
  return host.includes(".") && !/^\d+$/.test(label) && NAMESPACE_PATTERN.test(label) ? label : null;
}

export class NamespaceError extends Error {
  override name = "NamespaceError";
}

export type EnsuredNamespace = "created" | "exists" | "not-managed";

/**
 * Makes sure the namespace of a database URL exists on the sqld of TENANT_DATABASE_ADMIN_URL:
 * "created" now, "exists" already (that is fine: provisioning can run again), "not-managed" when
 * there is no admin URL or the URL is an embedded file. Anything else is a NamespaceError naming
 * the namespace, the admin address and sqld's answer.
 */
export async function ensureNamespace(url: string): Promise<EnsuredNamespace> {
  const admin = settings().TENANT_DATABASE_ADMIN_URL;
  if (!admin || url.startsWith("file:")) return "not-managed";
  const namespace = namespaceOf(url);
  if (!namespace)
    throw new NamespaceError(
      `Cannot create a database for ${url}: its host names no sqld namespace (use a URL such as http://{tenant}.localhost:8080).`,
    );
  const address = `${admin.replace(/\/+$/, "")}/v1/namespaces/${namespace}/create`;
  const fetch = await fetchFor(admin);
  let response: Response;
  try {
    response = await fetch(address, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new NamespaceError(
      `Cannot create the database namespace "${namespace}": the sqld admin API at ${admin} did not answer (${(error as Error).message}).`,
      { cause: error },
    );
  }
  const body = await response.text().catch(() => "");
  if (response.ok) return "created";
  if (response.status === 400 && /already exists/i.test(body)) return "exists";
  throw new NamespaceError(
    `Cannot create the database namespace "${namespace}": the sqld admin API at ${admin} answered ${response.status} ${body.trim()}`.trim(),
  );
}
