CREATE TABLE `auth_sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`account_type` text NOT NULL,
	`subject_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `auth_sessions_subject_idx` ON `auth_sessions` (`subject_id`);--> statement-breakpoint
CREATE TABLE `one_time_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`account_type` text NOT NULL,
	`identifier` text NOT NULL,
	`subject_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `one_time_codes_identifier_unique` ON `one_time_codes` (`account_type`,`identifier`);--> statement-breakpoint
CREATE TABLE `participants` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`rev` integer DEFAULT 1 NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`external_id` text,
	`company_id` text,
	`locale` text,
	`name_lower` text NOT NULL,
	`email_lower` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `participants_email_idx` ON `participants` (`email_lower`);--> statement-breakpoint
CREATE INDEX `participants_name_idx` ON `participants` (`name_lower`);--> statement-breakpoint
CREATE INDEX `participants_external_id_idx` ON `participants` (`external_id`);--> statement-breakpoint
CREATE INDEX `participants_phone_idx` ON `participants` (`phone`);--> statement-breakpoint
CREATE INDEX `participants_company_idx` ON `participants` (`company_id`);--> statement-breakpoint
CREATE TABLE `rate_limit_hits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bucket` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_hits_bucket_idx` ON `rate_limit_hits` (`bucket`,`at`);--> statement-breakpoint
CREATE TABLE `staff_user_roles` (
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	PRIMARY KEY(`user_id`, `role`),
	FOREIGN KEY (`user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `staff_users` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`rev` integer DEFAULT 1 NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`nickname` text,
	`phone` text,
	`email_verified` integer DEFAULT false NOT NULL,
	`phone_verified` integer DEFAULT false NOT NULL,
	`picture` text,
	`locale` text,
	`last_login` integer,
	`last_ip` text,
	`logins_count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_users_email_unique` ON `staff_users` (`email`);--> statement-breakpoint
CREATE INDEX `staff_users_phone_idx` ON `staff_users` (`phone`);--> statement-breakpoint
CREATE TABLE `workspaces` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`rev` integer DEFAULT 1 NOT NULL,
	`name` text NOT NULL,
	`workspace_type` text NOT NULL,
	`owner_user_id` text,
	FOREIGN KEY (`owner_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workspaces_owner_unique` ON `workspaces` (`workspace_type`,`owner_user_id`);