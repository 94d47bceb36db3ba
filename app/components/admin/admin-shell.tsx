import { NavLink, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { DropdownMenu } from "radix-ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { can } from "~/lib/permissions";
import { LanguageSwitcher } from "../language-switcher";
import { SkipLink } from "../skip-link";
import { CenteredSpinner } from "../ui/spinner";
import { ADMIN_NAV, type NavItem } from "./nav-items";

export type ShellUser = { name: string; email: string; permissions: readonly string[] };

/** White header with the organisation's name, side menu, user menu and language switcher. */
export function AdminShell({
  organization,
  logoUrl,
  user,
  children,
}: {
  organization: string;
  logoUrl?: string | null;
  user: ShellUser;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const { pathname } = useLocation();
  // Not after a form posted on this page: the page's data reloading must not unmount it (its
  // fields and their errors would start over).
  const loading =
    navigation.state === "loading" &&
    navigation.location?.pathname !== undefined &&
    !(navigation.formData && navigation.location.pathname === pathname);
  const items = ADMIN_NAV.filter((item) => can(user.permissions, item.permission));
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="flex min-h-14 items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-1">
        <div className="flex min-w-0 items-center gap-3">
          {logoUrl ? (
            <img
              src={logoUrl}
              alt=""
              className="h-7 w-auto max-w-16 shrink-0 object-contain sm:h-9 sm:max-w-28"
              data-testid="organization-logo"
            />
          ) : null}
          {/* On phones the name takes two lines rather than being cut ("Demo O…"). */}
          <span
            className="line-clamp-2 text-sm font-semibold leading-tight text-primary [overflow-wrap:anywhere] sm:line-clamp-1 sm:text-lg"
            data-testid="organization-name"
          >
            {organization}
          </span>
        </div>
        <div className="flex shrink-0 items-center gap-2 sm:gap-3">
          <LanguageSwitcher />
          <HeaderMenu
            align="end"
            width="min-w-48"
            trigger={
              <button
                type="button"
                className="flex items-center gap-2 rounded-md px-2 py-1 text-sm hover:bg-selected"
                data-testid="user-menu"
              >
                {/* Named by its content, so the name shown is in the button's name (WCAG 2.5.3). */}
                <span
                  aria-hidden="true"
                  className="flex h-7 w-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-white"
                >
                  {user.name.slice(0, 1).toUpperCase()}
                </span>
                <span className="sr-only sm:not-sr-only">{user.name}</span>
                <span className="sr-only">{t("common:user-menu-suffix")}</span>
              </button>
            }
          >
            <DropdownMenu.Label className="px-2 py-1.5 text-xs text-slate-500">{user.email}</DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            {/* Not a <form> in the menu: the menu unmounts on select, before a native submit could run. */}
            <DropdownMenu.Item
              onSelect={() => submit({ intent: "logout" }, { method: "post", action: "/admin?index" })}
              className="w-full cursor-pointer rounded px-2 py-1.5 text-left text-sm outline-none data-[highlighted]:bg-selected"
            >
              {t("auth:logout")}
            </DropdownMenu.Item>
          </HeaderMenu>
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <nav
          aria-label={t("common:nav.label")}
          className="border-b border-slate-200 bg-white md:w-56 md:border-b-0 md:border-r"
        >
          {/* Phones: one menu button instead of the list wrapped to four rows above the content. */}
          <PhoneMenu items={items} />
          <ul className="hidden gap-1 p-2 md:flex md:flex-col">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  prefetch="intent"
                  className={({ isActive }) =>
                    `flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm no-underline ${
                      isActive ? "bg-selected font-semibold text-primary" : "text-slate-700 hover:bg-slate-100"
                    }`
                  }
                >
                  <span aria-hidden="true">{item.icon}</span>
                  {t(item.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="min-w-0 flex-1 p-4 md:p-6">
          {loading ? <CenteredSpinner /> : children}
        </main>
      </div>
    </div>
  );
}

const isCurrent = (item: NavItem, pathname: string) =>
  item.end
    ? pathname === item.to || pathname === `${item.to}/`
    : pathname === item.to || pathname.startsWith(`${item.to}/`);

/**
 * The menu on phones: a button naming the current section that opens every entry (radix
 * DropdownMenu: arrow keys, Escape, focus back on the button; the current one is aria-current).
 */
function PhoneMenu({ items }: { items: NavItem[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = items.find((item) => isCurrent(item, pathname));
  return (
    <div className="p-2 md:hidden">
      <HeaderMenu
        align="start"
        width="w-[var(--radix-dropdown-menu-trigger-width)]"
        trigger={
          <button
            type="button"
            className="flex w-full items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-50"
            data-testid="nav-menu"
          >
            <span aria-hidden="true">☰</span>
            <span>{t("common:nav.menu")}</span>
            {current ? (
              <span className="min-w-0 truncate font-semibold text-primary">· {t(current.labelKey)}</span>
            ) : null}
          </button>
        }
      >
        {items.map((item) => {
          const active = item === current;
          return (
            <DropdownMenu.Item key={item.to} asChild>
              <NavLink
                to={item.to}
                end={item.end}
                className={`flex items-center gap-2 rounded px-3 py-2.5 text-sm no-underline outline-none data-[highlighted]:bg-selected ${active ? "font-semibold text-primary" : "text-slate-700"}`}
              >
                <span aria-hidden="true">{item.icon}</span>
                {t(item.labelKey)}
              </NavLink>
            </DropdownMenu.Item>
          );
        })}
      </HeaderMenu>
    </div>
  );
}

/** A menu of the header: its button, and the white panel it opens into below it. */
function HeaderMenu({
  trigger,
  align,
  width,
  children,
}: {
  trigger: ReactNode;
  align: "start" | "end";
  width: string;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          sideOffset={4}
          className={`z-50 ${width} rounded-md border border-slate-200 bg-white p-1 shadow-lg`}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
