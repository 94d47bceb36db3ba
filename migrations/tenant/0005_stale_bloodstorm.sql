CREATE TABLE `live_answers` (
	`entry_id` text NOT NULL,
	`evaluation_id` text NOT NULL,
	`question_id` text NOT NULL,
	`step_index` integer NOT NULL,
	`answer` text NOT NULL,
	`revision` integer NOT NULL,
	`saved_at` integer NOT NULL,
	`late` integer DEFAULT false NOT NULL,
	`received_at` integer,
	`in_time_answer` text,
	`in_time_revision` integer,
	PRIMARY KEY(`entry_id`, `evaluation_id`, `question_id`, `step_index`),
	FOREIGN KEY (`entry_id`) REFERENCES `scheduled_session_participant_entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `live_overrides` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entry_id` text NOT NULL,
	`override_type` text NOT NULL,
	`datetime` integer NOT NULL,
	`evaluation_id` text,
	`question_id` text,
	`numeric_value` real,
	`text_value` text,
	FOREIGN KEY (`entry_id`) REFERENCES `scheduled_session_participant_entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `live_overrides_entry_idx` ON `live_overrides` (`entry_id`,`id`);--> statement-breakpoint
CREATE TABLE `live_progress` (
	`entry_id` text NOT NULL,
	`evaluation_id` text NOT NULL,
	`question_id` text NOT NULL,
	`section_start` integer NOT NULL,
	`section_end` integer,
	PRIMARY KEY(`entry_id`, `evaluation_id`, `question_id`),
	FOREIGN KEY (`entry_id`) REFERENCES `scheduled_session_participant_entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `participants` ADD `extra_time_percent` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `scheduled_session_participant_entries` DROP COLUMN `session_answers`;--> statement-breakpoint
ALTER TABLE `scheduled_session_participant_entries` DROP COLUMN `session_overrides`;--> statement-breakpoint
ALTER TABLE `scheduled_session_participant_entries` DROP COLUMN `session_progress`;