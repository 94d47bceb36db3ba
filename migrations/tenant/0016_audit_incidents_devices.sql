CREATE TABLE `audit_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`scheduled_session_id` text NOT NULL,
	`participant_id` text,
	`evaluation_id` text,
	`question_id` text,
	`step_index` integer,
	`kind` text NOT NULL,
	`action` text NOT NULL,
	`at` integer NOT NULL,
	`actor_type` text NOT NULL,
	`actor_id` text,
	`actor_name` text,
	`device` text,
	`process` text,
	`before` text,
	`after` text
);
--> statement-breakpoint
CREATE INDEX `audit_entries_participant_idx` ON `audit_entries` (`scheduled_session_id`,`participant_id`,`id`);--> statement-breakpoint
CREATE TABLE `device_contacts` (
	`scheduled_session_id` text NOT NULL,
	`device_key` text NOT NULL,
	`kind` text NOT NULL,
	`participant_id` text,
	`user_id` text,
	`user_name` text,
	`evaluation_id` text,
	`last_contact_at` integer NOT NULL,
	`waiting` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`scheduled_session_id`, `device_key`),
	FOREIGN KEY (`scheduled_session_id`) REFERENCES `scheduled_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `incidents` (
	`id` text PRIMARY KEY NOT NULL,
	`scheduled_session_id` text NOT NULL,
	`participant_id` text,
	`evaluation_id` text,
	`category` text NOT NULL,
	`text` text NOT NULL,
	`at` integer NOT NULL,
	`recorded_by` text NOT NULL,
	`recorded_by_name` text NOT NULL,
	FOREIGN KEY (`scheduled_session_id`) REFERENCES `scheduled_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `incidents_session_idx` ON `incidents` (`scheduled_session_id`,`participant_id`,`at`);--> statement-breakpoint
-- The audit trail is append-only: every UPDATE and DELETE is refused (db/tenant/schema/audit.ts, ADR 0043).
CREATE TRIGGER `audit_entries_append_only_update` BEFORE UPDATE ON `audit_entries` BEGIN SELECT RAISE(ABORT, 'audit_entries is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `audit_entries_append_only_delete` BEFORE DELETE ON `audit_entries` BEGIN SELECT RAISE(ABORT, 'audit_entries is append-only'); END;
--> statement-breakpoint
-- Incidents move the revision like every table; audit_entries and device_contacts are left out (UNCOUNTED, db/tenant/revision.ts).
CREATE TRIGGER `incidents_revision_insert` AFTER INSERT ON `incidents` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `incidents_revision_update` AFTER UPDATE ON `incidents` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `incidents_revision_delete` AFTER DELETE ON `incidents` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; END;

