// The audit domain's public face on the server (issue 32): the append-only audit trail, and the
// last contact of every device of a running session. The lowest of the domains: it imports none,
// so every other one (live, corrections, reports, scheduling) records through it.
export {
  CONTACT_REPORT_MS,
  CONTACT_WRITE_MS,
  type DeviceContact,
  type DeviceContactRow,
  deviceContactsOf,
  forgetDeviceContacts,
  isSilent,
  noteContact,
  noteDeviceContact,
  noteDeviceContactLater,
  noteRequestContact,
  reportExaminerDevice,
  reportParticipantDevice,
  SILENT_AFTER_MS,
} from "./contacts.server";
export { auditCsv, type CsvAuditRow } from "./csv";
export { type AuditOrigin, auditOrigin, systemOrigin, THIS_PROCESS } from "./origin.server";
export { AUDIT_ROW_LENGTH, type AuditEntry, auditRowValues, insertAuditRowsFrom, recordAudit } from "./record.server";
export { AUDIT_READ, auditTrail, type AuditRow, MAX_TRAIL_ROWS } from "./trail.server";
