// The incidents domain's public face on the server (issue 32): incidents and causes for comment
// recorded by staff and examiners, for staff only.
export { type Incident, incidentsOfSessions, INCIDENTS_READ, listIncidents, recordIncident } from "./incidents.server";
