import { LegalPage } from "~/components/legal-page";

export const handle = { titleKey: "legal:cookies.title" };

export default function CookiePolicy() {
  return <LegalPage prefix="cookies" sections={["what", "which", "none", "control"]} />;
}
