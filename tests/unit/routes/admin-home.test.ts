import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staffUserRoles } from "~db/tenant/schema";
import { createLoginSession, serializeCookie } from "~/modules/auth/sessions.server";
import { loader } from "~/routes/admin._index";
import { makeTenant, staffCtx } from "../support/tenants";

// A refusal from a module while a screen loads is the error page with the refusal's status and
// message, never a 500.
describe("admin home loader", () => {
  it("answers a staff member without the read permission with 403, not 500", async () => {
    const { tenant } = await makeTenant();
    const nobody = await staffCtx(tenant.slug, ["ORGANIZATION_READER"]);
    if (nobody.actor.type !== "ADMIN") throw new Error("expected a staff context");
    // A manager took every role away while this member was signed in.
    await nobody.tdb.write((tx) =>
      tx
        .delete(staffUserRoles)
        .where(eq(staffUserRoles.userId, nobody.actor.type === "ADMIN" ? nobody.actor.userId : "")),
    );
    const cookie = await createLoginSession(nobody.tdb, "ADMIN", nobody.actor.userId, false);
    const request = new Request("http://localhost/admin", {
      headers: { Cookie: serializeCookie(cookie).split(";")[0]! },
    });
    const thrown = await loader({ request, context: {}, params: {} }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
    expect(await (thrown as Response).text()).not.toMatch(/internal/i);
  });
});
