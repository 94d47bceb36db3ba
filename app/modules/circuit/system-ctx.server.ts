import type { TenantRow } from "~db/catalog/schema";
import type { TenantDb } from "~db/tenant/client";
import type { Ctx } from "~/lib/context.server";
import { getT } from "~/i18n/i18n.server";

// The circuit clock moves participants on its own, also when nobody who may run the session is
// signed in on this process at that moment: it acts as itself, with only what moving needs.
export async function circuitClockCtx(tenant: TenantRow, tdb: TenantDb): Promise<Ctx> {
  return {
    tenant,
    tdb,
    actor: { type: "ADMIN", userId: "circuit-clock", email: "", name: "Circuit clock", roles: [] },
    permissions: ["read:admin", "run:sessions"],
    locale: "en-us",
    t: await getT("en-us"),
    clientAddress: "127.0.0.1",
  };
}
