CREATE TABLE `scheduled_session_participant_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`rev` integer DEFAULT 1 NOT NULL,
	`scheduled_session_id` text NOT NULL,
	`participant_id` text NOT NULL,
	`ready` integer DEFAULT false NOT NULL,
	`session_start` integer,
	`session_order` text NOT NULL,
	`session_answers` text NOT NULL,
	`session_overrides` text NOT NULL,
	`session_progress` text NOT NULL,
	FOREIGN KEY (`scheduled_session_id`) REFERENCES `scheduled_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scheduled_session_entries_pair_unique` ON `scheduled_session_participant_entries` (`scheduled_session_id`,`participant_id`);--> statement-breakpoint
CREATE INDEX `scheduled_session_entries_participant_idx` ON `scheduled_session_participant_entries` (`participant_id`);--> statement-breakpoint
CREATE TABLE `scheduled_session_reference_counters` (
	`prefix` text NOT NULL,
	`day` text NOT NULL,
	`last_counter` integer NOT NULL,
	PRIMARY KEY(`prefix`, `day`)
);
--> statement-breakpoint
CREATE TABLE `scheduled_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`rev` integer DEFAULT 1 NOT NULL,
	`workspace_id` text NOT NULL,
	`session_template_id` text NOT NULL,
	`datetime` integer NOT NULL,
	`location_id` text,
	`reference` text NOT NULL,
	`status` text DEFAULT 'SCHEDULED' NOT NULL,
	`assigned_user_id` text,
	`login_code` text NOT NULL,
	`options` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `scheduled_sessions_datetime_idx` ON `scheduled_sessions` (`datetime`);--> statement-breakpoint
CREATE INDEX `scheduled_sessions_template_idx` ON `scheduled_sessions` (`session_template_id`);--> statement-breakpoint
CREATE INDEX `scheduled_sessions_location_idx` ON `scheduled_sessions` (`location_id`);--> statement-breakpoint
CREATE INDEX `scheduled_sessions_login_code_idx` ON `scheduled_sessions` (`login_code`);--> statement-breakpoint
CREATE UNIQUE INDEX `scheduled_sessions_reference_unique` ON `scheduled_sessions` (`reference`);