import type { Permission, Role } from "./permissions";

/**
 * Which permission each operation of the admin GraphQL API needs: the rule the role × operation
 * matrix test checks against the module functions. Every operation of the admin schema must be
 * listed, so a new operation without a rule fails that test.
 * - `public`: no sign-in needed (login, organisation look-ups).
 * - `signed-in`: any signed-in account (its own profile, logout).
 * - `{ permission, grants }`: the permission, and for operations that hand out roles, the roles
 *   the caller must hold (nobody grants a role they do not hold).
 */
export type OperationRule = "public" | "signed-in" | { permission: Permission; grants?: Role[] };

const READ = { permission: "read:admin" } as const;
const DATABASES = { permission: "write:databases" } as const;
const ASSESSMENTS = { permission: "write:assessments" } as const;
const SCHEDULING = { permission: "write:scheduling" } as const;
const USERS = { permission: "manage:users" } as const;
const RUN = { permission: "run:sessions" } as const;
const REPORTS = { permission: "write:reports" } as const;
const CORRECT = { permission: "correct:sessions" } as const;

export const ADMIN_OPERATIONS: Record<string, OperationRule> = {
  // queries
  version: "public",
  profile: "signed-in",
  organizationPublicInfo: "public",
  organizationTenantExists: "public",
  // someone else's roles; one's own need only read:admin
  rolesForUserId: USERS,
  allCategories: READ,
  allSupplyObjects: READ,
  allLocations: READ,
  allCompanies: READ,
  allContexts: READ,
  allParticipants: READ,
  categoryById: READ,
  supplyObjectById: READ,
  locationById: READ,
  companyById: READ,
  contextById: READ,
  participantById: READ,
  allQuestions: READ,
  allEvaluations: READ,
  allSessions: READ,
  questionById: READ,
  evaluationById: READ,
  sessionById: READ,
  allScheduledSessions: READ,
  allScheduledSessionsBetween: READ,
  scheduledSessionById: READ,
  scheduledSessionParticipantEntries: READ,
  scheduledSessionParticipantEntry: READ,
  allUsers: USERS,
  organization: READ,
  // session reports
  allSessionReports: READ,
  allCompletedScheduledSessions: READ,
  sessionReportById: READ,
  scheduledSessionReport: READ,
  scheduledSessionReports: READ,
  defaultSessionReportLayout: READ,
  allSessionReportLayouts: READ,
  // mutations
  ping: "public",
  requestLogin: "public",
  completeOtpLogin: "public",
  applyCookie: "public",
  logout: "public",
  createAdminUser: { permission: "manage:users", grants: ["ORGANIZATION_MANAGER"] },
  addCategory: DATABASES,
  updateCategory: DATABASES,
  removeCategory: DATABASES,
  addSupplyObject: DATABASES,
  updateSupplyObject: DATABASES,
  removeSupplyObject: DATABASES,
  addLocation: DATABASES,
  updateLocation: DATABASES,
  removeLocation: DATABASES,
  addCompany: DATABASES,
  updateCompany: DATABASES,
  removeCompany: DATABASES,
  addParticipant: DATABASES,
  updateParticipant: DATABASES,
  removeParticipant: DATABASES,
  addContext: DATABASES,
  updateContext: DATABASES,
  removeContext: DATABASES,
  importParticipants: DATABASES,
  importCompanies: DATABASES,
  addQuestion: ASSESSMENTS,
  updateQuestion: ASSESSMENTS,
  removeQuestion: ASSESSMENTS,
  addEvaluation: ASSESSMENTS,
  updateEvaluation: ASSESSMENTS,
  removeEvaluation: ASSESSMENTS,
  addSession: ASSESSMENTS,
  updateSession: ASSESSMENTS,
  removeSession: ASSESSMENTS,
  addScheduledSession: SCHEDULING,
  updateScheduledSession: SCHEDULING,
  cancelScheduledSession: SCHEDULING,
  removeScheduledSession: SCHEDULING,
  addParticipantsToScheduledSession: SCHEDULING,
  removeParticipantFromScheduledSession: SCHEDULING,
  automaticallyAssignScheduledSessionOrder: SCHEDULING,
  manuallyAssignEvaluationToParticipant: SCHEDULING,
  saveScheduledSessionOrder: SCHEDULING,
  overrideScheduledSessionParticipantEntry: SCHEDULING,
  overrideScheduledSessionParticipantEntries: SCHEDULING,
  // the live run (a live override inside the two above needs run:sessions instead)
  startScheduledSession: RUN,
  completeScheduledSession: RUN,
  unlockWaitingParticipants: RUN,
  getRealtimeToken: READ,
  liveDashboard: READ,
  // circuit mode (issue 32)
  circuitClock: READ,
  circuitGrid: READ,
  setParticipantAbsent: RUN,
  admitLateParticipant: RUN,
  closeStation: RUN,
  swapParticipants: RUN,
  addCarryOverRound: RUN,
  // corrections
  scheduledSessionParticipantCorrection: READ,
  scheduledSessionParticipantCorrections: READ,
  autoScorePreview: READ,
  correctionProgress: READ,
  stationProgress: READ,
  stationParticipants: READ,
  submitAutoScoreEntries: CORRECT,
  submitCorrectionEntry: CORRECT,
  submitCorrectionComment: CORRECT,
  acceptLateAnswer: CORRECT,
  markStation: CORRECT,
  addUser: USERS,
  updateUser: USERS,
  removeUser: USERS,
  updateOrganizationSettings: { permission: "manage:settings" },
  requestCloudinaryUploadSignature: ASSESSMENTS,
  // session reports
  createSessionReport: REPORTS,
  saveParticipantReport: REPORTS,
  sendParticipantReport: REPORTS,
  addSessionReportLayout: REPORTS,
  updateSessionReportLayout: REPORTS,
  removeSessionReportLayout: REPORTS,
  updateDefaultSessionReportLayout: REPORTS,
  // the exam board: readers see the statistics, writers and managers group exams and set standards
  exams: READ,
  exam: READ,
  examAnalysis: READ,
  examStandard: READ,
  examStandardHistory: READ,
  angoffJudgements: READ,
  evaluationRatingScale: READ,
  addExam: REPORTS,
  updateExam: REPORTS,
  removeExam: REPORTS,
  applyExamStandard: REPORTS,
  removeExamStandard: REPORTS,
  setAngoffJudgements: REPORTS,
  setEvaluationRatingScale: REPORTS,
  setExamDiscrepancyThreshold: REPORTS,
  // double marking: readers see both marks; report writers resolve (never the examiners themselves)
  doubleMarks: READ,
  discrepancyThreshold: READ,
  resolveStationDiscrepancy: REPORTS,
  setDiscrepancyThreshold: REPORTS,
};
