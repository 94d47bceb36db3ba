import { requirePermission, type Ctx } from "~/lib/context.server";
import { countCategories } from "./categories.server";
import { READ } from "./entities.server";
import { countCompanies } from "./companies.server";
import { countContexts } from "./contexts.server";
import { countLocations } from "./locations.server";
import { countParticipants } from "./participants.server";
import { countSupplyObjects } from "./supplies.server";

export const DATABASE_SECTIONS = [
  "categories",
  "supplies",
  "locations",
  "participants",
  "companies",
  "contexts",
] as const;
export type DatabaseSection = (typeof DATABASE_SECTIONS)[number];

/** The databases entry: each section with how many objects it holds. */
export async function databasesOverview(ctx: Ctx): Promise<Array<{ section: DatabaseSection; count: number }>> {
  requirePermission(ctx, READ);
  const counts = await Promise.all([
    countCategories(ctx),
    countSupplyObjects(ctx),
    countLocations(ctx),
    countParticipants(ctx),
    countCompanies(ctx),
    countContexts(ctx),
  ]);
  return DATABASE_SECTIONS.map((section, i) => ({ section, count: counts[i]! }));
}
