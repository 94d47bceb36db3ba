import type { validate as graphqlValidate } from "graphql";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import {
  BREAK,
  GraphQLError,
  Kind,
  parse,
  visit,
  type DocumentNode,
  type Source,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
} from "graphql";
import { createComplexityRule, type ComplexityEstimator } from "graphql-query-complexity";
import type { TFunction } from "i18next";
import { MAX_PAGE_SIZE, PAGE_SIZE } from "~/lib/paging.server";

/**
 * Request limits of the GraphQL endpoints (ADR 0009). Length and tokens are checked while parsing,
 * the rest as validation rules that run before graphql-js's own rules (see `validateInStages`).
 */
export const GRAPHQL_LIMITS = {
  /** Characters of the query text, checked before parsing. */
  maxQueryLength: 50_000,
  /** Lexer tokens; graphql-js stops parsing past this. getIntrospectionQuery() has about 300, 300 aliased page queries about 5,000. */
  maxTokens: 10_000,
  /** Nested field levels (introspection's __schema is not counted). */
  maxDepth: 10,
  /**
   * Nesting of `{`, `[` and `(` (selections, list and object values, arguments), checked before
   * parsing: graphql-js parses recursively, and a few thousand levels exhaust the stack before the
   * token limit or the depth rule could refuse them. Twice the depth limit leaves room for
   * arguments and input values inside a query of the allowed depth.
   */
  maxNesting: 20,
  /** Aliased fields in one operation. */
  maxAliases: 30,
  /** Fields counted once each, a paged field's selection multiplied by its `first`. */
  maxCost: 5_000,
  /** Fields visited while costing: stops documents whose fragments multiply. */
  maxCostNodes: 10_000,
  /** JSON body bytes, checked while reading. */
  maxBodyBytes: 1024 * 1024,
} as const;

const refusal = (t: TFunction, reason: string, values: Record<string, unknown>) =>
  new GraphQLError(t(`errors:graphql.${reason}`, values), { extensions: { code: "BAD_REQUEST", reason } });

/** graphql-js's parse with the length and token limits; errors are BAD_REQUEST, translated. */
/**
 * Clients send the same few operations over and over (a live room's saves above all): a parsed
 * document is kept per query text (LRU), and a document that passed graphql-js's own rules once
 * is not walked by them again. The limit rules depend on the variables (cost multiplies by
 * `first`) and still run on every request; a document is only trusted for the exact rule set it
 * passed (so an anonymous caller's refusal rule is never skipped).
 */
const PARSED_CACHE_SIZE = 1000;
const CACHED_QUERY_MAX_LENGTH = 10_000;
const parsedDocuments = new Map<string, DocumentNode>();
const passedRuleSets = new WeakMap<DocumentNode, Set<string>>();
const ruleIds = new WeakMap<ValidationRule, number>();
let nextRuleId = 0;
const ruleSetKey = (rules: readonly ValidationRule[]) =>
  rules
    .map((rule) => {
      let id = ruleIds.get(rule);
      if (id === undefined) ruleIds.set(rule, (id = nextRuleId++));
      return id;
    })
    .join(",");

export function parseWithLimits(t: TFunction) {
  return (source: string | Source): DocumentNode => {
    const length = typeof source === "string" ? source.length : source.body.length;
    if (length > GRAPHQL_LIMITS.maxQueryLength)
      throw refusal(t, "query_too_long", { max: GRAPHQL_LIMITS.maxQueryLength });
    const text = typeof source === "string" ? source : source.body;
    const cached = parsedDocuments.get(text);
    if (cached) {
      // Most recently used last: a Map keeps insertion order.
      parsedDocuments.delete(text);
      parsedDocuments.set(text, cached);
      return cached;
    }
    if (nestingDepth(text, GRAPHQL_LIMITS.maxNesting) > GRAPHQL_LIMITS.maxNesting)
      throw refusal(t, "query_too_deep", { max: GRAPHQL_LIMITS.maxDepth });
    try {
      const document = parse(source, { maxTokens: GRAPHQL_LIMITS.maxTokens });
      if (text.length <= CACHED_QUERY_MAX_LENGTH) {
        parsedDocuments.set(text, document);
        if (parsedDocuments.size > PARSED_CACHE_SIZE) parsedDocuments.delete(parsedDocuments.keys().next().value!);
      }
      return document;
    } catch (error) {
      if (error instanceof GraphQLError && /contains more th\w+ \d+ tokens/i.test(error.message)) {
        throw refusal(t, "too_many_tokens", { max: GRAPHQL_LIMITS.maxTokens });
      }
      throw error;
    }
  };
}

/**
 * The deepest nesting of `{`, `[` and `(` in a GraphQL text, in one pass without recursion; what
 * is inside strings (`"…"`, block strings `"""…"""`) and comments (`#` to the end of the line)
 * does not count. Stops as soon as it passes `stopAt`. An unmatched closing bracket never makes the
 * count negative (the parser refuses it anyway), so the result is never below the parser's depth.
 */
export function nestingDepth(text: string, stopAt = Infinity): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "{" || c === "[" || c === "(") {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAt) return deepest;
      }
    } else if (c === "}" || c === "]" || c === ")") {
      if (depth > 0) depth--;
    } else if (c === "#") {
      while (i + 1 < text.length && text[i + 1] !== "\n" && text[i + 1] !== "\r") i++;
    } else if (c === '"') {
      if (text.startsWith('"""', i)) {
        // A block string ends at the next """ that is not escaped as \""".
        i += 3;
        while (i < text.length && !text.startsWith('"""', i)) i += text.startsWith('\\"""', i) ? 4 : 1;
        i += 2;
      } else {
        // A string ends at the next unescaped quote (or, unterminated, at the end of the line).
        i++;
        while (i < text.length && text[i] !== '"' && text[i] !== "\n" && text[i] !== "\r")
          i += text[i] === "\\" ? 2 : 1;
      }
    }
  }
  return deepest;
}

