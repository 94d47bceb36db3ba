// The scheduled-session input (GraphQL and the plan form) and the plan form's own fields. Pure
// Zod: the module enforces it, the plan screen checks the same rules while it is filled in.
import { z } from "zod";
import { circuitSettingsInput } from "~/modules/assessments";
import { MAX_SESSION_PARTICIPANTS } from "./limits";
import { STATUSES } from "./ordering";

export const optionalId = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .transform((v) => (v ? v : null));

export const scheduledSessionInput = z.object({
  session: z.string({ required_error: "validation:required" }).trim().min(1).max(100),
  datetime: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? undefined : v instanceof Date ? v : new Date(String(v))),
    z.date({ required_error: "validation:required", invalid_type_error: "validation:invalid" }),
  ),
  location: optionalId,
  assignedUser: optionalId,
  status: z.enum(STATUSES).optional(),
  options: z
    .object({
      allQuestionsInEvaluationShownByDefault: z.boolean().nullish(),
      enableAutoPauseOnHelpRequest: z.boolean().nullish(),
    })
    .nullish(),
  /** Run as a circuit (issue 32). Left out on add: the template's defaults; null: not a circuit. */
  circuit: circuitSettingsInput.nullish(),
  /** Participant ids. On update: absent keeps the participants, a list replaces them. */
  participants: z.array(z.string().trim().min(1).max(100)).max(MAX_SESSION_PARTICIPANTS).optional(),
});
export type ScheduledSessionInput = z.infer<typeof scheduledSessionInput>;

/** A datetime-local value: the organisation's wall-clock time (its instant is found on the server). */
const WALL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const checkbox = z.boolean().default(false);
/** A number field of the form: empty is left out; the module checks the range. */
const formNumber = z.preprocess(
  (v) => (v === "" || v === null || v === undefined ? undefined : Number(v)),
  z.number({ invalid_type_error: "validation:invalid" }).finite({ message: "validation:invalid" }).optional(),
);

/** The plan form's post (intent "save"): flat names, checkboxes, the chosen participants repeated. */
export const planFormInput = z.object({
  session: scheduledSessionInput.shape.session,
  datetime: z
    .string({ required_error: "validation:required" })
    .trim()
    .regex(WALL_TIME, { message: "validation:invalid" }),
  location: optionalId,
  assignedUser: optionalId,
  status: scheduledSessionInput.shape.status,
  allQuestionsInEvaluationShownByDefault: checkbox,
  enableAutoPauseOnHelpRequest: checkbox,
  circuit: checkbox,
  // Left empty: the session's own value, else the template's default (plan-form.server.ts).
  readingSeconds: formNumber,
  stationSeconds: formNumber,
  changeoverSeconds: formNumber,
  restStations: formNumber,
  participants: z.array(z.string().trim().min(1).max(100)).max(MAX_SESSION_PARTICIPANTS).default([]),
  invite: checkbox,
});
