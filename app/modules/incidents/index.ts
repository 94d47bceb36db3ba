// The incidents domain's browser-safe face: the categories, in the order the forms offer them.
import type { IncidentCategory } from "~db/tenant/schema";

export type { IncidentCategory };
export const INCIDENT_CHOICES = [
  "EQUIPMENT",
  "ILLNESS",
  "MISCONDUCT",
  "EXAMINER_CONCERN",
  "TIMING",
  "OTHER",
] as const satisfies readonly IncidentCategory[];
