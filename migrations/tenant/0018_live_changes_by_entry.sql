-- ADR 0047: live changes are caught up by entry. `content_value` is the revision of the last change
-- that is not a live one; live changes move only `value` and stamp their entry (`live_stamp`).
ALTER TABLE `scheduled_session_participant_entries` ADD `live_stamp` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `scheduled_session_entries_live_stamp_idx` ON `scheduled_session_participant_entries` (`scheduled_session_id`,`live_stamp`);--> statement-breakpoint
ALTER TABLE `data_revision` ADD `content_value` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `data_revision` SET `content_value` = `value` WHERE `id` = 1;
--> statement-breakpoint
-- Every revision trigger again, as revisionTriggers() in db/tenant/revision.ts now writes them: the
-- content revision moves with the revision, except for the live changes (LIVE_CHANGES).
DROP TRIGGER `angoff_judgements_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `angoff_judgements_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `angoff_judgements_revision_update`;
--> statement-breakpoint
DROP TRIGGER `api_tokens_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `api_tokens_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `api_tokens_revision_update`;
--> statement-breakpoint
DROP TRIGGER `auth_sessions_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `auth_sessions_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `auth_sessions_revision_update`;
--> statement-breakpoint
DROP TRIGGER `categories_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `categories_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `categories_revision_update`;
--> statement-breakpoint
DROP TRIGGER `circuit_runs_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `circuit_runs_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `circuit_runs_revision_update`;
--> statement-breakpoint
DROP TRIGGER `companies_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `companies_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `companies_revision_update`;
--> statement-breakpoint
DROP TRIGGER `contexts_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `contexts_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `contexts_revision_update`;
--> statement-breakpoint
DROP TRIGGER `correction_entries_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `correction_entries_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `correction_entries_revision_update`;
--> statement-breakpoint
DROP TRIGGER `correction_second_entries_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `correction_second_entries_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `correction_second_entries_revision_update`;
--> statement-breakpoint
DROP TRIGGER `correction_second_marks_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `correction_second_marks_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `correction_second_marks_revision_update`;
--> statement-breakpoint
DROP TRIGGER `correction_station_marks_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `correction_station_marks_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `correction_station_marks_revision_update`;
--> statement-breakpoint
DROP TRIGGER `double_marking_settings_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `double_marking_settings_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `double_marking_settings_revision_update`;
--> statement-breakpoint
DROP TRIGGER `evaluation_rating_scales_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `evaluation_rating_scales_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `evaluation_rating_scales_revision_update`;
--> statement-breakpoint
DROP TRIGGER `evaluations_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `evaluations_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `evaluations_revision_update`;
--> statement-breakpoint
DROP TRIGGER `exam_sessions_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `exam_sessions_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `exam_sessions_revision_update`;
--> statement-breakpoint
DROP TRIGGER `exam_standard_history_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `exam_standard_history_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `exam_standard_history_revision_update`;
--> statement-breakpoint
DROP TRIGGER `exam_standards_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `exam_standards_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `exam_standards_revision_update`;
--> statement-breakpoint
DROP TRIGGER `exams_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `exams_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `exams_revision_update`;
--> statement-breakpoint
DROP TRIGGER `incidents_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `incidents_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `incidents_revision_update`;
--> statement-breakpoint
DROP TRIGGER `live_overrides_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `live_overrides_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `live_overrides_revision_update`;
--> statement-breakpoint
DROP TRIGGER `live_progress_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `live_progress_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `live_progress_revision_update`;
--> statement-breakpoint
DROP TRIGGER `locations_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `locations_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `locations_revision_update`;
--> statement-breakpoint
DROP TRIGGER `object_shares_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `object_shares_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `object_shares_revision_update`;
--> statement-breakpoint
DROP TRIGGER `oidc_settings_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `oidc_settings_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `oidc_settings_revision_update`;
--> statement-breakpoint
DROP TRIGGER `participants_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `participants_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `participants_revision_update`;
--> statement-breakpoint
DROP TRIGGER `questions_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `questions_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `questions_revision_update`;
--> statement-breakpoint
DROP TRIGGER `scheduled_session_participant_corrections_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `scheduled_session_participant_corrections_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `scheduled_session_participant_corrections_revision_update`;
--> statement-breakpoint
DROP TRIGGER `scheduled_session_participant_entries_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `scheduled_session_participant_entries_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `scheduled_session_participant_entries_revision_update`;
--> statement-breakpoint
DROP TRIGGER `scheduled_session_reference_counters_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `scheduled_session_reference_counters_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `scheduled_session_reference_counters_revision_update`;
--> statement-breakpoint
DROP TRIGGER `scheduled_sessions_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `scheduled_sessions_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `scheduled_sessions_revision_update`;
--> statement-breakpoint
DROP TRIGGER `session_report_deliveries_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `session_report_deliveries_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `session_report_deliveries_revision_update`;
--> statement-breakpoint
DROP TRIGGER `session_report_layouts_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `session_report_layouts_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `session_report_layouts_revision_update`;
--> statement-breakpoint
DROP TRIGGER `session_reports_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `session_reports_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `session_reports_revision_update`;
--> statement-breakpoint
DROP TRIGGER `session_templates_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `session_templates_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `session_templates_revision_update`;
--> statement-breakpoint
DROP TRIGGER `staff_user_roles_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `staff_user_roles_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `staff_user_roles_revision_update`;
--> statement-breakpoint
DROP TRIGGER `staff_users_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `staff_users_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `staff_users_revision_update`;
--> statement-breakpoint
DROP TRIGGER `supply_objects_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `supply_objects_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `supply_objects_revision_update`;
--> statement-breakpoint
DROP TRIGGER `webhook_endpoints_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `webhook_endpoints_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `webhook_endpoints_revision_update`;
--> statement-breakpoint
DROP TRIGGER `workspaces_revision_delete`;
--> statement-breakpoint
DROP TRIGGER `workspaces_revision_insert`;
--> statement-breakpoint
DROP TRIGGER `workspaces_revision_update`;
--> statement-breakpoint
CREATE TRIGGER `angoff_judgements_revision_insert` AFTER INSERT ON `angoff_judgements` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `angoff_judgements_revision_update` AFTER UPDATE ON `angoff_judgements` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `angoff_judgements_revision_delete` AFTER DELETE ON `angoff_judgements` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `api_tokens_revision_insert` AFTER INSERT ON `api_tokens` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `api_tokens_revision_update` AFTER UPDATE OF `allow_introspection`, `created_at`, `created_by`, `expires_at`, `id`, `name`, `revoked_at`, `roles`, `token_hash` ON `api_tokens` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `api_tokens_revision_delete` AFTER DELETE ON `api_tokens` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_sessions_revision_insert` AFTER INSERT ON `auth_sessions` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_sessions_revision_update` AFTER UPDATE OF `account_type`, `created_at`, `expires_at`, `id_hash`, `subject_id` ON `auth_sessions` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `auth_sessions_revision_delete` AFTER DELETE ON `auth_sessions` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `categories_revision_insert` AFTER INSERT ON `categories` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `categories_revision_update` AFTER UPDATE ON `categories` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `categories_revision_delete` AFTER DELETE ON `categories` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `circuit_runs_revision_insert` AFTER INSERT ON `circuit_runs` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `circuit_runs_revision_update` AFTER UPDATE ON `circuit_runs` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `circuit_runs_revision_delete` AFTER DELETE ON `circuit_runs` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `companies_revision_insert` AFTER INSERT ON `companies` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `companies_revision_update` AFTER UPDATE ON `companies` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `companies_revision_delete` AFTER DELETE ON `companies` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `contexts_revision_insert` AFTER INSERT ON `contexts` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `contexts_revision_update` AFTER UPDATE ON `contexts` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `contexts_revision_delete` AFTER DELETE ON `contexts` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `correction_entries_revision_insert` AFTER INSERT ON `correction_entries` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `correction_entries_revision_update` AFTER UPDATE ON `correction_entries` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `correction_entries_revision_delete` AFTER DELETE ON `correction_entries` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `correction_second_entries_revision_insert` AFTER INSERT ON `correction_second_entries` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `correction_second_entries_revision_update` AFTER UPDATE ON `correction_second_entries` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `correction_second_entries_revision_delete` AFTER DELETE ON `correction_second_entries` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `correction_second_marks_revision_insert` AFTER INSERT ON `correction_second_marks` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `correction_second_marks_revision_update` AFTER UPDATE ON `correction_second_marks` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `correction_second_marks_revision_delete` AFTER DELETE ON `correction_second_marks` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `correction_station_marks_revision_insert` AFTER INSERT ON `correction_station_marks` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `correction_station_marks_revision_update` AFTER UPDATE ON `correction_station_marks` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `correction_station_marks_revision_delete` AFTER DELETE ON `correction_station_marks` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `double_marking_settings_revision_insert` AFTER INSERT ON `double_marking_settings` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `double_marking_settings_revision_update` AFTER UPDATE ON `double_marking_settings` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `double_marking_settings_revision_delete` AFTER DELETE ON `double_marking_settings` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `evaluation_rating_scales_revision_insert` AFTER INSERT ON `evaluation_rating_scales` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `evaluation_rating_scales_revision_update` AFTER UPDATE ON `evaluation_rating_scales` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `evaluation_rating_scales_revision_delete` AFTER DELETE ON `evaluation_rating_scales` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `evaluations_revision_insert` AFTER INSERT ON `evaluations` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `evaluations_revision_update` AFTER UPDATE ON `evaluations` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `evaluations_revision_delete` AFTER DELETE ON `evaluations` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `exam_sessions_revision_insert` AFTER INSERT ON `exam_sessions` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `exam_sessions_revision_update` AFTER UPDATE ON `exam_sessions` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `exam_sessions_revision_delete` AFTER DELETE ON `exam_sessions` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `exam_standard_history_revision_insert` AFTER INSERT ON `exam_standard_history` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `exam_standard_history_revision_update` AFTER UPDATE ON `exam_standard_history` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `exam_standard_history_revision_delete` AFTER DELETE ON `exam_standard_history` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `exam_standards_revision_insert` AFTER INSERT ON `exam_standards` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `exam_standards_revision_update` AFTER UPDATE ON `exam_standards` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `exam_standards_revision_delete` AFTER DELETE ON `exam_standards` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `exams_revision_insert` AFTER INSERT ON `exams` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `exams_revision_update` AFTER UPDATE ON `exams` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `exams_revision_delete` AFTER DELETE ON `exams` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `incidents_revision_insert` AFTER INSERT ON `incidents` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `incidents_revision_update` AFTER UPDATE ON `incidents` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `incidents_revision_delete` AFTER DELETE ON `incidents` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `live_overrides_revision_insert` AFTER INSERT ON `live_overrides` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; UPDATE `scheduled_session_participant_entries` SET `live_stamp` = (SELECT `value` FROM `data_revision` WHERE `id` = 1) WHERE `id` = NEW.`entry_id`; END;
--> statement-breakpoint
CREATE TRIGGER `live_overrides_revision_update` AFTER UPDATE ON `live_overrides` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; UPDATE `scheduled_session_participant_entries` SET `live_stamp` = (SELECT `value` FROM `data_revision` WHERE `id` = 1) WHERE `id` IN (OLD.`entry_id`, NEW.`entry_id`); END;
--> statement-breakpoint
CREATE TRIGGER `live_overrides_revision_delete` AFTER DELETE ON `live_overrides` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; UPDATE `scheduled_session_participant_entries` SET `live_stamp` = (SELECT `value` FROM `data_revision` WHERE `id` = 1) WHERE `id` = OLD.`entry_id`; END;
--> statement-breakpoint
CREATE TRIGGER `live_progress_revision_insert` AFTER INSERT ON `live_progress` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; UPDATE `scheduled_session_participant_entries` SET `live_stamp` = (SELECT `value` FROM `data_revision` WHERE `id` = 1) WHERE `id` = NEW.`entry_id`; END;
--> statement-breakpoint
CREATE TRIGGER `live_progress_revision_update` AFTER UPDATE ON `live_progress` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; UPDATE `scheduled_session_participant_entries` SET `live_stamp` = (SELECT `value` FROM `data_revision` WHERE `id` = 1) WHERE `id` IN (OLD.`entry_id`, NEW.`entry_id`); END;
--> statement-breakpoint
CREATE TRIGGER `live_progress_revision_delete` AFTER DELETE ON `live_progress` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; UPDATE `scheduled_session_participant_entries` SET `live_stamp` = (SELECT `value` FROM `data_revision` WHERE `id` = 1) WHERE `id` = OLD.`entry_id`; END;
--> statement-breakpoint
CREATE TRIGGER `locations_revision_insert` AFTER INSERT ON `locations` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `locations_revision_update` AFTER UPDATE ON `locations` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `locations_revision_delete` AFTER DELETE ON `locations` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `object_shares_revision_insert` AFTER INSERT ON `object_shares` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `object_shares_revision_update` AFTER UPDATE ON `object_shares` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `object_shares_revision_delete` AFTER DELETE ON `object_shares` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `oidc_settings_revision_insert` AFTER INSERT ON `oidc_settings` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `oidc_settings_revision_update` AFTER UPDATE ON `oidc_settings` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `oidc_settings_revision_delete` AFTER DELETE ON `oidc_settings` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `participants_revision_insert` AFTER INSERT ON `participants` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `participants_revision_update` AFTER UPDATE ON `participants` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `participants_revision_delete` AFTER DELETE ON `participants` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `questions_revision_insert` AFTER INSERT ON `questions` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `questions_revision_update` AFTER UPDATE ON `questions` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `questions_revision_delete` AFTER DELETE ON `questions` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `scheduled_session_participant_corrections_revision_insert` AFTER INSERT ON `scheduled_session_participant_corrections` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `scheduled_session_participant_corrections_revision_update` AFTER UPDATE ON `scheduled_session_participant_corrections` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `scheduled_session_participant_corrections_revision_delete` AFTER DELETE ON `scheduled_session_participant_corrections` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `scheduled_session_participant_entries_revision_insert` AFTER INSERT ON `scheduled_session_participant_entries` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `scheduled_session_participant_entries_revision_update` AFTER UPDATE OF `created_at`, `id`, `participant_id`, `scheduled_session_id`, `session_order` ON `scheduled_session_participant_entries` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `scheduled_session_participant_entries_revision_delete` AFTER DELETE ON `scheduled_session_participant_entries` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `scheduled_session_participant_entries_live_update` AFTER UPDATE OF `ready`, `session_start` ON `scheduled_session_participant_entries` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; UPDATE `scheduled_session_participant_entries` SET `live_stamp` = (SELECT `value` FROM `data_revision` WHERE `id` = 1) WHERE `id` = NEW.`id`; END;
--> statement-breakpoint
CREATE TRIGGER `scheduled_session_reference_counters_revision_insert` AFTER INSERT ON `scheduled_session_reference_counters` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `scheduled_session_reference_counters_revision_update` AFTER UPDATE ON `scheduled_session_reference_counters` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `scheduled_session_reference_counters_revision_delete` AFTER DELETE ON `scheduled_session_reference_counters` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `scheduled_sessions_revision_insert` AFTER INSERT ON `scheduled_sessions` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `scheduled_sessions_revision_update` AFTER UPDATE ON `scheduled_sessions` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `scheduled_sessions_revision_delete` AFTER DELETE ON `scheduled_sessions` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `session_report_deliveries_revision_insert` AFTER INSERT ON `session_report_deliveries` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `session_report_deliveries_revision_update` AFTER UPDATE ON `session_report_deliveries` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `session_report_deliveries_revision_delete` AFTER DELETE ON `session_report_deliveries` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `session_report_layouts_revision_insert` AFTER INSERT ON `session_report_layouts` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `session_report_layouts_revision_update` AFTER UPDATE ON `session_report_layouts` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `session_report_layouts_revision_delete` AFTER DELETE ON `session_report_layouts` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `session_reports_revision_insert` AFTER INSERT ON `session_reports` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `session_reports_revision_update` AFTER UPDATE ON `session_reports` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `session_reports_revision_delete` AFTER DELETE ON `session_reports` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `session_templates_revision_insert` AFTER INSERT ON `session_templates` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `session_templates_revision_update` AFTER UPDATE ON `session_templates` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `session_templates_revision_delete` AFTER DELETE ON `session_templates` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `staff_user_roles_revision_insert` AFTER INSERT ON `staff_user_roles` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `staff_user_roles_revision_update` AFTER UPDATE ON `staff_user_roles` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `staff_user_roles_revision_delete` AFTER DELETE ON `staff_user_roles` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `staff_users_revision_insert` AFTER INSERT ON `staff_users` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `staff_users_revision_update` AFTER UPDATE ON `staff_users` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `staff_users_revision_delete` AFTER DELETE ON `staff_users` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `supply_objects_revision_insert` AFTER INSERT ON `supply_objects` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `supply_objects_revision_update` AFTER UPDATE ON `supply_objects` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `supply_objects_revision_delete` AFTER DELETE ON `supply_objects` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `webhook_endpoints_revision_insert` AFTER INSERT ON `webhook_endpoints` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `webhook_endpoints_revision_update` AFTER UPDATE ON `webhook_endpoints` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `webhook_endpoints_revision_delete` AFTER DELETE ON `webhook_endpoints` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `workspaces_revision_insert` AFTER INSERT ON `workspaces` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `workspaces_revision_update` AFTER UPDATE ON `workspaces` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `workspaces_revision_delete` AFTER DELETE ON `workspaces` BEGIN UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1; END;
