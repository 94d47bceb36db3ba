-- ADR 0054: an entry's override log is only appended to, so a catch-up reads only the rows
-- appended since (LIVE_CHANGES.appendedOnly in db/tenant/revision.ts writes these triggers). An
-- UPDATE or a DELETE of a row is refused; removing the entry still removes its rows.
DROP TRIGGER `live_overrides_revision_update`;
--> statement-breakpoint
DROP TRIGGER `live_overrides_revision_delete`;
--> statement-breakpoint
CREATE TRIGGER `live_overrides_appended_only_update` BEFORE UPDATE ON `live_overrides` BEGIN SELECT RAISE(ABORT, 'live_overrides are appended, never edited'); END;
--> statement-breakpoint
CREATE TRIGGER `live_overrides_appended_only_delete` BEFORE DELETE ON `live_overrides` WHEN EXISTS (SELECT 1 FROM `scheduled_session_participant_entries` WHERE `id` = OLD.`entry_id`) BEGIN SELECT RAISE(ABORT, 'live_overrides are appended, never deleted but with their entry'); END;
