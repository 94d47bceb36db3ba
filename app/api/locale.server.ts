import { redirect } from "@remix-run/node";
import { isLocale } from "~/i18n/config";
import { getLocale, getT, localeCookie } from "~/i18n/i18n.server";
import { readActionForm } from "~/lib/form-data.server";
import type { ApiArgs } from "./types";

/** POST: stores the chosen language in the NEXT_LOCALE cookie and goes back to the page; GET goes home. */
export async function chooseLocale({ request }: ApiArgs): Promise<Response> {
  if (request.method !== "POST") return redirect("/");
  const form = await readActionForm({ t: await getT(await getLocale(request)) }, request);
  const locale = form.get("locale");
  const back = form.get("redirectTo");
  const target = typeof back === "string" && back.startsWith("/") && !back.startsWith("//") ? back : "/";
  if (!isLocale(locale)) return redirect(target);
  return redirect(target, { headers: { "Set-Cookie": await localeCookie.serialize(locale) } });
}
