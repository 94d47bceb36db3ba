import { LegalPage } from "~/components/legal-page";

export const handle = { titleKey: "legal:privacy.title" };

export default function PrivacyPolicy() {
  return (
    <LegalPage
      prefix="privacy"
      sections={["controller", "data", "purposes", "retention", "sharing", "rights", "contact"]}
    />
  );
}
