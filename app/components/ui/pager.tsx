import { Form, Link, useLocation, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { pageParam } from "~/lib/page-number";
import { Button } from "./form";

/**
 * A paged list's foot: the total, the previous and next pages (keeping search, filters and sort) and
 * "Page n of m"; with `jump`, a long list also takes a typed page number. `keys` is where the list's
 * words are (`<keys>previous`, `next`, `page`, `paging`, and with `jump` `go-to-page`, `go`).
 */
export function Pager({
  pageInfo,
  total,
  keys,
  jump = false,
  className = "",
}: {
  pageInfo: { totalCount: number; pageSize: number; hasPreviousPage: boolean; hasNextPage: boolean };
  total: ReactNode;
  keys: string;
  jump?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const page = pageParam(params);
  const pages = Math.max(1, Math.ceil(pageInfo.totalCount / pageInfo.pageSize));
  const to = (p: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(p));
    return `${pathname}?${next.toString()}`;
  };
  return (
    <nav
      aria-label={t(`${keys}paging`)}
      className={`flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 ${className}`}
    >
      <span>{total}</span>
      <span className="flex flex-wrap items-center gap-3">
        {pageInfo.hasPreviousPage ? <Link to={to(page - 1)}>{t(`${keys}previous`)}</Link> : null}
        <span>{t(`${keys}page`, { page, pages })}</span>
        {pageInfo.hasNextPage ? <Link to={to(page + 1)}>{t(`${keys}next`)}</Link> : null}
        {jump && pages > 2 ? <PageJump pages={pages} page={page} params={params} keys={keys} /> : null}
      </span>
    </nav>
  );
}

/** On long lists: type a page number instead of clicking "Next" many times (keeps search and sort). */
function PageJump({
  pages,
  page,
  params,
  keys,
}: {
  pages: number;
  page: number;
  params: URLSearchParams;
  keys: string;
}) {
  const { t } = useTranslation();
  return (
    <Form method="get" className="flex items-center gap-1" data-testid="page-jump">
      {[...params]
        .filter(([k]) => k !== "page")
        .map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
      <label className="flex items-center gap-1">
        <span>{t(`${keys}go-to-page`)}</span>
        <input
          type="number"
          name="page"
          min={1}
          max={pages}
          defaultValue={page}
          key={page}
          inputMode="numeric"
          className="w-16 rounded-md border border-slate-300 px-2 py-1 text-base sm:text-sm"
        />
      </label>
      <Button type="submit" variant="secondary" className="!px-2 !py-1">
        {t(`${keys}go`)}
      </Button>
    </Form>
  );
}
