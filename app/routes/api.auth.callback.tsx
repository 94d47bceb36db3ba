import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SignInLinkConfirm } from "~/components/auth/sign-in-link-confirm";
import { handleSignInLink, SIGN_IN_LINK_HEADERS, signInLinkPage } from "~/modules/auth/index.server";

export const handle = { titleKey: "auth:signin-link.confirm-title" };
export const headers: HeadersFunction = () => SIGN_IN_LINK_HEADERS;

/** The one-click sign-in link of a staff member's code mail: asks to continue, then signs in. */
export const loader = ({ request }: LoaderFunctionArgs) => signInLinkPage(request, "ADMIN");
export const action = ({ request, context }: ActionFunctionArgs) => handleSignInLink(request, context, "ADMIN");

export default function SignInLinkRoute() {
  return <SignInLinkConfirm link={useLoaderData<typeof loader>()} area="admin" />;
}
