CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`rev` integer DEFAULT 1 NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`name_lower` text NOT NULL,
	`parent_id` text
);
--> statement-breakpoint
CREATE INDEX `categories_parent_name_idx` ON `categories` (`parent_id`,`name_lower`);--> statement-breakpoint
CREATE INDEX `categories_name_idx` ON `categories` (`name_lower`);--> statement-breakpoint
CREATE TABLE `companies` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`rev` integer DEFAULT 1 NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`name_lower` text NOT NULL,
	`address_line1` text,
	`address_city` text,
	`address_region` text,
	`address_postal` text,
	`address_country` text
);
--> statement-breakpoint
CREATE INDEX `companies_name_idx` ON `companies` (`name_lower`);--> statement-breakpoint
CREATE TABLE `contexts` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`rev` integer DEFAULT 1 NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`name_lower` text NOT NULL,
	`description` text
);
--> statement-breakpoint
CREATE INDEX `contexts_name_idx` ON `contexts` (`name_lower`);--> statement-breakpoint
CREATE TABLE `locations` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`rev` integer DEFAULT 1 NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`name_lower` text NOT NULL,
	`address_line1` text,
	`address_city` text,
	`address_region` text,
	`address_postal` text,
	`address_country` text
);
--> statement-breakpoint
CREATE INDEX `locations_name_idx` ON `locations` (`name_lower`);--> statement-breakpoint
CREATE TABLE `supply_objects` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`rev` integer DEFAULT 1 NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`name_lower` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `supply_objects_name_idx` ON `supply_objects` (`name_lower`);