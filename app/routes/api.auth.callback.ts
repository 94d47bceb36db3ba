import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleSignInLink } from "~/modules/auth/sign-in-link.server";

/** The one-click sign-in link of a staff member's code mail. */
export const loader = ({ request, context }: LoaderFunctionArgs) => handleSignInLink(request, context, "ADMIN");
