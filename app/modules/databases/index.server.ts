// The databases domain's public face on the server: what other domains, routes, resolvers, the
// server, party/ and the CLI may use. Browser-safe rules and types: ./index.ts.
export {
  addCategory,
  allCategoryOptions,
  type Category,
  categoryPath,
  childCounts,
  descendantsOf,
  getCategory,
  listCategories,
  removeCategory,
  updateCategory,
} from "./categories.server";
export {
  addCompany,
  companiesByIds,
  getCompany,
  listCompanies,
  registerCompanyReferenceFinders,
  removeCompany,
  updateCompany,
} from "./companies.server";
export { addContext, getContext, listContexts, removeContext, updateContext } from "./contexts.server";
export { type Address, addressOf } from "./entities.server";
export {
  importCompanies,
  importCompaniesCsv,
  importParticipants,
  importParticipantsCsv,
  type ImportPreview,
  previewCompanyImport,
  previewImport,
} from "./import.server";
export { addLocation, getLocation, listLocations, removeLocation, updateLocation } from "./locations.server";
export { databasesOverview } from "./overview.server";
export {
  addParticipant,
  listParticipants,
  type Participant,
  participantById,
  participantContacts,
  participantsByIds,
  type ParticipantSort,
  removeParticipant,
  requireParticipants,
  updateParticipant,
} from "./participants.server";
export { canWrite, entityIntents } from "./screens.server";
export {
  addSupplyObject,
  getSupplyObject,
  listSupplyObjects,
  removeSupplyObject,
  updateSupplyObject,
} from "./supplies.server";