/**
 * A field costs 1 plus its selection; a paged field (one with `first`) costs its selection times
 * the page size asked for (the default page size when `first` is left out, at most the cap).
 */
const pagedCost: ComplexityEstimator = ({ args, field, childComplexity }) => {
  const paged = field.args.some((a) => a.name === "first");
  if (!paged) return 1 + childComplexity;
  // A page never holds more than MAX_PAGE_SIZE rows, whatever `first` asks for.
  const first = typeof args.first === "number" && args.first > 0 ? Math.min(args.first, MAX_PAGE_SIZE) : PAGE_SIZE;
  return 1 + childComplexity * first;
};

const limitRules = new WeakSet<ValidationRule>();
/** Marks a rule to run in the first, cheap stage of `validateInStages`. */
export const markAsLimit = (rule: ValidationRule): ValidationRule => {
  limitRules.add(rule);
  return rule;
};

/** graphql-armor reports by throwing unless told otherwise: report through the context instead. */
const reportVia = (t: TFunction, reason: string, max: number) => ({
  propagateOnRejection: false,
  onReject: [(context: ValidationContext | null) => context?.reportError(refusal(t, reason, { max }))],
});

/** The request limits proper (depth, aliases, cost), as opposed to other rules run in the limits' stage. */
const documentLimitRules = new WeakSet<ValidationRule>();
const asDocumentLimit = (rule: ValidationRule) => {
  documentLimitRules.add(rule);
  return markAsLimit(rule);
};

/** The limit rules for one request (translated messages; the cost rule needs the variables). */
export function limitValidationRules(t: TFunction, variables: Record<string, unknown> | undefined): ValidationRule[] {
  return [
    asDocumentLimit(
      maxDepthRule({
        n: GRAPHQL_LIMITS.maxDepth,
        ignoreIntrospection: true,
        ...reportVia(t, "query_too_deep", GRAPHQL_LIMITS.maxDepth),
      }),
    ),
    asDocumentLimit(
      maxAliasesRule({ n: GRAPHQL_LIMITS.maxAliases, ...reportVia(t, "too_many_aliases", GRAPHQL_LIMITS.maxAliases) }),
    ),
    asDocumentLimit(
      createComplexityRule({
        maximumComplexity: GRAPHQL_LIMITS.maxCost,
        maxQueryNodes: GRAPHQL_LIMITS.maxCostNodes,
        variables: variables ?? {},
        estimators: [pagedCost],
        createError: (max, actual) => refusal(t, "query_too_complex", { max, actual }),
      }),
    ),
  ];
}

/** Documents that passed the request limits and whose cost no variable changes. */
const documentsWithinLimits = new WeakSet<DocumentNode>();

/**
 * True when a variable can change the document's cost: a page size (`first`) or a directive
 * argument (`@skip(if: $x)`, `@include(if: $x)`) given by a variable, anywhere in the document.
 */
export function costDependsOnVariables(document: DocumentNode): boolean {
  let depends = false;
  visit(document, {
    Directive(node) {
      if (node.arguments?.some((a) => containsVariable(a.value))) depends = true;
      return depends ? BREAK : undefined;
    },
    Argument(node) {
      if (node.name.value === "first" && containsVariable(node.value)) depends = true;
      return depends ? BREAK : undefined;
    },
  });
  return depends;
}

const containsVariable = (value: ValueNode): boolean =>
  value.kind === Kind.VARIABLE ||
  (value.kind === Kind.LIST && value.values.some(containsVariable)) ||
  (value.kind === Kind.OBJECT && value.fields.some((f) => containsVariable(f.value)));

/**
 * graphql-http's `validate`: the limit rules first, on their own, so a hostile document is refused
 * before graphql-js's rules walk it; the other rules only run on a document within the limits.
 */
export function validateInStages(t: TFunction, validate: typeof graphqlValidate): typeof graphqlValidate {
  return (schema, document, rules = [], options, typeInfo) => {
    const limits = rules.filter((r) => limitRules.has(r));
    // Depth and aliases are the document's own; its cost too unless variables choose a page size or
    // skip a field. Such a document, once within the limits, is not walked by them again.
    const onlyDocumentLimits = limits.length > 0 && limits.every((r) => documentLimitRules.has(r));
    const knownWithinLimits = onlyDocumentLimits && documentsWithinLimits.has(document);
    try {
      // Only the limits' own refusals count here; graphql-query-complexity also reports argument
      // mistakes, which graphql-js's rules describe better in the second stage.
      const refused = knownWithinLimits
        ? []
        : validate(schema, document, limits, options, typeInfo).filter((e) => e.extensions?.code);
      if (refused.length) return refused;
      if (onlyDocumentLimits && !knownWithinLimits && !costDependsOnVariables(document))
        documentsWithinLimits.add(document);
    } catch (error) {
      // graphql-query-complexity throws once it has visited too many nodes.
      if (!(error instanceof GraphQLError)) throw error;
      return [refusal(t, "query_too_complex", { max: GRAPHQL_LIMITS.maxCost })];
    }
    const others = rules.filter((r) => !limitRules.has(r));
    const key = ruleSetKey(others);
    if (passedRuleSets.get(document)?.has(key)) return [];
    const errors = validate(schema, document, others, options, typeInfo);
    if (errors.length === 0) passedRuleSets.set(document, (passedRuleSets.get(document) ?? new Set()).add(key));
    return errors;
  };
}
