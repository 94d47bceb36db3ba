CREATE TABLE `evaluations` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`rev` integer DEFAULT 1 NOT NULL,
	`workspace_id` text NOT NULL,
	`owner_type` text DEFAULT 'ORGANIZATION' NOT NULL,
	`owner_user_id` text NOT NULL,
	`visibility` text DEFAULT 'ORGANIZATION' NOT NULL,
	`name` text NOT NULL,
	`name_lower` text NOT NULL,
	`description` text,
	`category_ids` text NOT NULL,
	`question_ids` text NOT NULL,
	`enable_timer` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX `evaluations_name_idx` ON `evaluations` (`name_lower`);--> statement-breakpoint
CREATE INDEX `evaluations_owner_idx` ON `evaluations` (`owner_user_id`);--> statement-breakpoint
CREATE TABLE `object_shares` (
	`object_id` text NOT NULL,
	`object_type` text NOT NULL,
	`user_id` text NOT NULL,
	`level` text NOT NULL,
	PRIMARY KEY(`object_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `object_shares_user_idx` ON `object_shares` (`user_id`);--> statement-breakpoint
CREATE TABLE `questions` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`rev` integer DEFAULT 1 NOT NULL,
	`workspace_id` text NOT NULL,
	`owner_type` text DEFAULT 'ORGANIZATION' NOT NULL,
	`owner_user_id` text NOT NULL,
	`visibility` text DEFAULT 'ORGANIZATION' NOT NULL,
	`name` text NOT NULL,
	`name_lower` text NOT NULL,
	`max_time` integer NOT NULL,
	`category_ids` text NOT NULL,
	`supply_ids` text NOT NULL,
	`preparation_info` text NOT NULL,
	`steps` text NOT NULL,
	`step_types` text DEFAULT '' NOT NULL,
	`total_score` real DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `questions_name_idx` ON `questions` (`name_lower`);--> statement-breakpoint
CREATE INDEX `questions_owner_idx` ON `questions` (`owner_user_id`);--> statement-breakpoint
CREATE TABLE `session_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`rev` integer DEFAULT 1 NOT NULL,
	`workspace_id` text NOT NULL,
	`owner_type` text DEFAULT 'ORGANIZATION' NOT NULL,
	`owner_user_id` text NOT NULL,
	`visibility` text DEFAULT 'ORGANIZATION' NOT NULL,
	`name` text NOT NULL,
	`name_lower` text NOT NULL,
	`category_ids` text NOT NULL,
	`evaluation_ids` text NOT NULL,
	`pass_percentage` integer NOT NULL,
	`reference_format` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `session_templates_name_idx` ON `session_templates` (`name_lower`);--> statement-breakpoint
CREATE INDEX `session_templates_owner_idx` ON `session_templates` (`owner_user_id`);