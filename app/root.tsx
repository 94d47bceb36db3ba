import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "~/components/error-page";
import { useNonce } from "~/components/nonce";
import { NavigationProgress } from "~/components/ui/navigation-progress";
import { getLocale } from "~/i18n/i18n.server";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return { locale: await getLocale(request) };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  const locale = data?.locale ?? i18n.language ?? "en-us";
  const title = usePageTitle();
  const nonce = useNonce();
  return (
    <html lang={locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        <NavigationProgress />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}

/**
 * The document title in the page's language: the deepest route's `handle.titleKey` and the product
 * name. Routes declare `export const handle = { titleKey: "ns:key" }` instead of a meta title.
 */
function usePageTitle(): string {
  const { t } = useTranslation();
  const matches = useMatches();
  const product = t("common:product");
  const key = [...matches]
    .reverse()
    .map((m) => (m.handle as { titleKey?: string } | undefined)?.titleKey)
    .find(Boolean);
  return key ? `${t(key)} · ${product}` : product;
}
