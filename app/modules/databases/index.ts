// The databases domain's browser-safe face: rules and types that components may use too (no server code).
export {
  categoryInput,
  companyInput,
  contextInput,
  locationInput,
  participantInput,
  supplyObjectInput,
} from "./entity-inputs";
export { MAX_IMPORT_ROWS } from "./import-limits";
