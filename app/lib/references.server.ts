import type { Reader } from "~db/tenant/client";
import { AppError, type Reference } from "~/lib/app-error";

// Which objects still use an object, so that removing it can be refused. Each domain that refers
// to another's objects has a finder; the server registers them all at start-up
// (registerReferenceChecks), never as a side effect of importing a module.
type ReferenceFinder = (db: Reader, ids: string[]) => Promise<Reference[]>;
const finders = new Map<string, ReferenceFinder[]>();

/** Registers a finder that lists what uses objects of `type` (e.g. participants using a company). */
export function registerReferenceFinder(type: string, finder: ReferenceFinder): void {
  finders.set(type, [...(finders.get(type) ?? []), finder]);
}

export async function findReferences(db: Reader, type: string, ids: string[]): Promise<Reference[]> {
  if (ids.length === 0) return [];
  const all = await Promise.all((finders.get(type) ?? []).map((f) => f(db, ids)));
  return all.flat();
}

export async function refuseIfReferenced(db: Reader, type: string, ids: string[]): Promise<void> {
  const references = await findReferences(db, type, ids);
  if (references.length > 0) throw new AppError("OBJECT_REFERENCED", "object_referenced", { references });
}
