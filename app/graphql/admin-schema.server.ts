import { authPiece, staffPiece } from "./auth";
import { basePiece } from "./base";
import { contentPiece } from "./content";
import { assessmentsPiece } from "./assessments";
import { databasesPiece } from "./databases";
import { organizationPiece } from "./organization";
import { schedulingPiece } from "./scheduling";
import { adminLivePiece } from "./live";
import { correctionsPiece } from "./corrections";
import { reportsPiece } from "./reports";
import { doubleMarkingPiece } from "./double-marking";
import { examsPiece } from "./exams";
import { integrationsPiece } from "./integrations";
import { auditPiece } from "./audit";
import { circuitPiece } from "./circuit";
import { buildSchema, createGraphQLEndpoint } from "./handler.server";

// The admin API: every piece a staff client can call. Each domain adds its piece here.
export const adminSchema = buildSchema([
  basePiece,
  contentPiece,
  authPiece,
  staffPiece,
  databasesPiece,
  assessmentsPiece,
  schedulingPiece,
  organizationPiece,
  adminLivePiece,
  correctionsPiece,
  reportsPiece,
  examsPiece,
  doubleMarkingPiece,
  integrationsPiece,
  auditPiece,
  circuitPiece,
]);
export const handleAdminGraphQL = createGraphQLEndpoint("admin", adminSchema);
