// The corrections domain's public face on the server: what other domains, routes, resolvers, the
// server, party/ and the CLI may use. Browser-safe rules and types: ./index.ts.
export { type AutoScoreEntry, previewAutoScoreEntries, submitAutoScoreEntries } from "./auto-score.server";
export { loadCorrectionData } from "./correction-data.server";
export {
  type CorrectionEvaluation,
  type CorrectionStep,
  getParticipantCorrection,
  type ParticipantCorrection,
} from "./participant-correction.server";
export {
  canResolveDiscrepancies,
  discrepancyThreshold,
  discrepancyThresholdOf,
  type DoubleMark,
  doubleMarkOf,
  listDoubleMarks,
  resolveStationDiscrepancy,
  saveDiscrepancyThresholds,
  setDiscrepancyThreshold,
  thresholdPercent,
} from "./double-marking.server";
export { correctionProgress, listCorrections } from "./progress.server";
export { buildScoredParticipant, loadScoredParticipant } from "./scored-participant.server";
export {
  markStation,
  stationCorrection,
  type StationParticipant,
  stationParticipants,
  stationProgress,
  type StationProgress,
} from "./stations.server";
export {
  setLateAnswerAccepted,
  submitCorrectionComment,
  submitCorrectionEntry,
  submitStationTick,
} from "./submit.server";
export { kindsOf, participantTimeline, participantTimelineCsv, type Timeline } from "./timeline.server";
