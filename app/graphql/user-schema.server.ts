import { authPiece } from "./auth";
import { basePiece } from "./base";
import { buildSchema, createGraphQLEndpoint } from "./handler.server";

// The participant API. Each domain adds its participant-facing piece here.
export const userSchema = buildSchema([basePiece, authPiece]);
export const handleUserGraphQL = createGraphQLEndpoint("user", userSchema);
