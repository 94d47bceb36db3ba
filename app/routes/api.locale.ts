import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isLocale } from "~/i18n/config";
import { getLocale, getT, localeCookie } from "~/i18n/i18n.server";
import { readActionForm } from "~/lib/form-data.server";

/** Stores the chosen language in the NEXT_LOCALE cookie and goes back to the page. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readActionForm({ t: await getT(await getLocale(request)) }, request);
  const locale = form.get("locale");
  const back = form.get("redirectTo");
  const target = typeof back === "string" && back.startsWith("/") && !back.startsWith("//") ? back : "/";
  if (!isLocale(locale)) return redirect(target);
  return redirect(target, { headers: { "Set-Cookie": await localeCookie.serialize(locale) } });
}

export const loader = () => redirect("/");
