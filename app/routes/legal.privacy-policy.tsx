import type { MetaFunction } from "@remix-run/node";
import { LegalPage } from "~/components/legal-page";

export const meta: MetaFunction = () => [{ title: "Privacy policy" }];

export default function PrivacyPolicy() {
  return <LegalPage prefix="privacy" sections={["controller", "data", "purposes", "retention", "sharing", "rights", "contact"]} />;
}
