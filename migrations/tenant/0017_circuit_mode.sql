CREATE TABLE `circuit_runs` (
	`scheduled_session_id` text PRIMARY KEY NOT NULL,
	`started_at` integer NOT NULL,
	`pauses` text NOT NULL,
	`grid` text NOT NULL,
	`moved_round` integer DEFAULT -1 NOT NULL,
	`rev` integer DEFAULT 1 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`scheduled_session_id`) REFERENCES `scheduled_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `scheduled_sessions` ADD `circuit` text;--> statement-breakpoint
ALTER TABLE `session_templates` ADD `circuit` text;--> statement-breakpoint
-- The revision triggers of the new table (ADR 0038, db/tenant/revision.ts's revisionTriggers()).
CREATE TRIGGER `circuit_runs_revision_insert` AFTER INSERT ON `circuit_runs` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `circuit_runs_revision_update` AFTER UPDATE ON `circuit_runs` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `circuit_runs_revision_delete` AFTER DELETE ON `circuit_runs` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; END;
