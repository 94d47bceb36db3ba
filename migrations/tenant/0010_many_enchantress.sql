CREATE TABLE `angoff_judgements` (
	`exam_id` text NOT NULL,
	`judge_id` text NOT NULL,
	`round` integer NOT NULL,
	`item_key` text NOT NULL,
	`evaluation_id` text NOT NULL,
	`question_id` text NOT NULL,
	`step_index` integer,
	`probability` real NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`exam_id`, `judge_id`, `round`, `item_key`),
	FOREIGN KEY (`exam_id`) REFERENCES `exams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `evaluation_rating_scales` (
	`evaluation_id` text PRIMARY KEY NOT NULL,
	`labels` text NOT NULL,
	`borderline_grades` text NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text
);
--> statement-breakpoint
CREATE TABLE `exam_sessions` (
	`scheduled_session_id` text PRIMARY KEY NOT NULL,
	`exam_id` text NOT NULL,
	FOREIGN KEY (`scheduled_session_id`) REFERENCES `scheduled_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`exam_id`) REFERENCES `exams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `exam_sessions_exam_idx` ON `exam_sessions` (`exam_id`);--> statement-breakpoint
CREATE TABLE `exam_standard_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`exam_id` text NOT NULL,
	`action` text NOT NULL,
	`method` text,
	`options` text,
	`cut_score` real,
	`station_cuts` text,
	`actor_id` text,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `exam_standard_history_exam_idx` ON `exam_standard_history` (`exam_id`,`id`);--> statement-breakpoint
CREATE TABLE `exam_standards` (
	`exam_id` text PRIMARY KEY NOT NULL,
	`method` text NOT NULL,
	`options` text NOT NULL,
	`cut_score` real NOT NULL,
	`station_cuts` text NOT NULL,
	`applied_by` text,
	`applied_at` integer NOT NULL,
	FOREIGN KEY (`exam_id`) REFERENCES `exams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `exams` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`rev` integer DEFAULT 1 NOT NULL,
	`name` text NOT NULL,
	`session_template_id` text NOT NULL,
	`created_by` text
);
--> statement-breakpoint
CREATE INDEX `exams_template_idx` ON `exams` (`session_template_id`);--> statement-breakpoint
ALTER TABLE `session_reports` ADD `standard_changed_at` integer;