import type { TFunction } from "i18next";

/**
 * graphql-js and graphql-http answer in English. Their messages are fixed sentences per validation
 * rule with the field, type and argument names quoted; each pattern below maps one of them to a
 * translated message that keeps those names. Anything not listed keeps its English text inside a
 * translated sentence.
 */
const PATTERNS: Array<[RegExp, string]> = [
  [/^Cannot query field "(?<field>[^"]+)" on type "(?<type>[^"]+)"\./, "unknown_field"],
  [/^Unknown argument "(?<argument>[^"]+)" on field "(?<field>[^"]+)"\./, "unknown_argument"],
  [
    /^Field "(?<field>[^"]+)" argument "(?<argument>[^"]+)" of type "(?<type>[^"]+)" is required, but it was not provided\./,
    "missing_argument",
  ],
  [/^Field "(?<field>[^"]+)" of type "(?<type>[^"]+)" must have a selection of subfields\./, "needs_selection"],
  [/^Field "(?<field>[^"]+)" must not have a selection since type "(?<type>[^"]+)" has no subfields\./, "no_selection"],
  [/^Unknown type "(?<type>[^"]+)"\./, "unknown_type"],
  [/^Expected value of type "(?<type>[^"]+)", found (?<value>.+?)(?:; (?<detail>.+)|\.)$/, "wrong_value"],
  [/^Variable "(?<variable>\$[^"]+)" got invalid value (?<value>.+?); (?<detail>.+)$/, "wrong_variable"],
  [/^Variable "(?<variable>\$[^"]+)" of required type "(?<type>[^"]+)" was not provided\./, "missing_variable"],
  [/^Variable "(?<variable>\$[^"]+)" of non-null type "(?<type>[^"]+)" must not be null\./, "missing_variable"],
  [/^Variable "(?<variable>\$[^"]+)" is not defined/, "undefined_variable"],
  [/^Variable "(?<variable>\$[^"]+)" is never used/, "unused_variable"],
  [/^(?<type>Int|Float|String|Boolean|ID) cannot represent .*?value: (?<value>.+)$/, "wrong_scalar"],
  [/^DateTime cannot represent .*?: (?<value>.+)$/, "wrong_datetime"],
  [/^Value "(?<value>[^"]+)" does not exist in "(?<type>[^"]+)" enum\./, "unknown_enum_value"],
  [/^Syntax Error: (?<detail>.+)$/, "syntax_error"],
  [/^Unparsable JSON body$/, "unparsable_json"],
  [/^Must provide operation name if query contains multiple operations\./, "operation_name_needed"],
  [/^Unable to detect operation AST$/, "operation_name_needed"],
  [/^Unknown operation named "(?<operation>[^"]+)"\./, "unknown_operation"],
  [/^GraphQL introspection has been disabled/, "introspection_disabled"],
];

/** graphql-http's refusals of a request's shape: each names what is wrong, said in the request's language. */
const REQUEST_PROBLEMS: Record<string, string> = {
  "Missing body": "missing_body",
  "Missing query": "missing_query",
  "Invalid query": "invalid_query",
  "Invalid variables": "invalid_variables",
  "Invalid operationName": "invalid_operation_name",
  "Invalid extensions": "invalid_extensions",
  "JSON body must be an object": "body_not_object",
  "Unparsable URL": "unparsable_url",
};

function translateKnown(message: string, t: TFunction): string | null {
  const problem = REQUEST_PROBLEMS[message];
  if (problem) return t("errors:graphql.bad_request_body", { detail: t(`errors:graphql.request_problem.${problem}`) });
  for (const [pattern, key] of PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = { ...match.groups };
    // "got invalid value …; Int cannot represent …": the reason is a known message too.
    if (values.detail) {
      const reason = values.detail.replace(/^Expected type "[^"]+"\.\s*/, "");
      values.detail = translateKnown(reason, t) ?? values.detail;
    }
    return t(`errors:graphql.${key}`, values);
  }
  return null;
}

/** The message in the request's language; `message` is graphql-js's or graphql-http's English. */
export function translateGraphQLMessage(message: string, t: TFunction): string {
  return translateKnown(message, t) ?? t("errors:graphql.invalid_request", { detail: message });
}
