import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleUserGraphQL } from "~/graphql/user-schema.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => handleUserGraphQL(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => handleUserGraphQL(request, context);
