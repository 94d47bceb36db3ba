import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleSignInLink } from "~/modules/auth/sign-in-link.server";

/** The one-click sign-in link of a participant's code mail. */
export const loader = ({ request, context }: LoaderFunctionArgs) => handleSignInLink(request, context, "USER");
