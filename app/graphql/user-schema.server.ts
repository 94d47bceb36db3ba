import { authPiece } from "./auth";
import { basePiece } from "./base";
import { contentPiece } from "./content";
import { userSchedulingPiece } from "./scheduling";
import { userLivePiece } from "./live";
import { userReportsPiece } from "./reports";
import { buildSchema, createGraphQLEndpoint } from "./handler.server";

// The participant API. Each domain adds its participant-facing piece here.
export const userSchema = buildSchema([
  basePiece,
  contentPiece,
  authPiece,
  userSchedulingPiece,
  userLivePiece,
  userReportsPiece,
]);
export const handleUserGraphQL = createGraphQLEndpoint("user", userSchema);
