CREATE TABLE `tenants` (
	`slug` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`logo` text,
	`status` text DEFAULT 'ACTIVE' NOT NULL,
	`database_url` text,
	`settings` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
