import { inArray } from "drizzle-orm";
import type { Reader } from "~db/tenant/client";
import { staffUsers } from "~db/tenant/schema";

/** Staff members' names by id: each id once, nulls and unknown ids left out, no query for none. */
export async function staffNames(db: Reader, ids: ReadonlyArray<string | null>): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => !!id))];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(inArray(staffUsers.id, unique))
    .all();
  return new Map(rows.map((r) => [r.id, r.name]));
}
