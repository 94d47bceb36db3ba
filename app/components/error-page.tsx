import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";

const TITLE_KEYS: Record<number, string> = {
  400: "errors:page.400",
  401: "errors:page.401",
  403: "errors:page.403",
  404: "errors:page.404",
  405: "errors:page.405",
  500: "errors:page.500",
};

/**
 * The generic error page: status code and the spec's title, or "An unexpected error has occurred".
 * `inShell` renders it inside an area's shell (admin or participant header stays) instead of as a
 * whole page, with a link back to the area's start.
 */
export function ErrorPage({ inShell, home = "/" }: { inShell?: boolean; home?: string } = {}) {
  const error = useRouteError();
  const { t } = useTranslation();
  let status: number | null = null;
  let detail: string | null = null;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    detail = typeof error.data === "string" && error.status !== 404 ? error.data : null;
  } else if (error instanceof Error) {
    // A client-side render failure shows the 500 page; the server never sends its stack.
    status = 500;
    if (typeof document !== "undefined" && import.meta.env.DEV) detail = error.message;
  }
  const titleKey = status === null ? undefined : TITLE_KEYS[status];
  const title = titleKey ? t(titleKey) : t("errors:page.unexpected");
  // Inside a shell, the shell's <main> holds it.
  const Wrapper = inShell ? "div" : "main";
  return (
    <Wrapper
      className={`flex flex-col items-center justify-center gap-4 text-center ${inShell ? "py-12" : "min-h-screen p-8"}`}
    >
      {status ? <p className="text-6xl font-bold text-primary">{status}</p> : null}
      <h1 className="text-2xl font-semibold" data-testid="error-title">
        {title}
      </h1>
      {detail ? <p className="max-w-lg text-slate-600">{detail}</p> : null}
      <Link to={home} className="rounded bg-primary px-4 py-2 text-white no-underline hover:bg-primary-hover">
        {inShell ? t("errors:page.area-home") : t("errors:page.home")}
      </Link>
    </Wrapper>
  );
}
