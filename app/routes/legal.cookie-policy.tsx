import type { MetaFunction } from "@remix-run/node";
import { LegalPage } from "~/components/legal-page";

export const meta: MetaFunction = () => [{ title: "Cookie policy" }];

export default function CookiePolicy() {
  return <LegalPage prefix="cookies" sections={["what", "which", "none", "control"]} />;
}
