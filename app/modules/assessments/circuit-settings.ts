// Circuit settings (issue 32): a session template holds the defaults, a scheduled session its own.
// Pure Zod, safe in the browser: the plan screen checks the same rules while it is filled in.
import { z } from "zod";

const seconds = (min: number, max: number) =>
  z
    .number({ required_error: "validation:required", invalid_type_error: "validation:invalid" })
    .int({ message: "validation:invalid" })
    .min(min, { message: "assessments:validation.circuit-seconds" })
    .max(max, { message: "assessments:validation.circuit-seconds" });

/** `circuit: { readingSeconds, stationSeconds, changeoverSeconds, restStations }`. */
export const circuitSettingsInput = z.object({
  readingSeconds: seconds(0, 3600),
  stationSeconds: seconds(30, 7200),
  changeoverSeconds: seconds(0, 3600),
  restStations: z
    .number({ required_error: "validation:required", invalid_type_error: "validation:invalid" })
    .int({ message: "validation:invalid" })
    .min(0, { message: "assessments:validation.circuit-rest" })
    .max(20, { message: "assessments:validation.circuit-rest" }),
});
export type CircuitSettingsInput = z.infer<typeof circuitSettingsInput>;

/** What the plan screen offers when neither the session nor its template has settings. */
export const DEFAULT_CIRCUIT_SETTINGS: CircuitSettingsInput = {
  readingSeconds: 60,
  stationSeconds: 480,
  changeoverSeconds: 60,
  restStations: 0,
};

export const CIRCUIT_SETTINGS_FIELDS = [
  "readingSeconds",
  "stationSeconds",
  "changeoverSeconds",
  "restStations",
] as const;
