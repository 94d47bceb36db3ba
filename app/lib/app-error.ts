/** The spec's GraphQL codes (uppercase). */
export type GraphQLCode =
  | "AUTH_CODE_INVALID_OR_EXPIRED"
  | "AUTH_REQUEST_FAILED"
  | "BAD_REQUEST"
  | "FORBIDDEN"
  | "INTERNAL_SERVER_ERROR"
  | "INVALID_CATEGORY_PARENT"
  | "NOT_FOUND"
  | "OBJECT_REFERENCED"
  | "ORGANIZATION_NOT_FOUND"
  | "UNAUTHORIZED";

/** The spec's server codes (lowercase), plus the generic ones this product needs. */
export type ServerReason =
  | "tenant_not_found"
  | "workspace_not_found"
  | "category_not_found"
  | "supplyobject_not_found"
  | "location_not_found"
  | "question_not_found"
  | "context_not_found"
  | "evaluation_not_found"
  | "session_not_found"
  | "company_not_found"
  | "participant_not_found"
  | "scheduled_session_not_found"
  | "scheduled_session_participant_entry_not_found"
  | "scheduled_session_participant_correction_not_found"
  | "scheduled_session_closed"
  | "live_session_not_ongoing"
  | "live_question_not_current"
  | "live_nothing_to_open"
  | "live_no_time_limit"
  | "live_session_over"
  | "live_saves_too_fast"
  | "circuit_not_set"
  | "circuit_not_running"
  | "circuit_already_absent"
  | "circuit_not_absent"
  | "circuit_participant_absent"
  | "circuit_station_already_closed"
  | "circuit_station_not_closed"
  | "circuit_swap_needs_two"
  | "circuit_two_stations_at_once"
  | "circuit_swap_repeats_station"
  | "circuit_station_overbooked"
  | "session_report_not_found"
  | "exam_not_found"
  | "second_examiner_same"
  | "double_mark_not_found"
  | "double_mark_incomplete"
  | "report_recipient_not_allowed"
  | "report_mails_rate_limited"
  | "object_referenced"
  | "realtime_auth_failed"
  | "auth_request_failed"
  | "auth_code_invalid_or_expired"
  | "auth_code_used_up"
  | "oidc_not_configured"
  | "oidc_discovery_failed"
  | "oidc_state_invalid"
  | "oidc_code_rejected"
  | "oidc_id_token_invalid"
  | "oidc_email_missing"
  | "oidc_no_matching_staff"
  | "oidc_provider_error"
  | "user_creation_failed"
  | "user_not_found"
  | "role_not_grantable"
  | "status_transition_not_allowed"
  | "participant_started"
  | "import_too_large"
  | "invalid_category_parent"
  | "validation_failed"
  | "unauthorized"
  | "forbidden"
  | "rate_limited"
  | "not_found"
  | "internal_error"
  | "database_unavailable"
  | "tenant_disabled"
  | "role_not_grantable"
  | "last_manager"
  | "hand_over_required"
  | "upload_ticket_invalid"
  | "form_unreadable"
  | "method"
  | "body_too_large"
  | "unknown_host"
  | "api_token_invalid"
  | "api_token_rate_limited"
  | "api_token_not_found"
  | "api_token_needs_person"
  | "webhook_endpoint_not_found"
  | "webhook_delivery_not_found";

export type Reference = { id: string; title: string; type: string };
/** Field path → translation key (with optional interpolation values). */
export type FieldErrors = Record<string, { key: string; values?: Record<string, unknown> }>;

const HTTP_STATUS: Record<GraphQLCode, number> = {
  AUTH_CODE_INVALID_OR_EXPIRED: 400,
  AUTH_REQUEST_FAILED: 400,
  BAD_REQUEST: 400,
  FORBIDDEN: 403,
  INTERNAL_SERVER_ERROR: 500,
  INVALID_CATEGORY_PARENT: 400,
  NOT_FOUND: 404,
  OBJECT_REFERENCED: 409,
  ORGANIZATION_NOT_FOUND: 404,
  UNAUTHORIZED: 401,
};

/**
 * The one error type module code throws. GraphQL turns it into `extensions { code, reason }`,
 * screens into the error page or form errors. The message is translated from `errors:<reason>`.
 */
export class AppError extends Error {
  readonly code: GraphQLCode;
  readonly reason: ServerReason;
  readonly fieldErrors?: FieldErrors;
  readonly references?: Reference[];
  readonly values?: Record<string, unknown>;
  private readonly customMessageKey?: string;
  private readonly customStatus?: number;

  constructor(
    code: GraphQLCode,
    reason: ServerReason,
    extra: {
      fieldErrors?: FieldErrors;
      references?: Reference[];
      values?: Record<string, unknown>;
      message?: string;
      /** The message's translation key when it is not `errors:<reason>`. */
      messageKey?: string;
      /** The HTTP status when the code's own does not say it (405, 413, 415, 421). */
      status?: number;
    } = {},
  ) {
    super(extra.message ?? reason);
    this.name = "AppError";
    this.code = code;
    this.reason = reason;
    this.fieldErrors = extra.fieldErrors;
    this.references = extra.references;
    this.values = extra.values;
    this.customMessageKey = extra.messageKey;
    this.customStatus = extra.status;
  }

  get status(): number {
    return this.customStatus ?? HTTP_STATUS[this.code];
  }

  /** Translation key of the message. */
  get messageKey(): string {
    return this.customMessageKey ?? `errors:${this.reason}`;
  }
}

export const notFound = (reason: ServerReason = "not_found") => new AppError("NOT_FOUND", reason);
export const badRequest = (fieldErrors: FieldErrors) =>
  new AppError("BAD_REQUEST", "validation_failed", { fieldErrors });
export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** Translates a key (`errors:…`, `assessments:…`) with its interpolation values. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * The one JSON refusal of every `/api/*` endpoint and of the server's own refusals (README, "API"):
 * the AppError's code and reason, its translated message, and each field's translated messages.
 */
export type Refusal = {
  ok: false;
  code: GraphQLCode;
  reason: ServerReason;
  message: string;
  fields?: Record<string, string[]>;
};

export function refusalJson(error: AppError, t: Translate): Refusal {
  const refusal: Refusal = {
    ok: false,
    code: error.code,
    reason: error.reason,
    message: t(error.messageKey, error.values),
  };
  if (error.fieldErrors) {
    refusal.fields = {};
    for (const [field, { key, values }] of Object.entries(error.fieldErrors)) refusal.fields[field] = [t(key, values)];
  }
  return refusal;
}

/** What a screen shows for a refusal it received: the first field's message, else the message. */
export function refusalText(body: Partial<Refusal> | null | undefined): string | undefined {
  const firstField = Object.values(body?.fields ?? {})[0]?.[0];
  return firstField ?? body?.message;
}
