import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PublicLayout } from "~/components/public-layout";
import { getLocale, getT } from "~/i18n/i18n.server";

/** The page description in the visitor's language (the title comes from `handle`). */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(await getLocale(request));
  return { description: t("home:lead") };
}

export const handle = { titleKey: "home:title" };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { name: "description", content: data?.description ?? "" },
];

export default function Home() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <h1 className="text-3xl font-semibold text-primary">{t("home:title")}</h1>
      <p className="mt-4 text-lg text-slate-700">{t("home:lead")}</p>
      <ul className="mt-6 list-disc space-y-2 pl-6 text-slate-700">
        <li>{t("home:point-author")}</li>
        <li>{t("home:point-schedule")}</li>
        <li>{t("home:point-run")}</li>
        <li>{t("home:point-report")}</li>
      </ul>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link
          to="/admin"
          className="rounded-md bg-primary px-4 py-2 font-medium text-white no-underline hover:bg-primary-hover"
        >
          {t("home:staff-login")}
        </Link>
        <Link
          to="/user"
          className="rounded-md border border-primary px-4 py-2 font-medium no-underline hover:bg-selected"
        >
          {t("home:participant-login")}
        </Link>
      </div>
    </PublicLayout>
  );
}
