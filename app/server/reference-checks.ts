import { registerAssessmentReferenceFinders } from "~/modules/assessments/index.server";
import { registerCompanyReferenceFinders } from "~/modules/databases/index.server";
import { registerSchedulingReferenceFinders } from "~/modules/scheduling/index.server";
import { registerCircuitListeners } from "~/modules/circuit/index.server";

let registered = false;

/**
 * Registers what refuses a removal while something still uses the object (a company that
 * participants use, a question in an evaluation, …). Called once when the server build loads
 * (entry.server.tsx) and by the unit tests' setup; explicit because package.json declares
 * `"sideEffects": false`, so a registration made by importing a module could be dropped.
 */
export function registerReferenceChecks(): void {
  if (registered) return;
  registered = true;
  registerCompanyReferenceFinders();
  registerAssessmentReferenceFinders();
  registerSchedulingReferenceFinders();
  registerCircuitListeners();
}
