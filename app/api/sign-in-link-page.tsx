import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { SignInLinkConfirm } from "~/components/auth/sign-in-link-confirm";
import { handleSignInLink, SIGN_IN_LINK_HEADERS, signInLinkPage } from "~/modules/auth/index.server";
import { signInLinkArea } from "./pages";

// The one-click sign-in link of a code mail (staff: /api/auth/callback, participants:
// /api/user/auth/callback): asks to continue, then signs in. A page, so Remix renders it
// (app/api/pages.ts).

export const handle = { titleKey: "auth:signin-link.confirm-title" };
export const headers: HeadersFunction = () => SIGN_IN_LINK_HEADERS;

const accountType = (request: Request) =>
  signInLinkArea(new URL(request.url).pathname) === "user" ? ("USER" as const) : ("ADMIN" as const);

export const loader = ({ request }: LoaderFunctionArgs) => signInLinkPage(request, accountType(request));
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleSignInLink(request, context, accountType(request));

export default function SignInLinkRoute() {
  const area = signInLinkArea(useLocation().pathname);
  return <SignInLinkConfirm link={useLoaderData<typeof loader>()} area={area} />;
}
