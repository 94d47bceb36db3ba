import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleAdminGraphQL } from "~/graphql/admin-schema.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => handleAdminGraphQL(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => handleAdminGraphQL(request, context);
