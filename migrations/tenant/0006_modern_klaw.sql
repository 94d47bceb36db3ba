CREATE TABLE `correction_entries` (
	`correction_id` text NOT NULL,
	`evaluation_id` text NOT NULL,
	`question_id` text NOT NULL,
	`step_index` integer NOT NULL,
	`score` real,
	`comment` text,
	`ticks` text,
	`auto_scored` integer DEFAULT false NOT NULL,
	`late_accepted` integer DEFAULT false NOT NULL,
	`revision` integer DEFAULT 0 NOT NULL,
	`scored_by` text,
	`scored_at` integer NOT NULL,
	PRIMARY KEY(`correction_id`, `evaluation_id`, `question_id`, `step_index`),
	FOREIGN KEY (`correction_id`) REFERENCES `scheduled_session_participant_corrections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `correction_station_marks` (
	`correction_id` text NOT NULL,
	`evaluation_id` text NOT NULL,
	`global_rating` text,
	`comment` text,
	`marked_at` integer,
	`marked_by` text,
	`revision` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`correction_id`, `evaluation_id`),
	FOREIGN KEY (`correction_id`) REFERENCES `scheduled_session_participant_corrections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `scheduled_session_participant_corrections` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`rev` integer DEFAULT 1 NOT NULL,
	`scheduled_session_id` text NOT NULL,
	`entry_id` text NOT NULL,
	`participant_id` text NOT NULL,
	`comment` text,
	`completed_at` integer,
	FOREIGN KEY (`scheduled_session_id`) REFERENCES `scheduled_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entry_id`) REFERENCES `scheduled_session_participant_entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `corrections_pair_unique` ON `scheduled_session_participant_corrections` (`scheduled_session_id`,`participant_id`);--> statement-breakpoint
CREATE INDEX `corrections_entry_idx` ON `scheduled_session_participant_corrections` (`entry_id`);--> statement-breakpoint
CREATE TABLE `session_report_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` text NOT NULL,
	`recipients` text NOT NULL,
	`language` text NOT NULL,
	`sent_at` integer NOT NULL,
	`sent_by` text,
	FOREIGN KEY (`report_id`) REFERENCES `session_reports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `session_report_deliveries_report_idx` ON `session_report_deliveries` (`report_id`,`id`);--> statement-breakpoint
CREATE TABLE `session_report_layouts` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`rev` integer DEFAULT 1 NOT NULL,
	`workspace_id` text NOT NULL,
	`owner_id` text,
	`name` text NOT NULL,
	`is_default_layout` integer DEFAULT false NOT NULL,
	`layout` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `session_report_layouts_name_idx` ON `session_report_layouts` (`name`);--> statement-breakpoint
CREATE TABLE `session_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`rev` integer DEFAULT 1 NOT NULL,
	`workspace_id` text NOT NULL,
	`owner_id` text,
	`scheduled_session_id` text NOT NULL,
	`participant_id` text NOT NULL,
	`layout_id` text,
	`layout` text NOT NULL,
	`options` text NOT NULL,
	`data` text NOT NULL,
	`draft` integer DEFAULT true NOT NULL,
	`passed_status_override` text,
	`passed_status_reason` text,
	`access_code` text NOT NULL,
	`released_at` integer,
	FOREIGN KEY (`scheduled_session_id`) REFERENCES `scheduled_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `session_reports_pair_unique` ON `session_reports` (`scheduled_session_id`,`participant_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `session_reports_access_code_unique` ON `session_reports` (`access_code`);--> statement-breakpoint
CREATE INDEX `session_reports_participant_idx` ON `session_reports` (`participant_id`);