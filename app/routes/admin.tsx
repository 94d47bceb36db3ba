import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { AdminShell } from "~/components/admin/admin-shell";
import { ErrorPage } from "~/components/error-page";
import { contextFromSession } from "~/modules/auth/index.server";
import { organizationLogoUrl, tenantTimeZone } from "~/modules/tenants/index.server";

/** The admin area: the shell when a staff member is signed in, else the bare login page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await contextFromSession(request, "ADMIN", context);
  if (!ctx || ctx.actor.type !== "ADMIN")
    return { user: null, organization: null, tenant: null, logoUrl: null, timeZone: null };
  return {
    organization: ctx.tenant.name,
    logoUrl: organizationLogoUrl(ctx.tenant),
    tenant: ctx.tenant.slug,
    // Every admin screen formats dates in the organisation's zone (useFormat).
    timeZone: tenantTimeZone(ctx.tenant),
    user: { name: ctx.actor.name, email: ctx.actor.email, permissions: ctx.permissions },
  };
}

export default function AdminLayout() {
  const { user, organization, logoUrl } = useLoaderData<typeof loader>();
  if (!user || !organization) {
    return (
      <div className="flex min-h-screen flex-col">
        <Outlet />
      </div>
    );
  }
  return (
    <AdminShell organization={organization} logoUrl={logoUrl} user={user}>
      <Outlet />
    </AdminShell>
  );
}

/** Errors below /admin (a 404, a refused action) keep the admin shell when someone is signed in. */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/admin");
  if (!data?.user || !data.organization) return <ErrorPage />;
  return (
    <AdminShell organization={data.organization} user={data.user}>
      <ErrorPage inShell home="/admin" />
    </AdminShell>
  );
}
