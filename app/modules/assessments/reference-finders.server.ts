import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { evaluations, questions, sessionTemplates, type ShareableType } from "~db/tenant/schema";
import type { Reader } from "~db/tenant/client";
import type { Reference } from "~/lib/app-error";
import { registerReferenceFinder } from "~/lib/references.server";
import { jsonContainsAny } from "./owned-documents.server";

/** The documents of `table` whose id list `column` holds any of the ids, as references of `type`. */
async function referencesIn(
  db: Reader,
  table: typeof questions | typeof evaluations | typeof sessionTemplates,
  column: SQLiteColumn,
  ids: string[],
  type: ShareableType,
): Promise<Reference[]> {
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(jsonContainsAny(column, ids))
    .all();
  return rows.map((r) => ({ id: r.id, title: r.name, type }));
}

/**
 * What refuses the removal of an assessment object or of what it uses: evaluations use
 * questions, session templates use evaluations, all three use categories, questions use supply
 * objects. Called once at start-up (registerReferenceChecks).
 */
export function registerAssessmentReferenceFinders(): void {
  registerReferenceFinder("Question", (db, ids) =>
    referencesIn(db, evaluations, evaluations.questionIds, ids, "Evaluation"),
  );
  registerReferenceFinder("Category", async (db, ids) => {
    const found = await Promise.all([
      referencesIn(db, questions, questions.categoryIds, ids, "Question"),
      referencesIn(db, evaluations, evaluations.categoryIds, ids, "Evaluation"),
      referencesIn(db, sessionTemplates, sessionTemplates.categoryIds, ids, "Session"),
    ]);
    return found.flat();
  });
  registerReferenceFinder("SupplyObject", (db, ids) =>
    referencesIn(db, questions, questions.supplyIds, ids, "Question"),
  );
  registerReferenceFinder("Evaluation", (db, ids) =>
    referencesIn(db, sessionTemplates, sessionTemplates.evaluationIds, ids, "Session"),
  );
}
