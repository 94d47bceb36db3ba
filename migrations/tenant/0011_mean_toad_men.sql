CREATE TABLE `correction_second_entries` (
	`correction_id` text NOT NULL,
	`evaluation_id` text NOT NULL,
	`question_id` text NOT NULL,
	`step_index` integer NOT NULL,
	`score` real,
	`ticks` text,
	`revision` integer DEFAULT 0 NOT NULL,
	`scored_by` text,
	`scored_at` integer NOT NULL,
	PRIMARY KEY(`correction_id`, `evaluation_id`, `question_id`, `step_index`),
	FOREIGN KEY (`correction_id`) REFERENCES `scheduled_session_participant_corrections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `correction_second_marks` (
	`correction_id` text NOT NULL,
	`evaluation_id` text NOT NULL,
	`global_rating` text,
	`comment` text,
	`marked_at` integer,
	`marked_by` text,
	`revision` integer DEFAULT 0 NOT NULL,
	`resolution_method` text,
	`resolved_score` real,
	`resolved_by` text,
	`resolved_at` integer,
	`resolution_note` text,
	PRIMARY KEY(`correction_id`, `evaluation_id`),
	FOREIGN KEY (`correction_id`) REFERENCES `scheduled_session_participant_corrections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `double_marking_settings` (
	`scheduled_session_id` text PRIMARY KEY NOT NULL,
	`threshold_percent` real NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`scheduled_session_id`) REFERENCES `scheduled_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
