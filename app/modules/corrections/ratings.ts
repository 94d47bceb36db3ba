import type { GlobalRating } from "~db/tenant/schema";

/** The global ratings in the order a station screen offers them (pure: safe in the browser). */
export const RATING_CHOICES = ["CLEAR_PASS", "BORDERLINE", "CLEAR_FAIL"] as const satisfies readonly GlobalRating[];
