import { describe, expect, it } from "vitest";
import { getT } from "~/i18n/i18n.server";

// "(1 subcategories)" in the category removal dialog: counts use plural forms in every language.
describe("plural forms", () => {
  it("says 1 subcategory and 2 subcategories", async () => {
    const cases = {
      "en-us": ["1 subcategory)", "2 subcategories)"],
      "nl-nl": ["1 subcategorie)", "2 subcategorieën)"],
      "fr-fr": ["1 sous-catégorie)", "2 sous-catégories)"],
    } as const;
    for (const [locale, [one, two]] of Object.entries(cases)) {
      const t = await getT(locale as keyof typeof cases);
      expect(t("databases:categories.remove-subtree", { count: 1 })).toContain(one);
      expect(t("databases:categories.remove-subtree", { count: 2 })).toContain(two);
    }
  });
});
