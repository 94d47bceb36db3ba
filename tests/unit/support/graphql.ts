import { handleAdminGraphQL } from "~/graphql/admin-schema.server";
import { handleUserGraphQL } from "~/graphql/user-schema.server";
import { lastMailTo } from "./tenants";

type Result = {
  status: number;
  body: { data?: any; errors?: Array<{ message: string; extensions?: Record<string, any> }> };
  headers: Headers;
};

/** Sends one GraphQL POST through the real endpoint (graphql-http handler, context, cookies). */
export async function gql(
  area: "admin" | "user",
  query: string,
  variables: Record<string, unknown> = {},
  opts: { cookie?: string; locale?: string; clientAddress?: string } = {},
): Promise<Result> {
  const request = new Request(`http://localhost/api/${area}/graphql`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      ...(opts.cookie ? { Cookie: opts.cookie } : {}),
      ...(opts.locale ? { "Accept-Language": opts.locale } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const handle = area === "admin" ? handleAdminGraphQL : handleUserGraphQL;
  const response = await handle(request, { clientAddress: opts.clientAddress ?? "10.0.0.1" });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

const REQUEST = `mutation($tenant: String!, $id: UserIdentifierInput!) { requestLogin(tenant: $tenant, userIdentifier: $id) }`;
const COMPLETE = `mutation($tenant: String!, $otp: String!, $id: UserIdentifierInput!) {
  completeOtpLogin(tenant: $tenant, otp: $otp, userIdentifier: $id) { success cookies { name value expires path sameSite secure } }
}`;

/** Logs in over GraphQL with the code from the outbox; returns the Cookie header to send next. */
export async function loginOverGraphQL(area: "admin" | "user", tenant: string, email: string): Promise<string> {
  const id = { type: "EMAIL", value: email };
  const requested = await gql(area, REQUEST, { tenant, id });
  if (requested.body.errors) throw new Error(JSON.stringify(requested.body.errors));
  const mail = await lastMailTo(email);
  if (!mail?.code) throw new Error(`no code mailed to ${email}`);
  const done = await gql(area, COMPLETE, { tenant, otp: mail.code, id });
  const cookie = done.body.data?.completeOtpLogin?.cookies?.[0];
  if (!cookie) throw new Error(JSON.stringify(done.body.errors));
  return `${cookie.name}=${cookie.value}`;
}

export { REQUEST as REQUEST_LOGIN, COMPLETE as COMPLETE_LOGIN };

/** A selection of rich content (a RichBlock list): each block as stored, { type, html } or { type, url, … }. */
export const RICH = `... on RichTextBlock { type html } ... on RichImageBlock { type url alt width height }`;
/** A selection of every variant of an Answer. */
export const ANSWER = `textValue numericValue booleanValue textlistValue numericlistValue booleanlistValue optionlistValue { value valid } blocklistValue { shape x y r w h points }`;

/** An Answer as read over GraphQL without the variants it does not have (null). */
export const answerValues = (answer: Record<string, unknown> | null | undefined) =>
  answer && Object.fromEntries(Object.entries(answer).filter(([, v]) => v !== null));
