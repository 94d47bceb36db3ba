CREATE TABLE `upload_files` (
	`key` text PRIMARY KEY NOT NULL,
	`size` integer NOT NULL,
	`parts` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `upload_parts` (
	`key` text NOT NULL,
	`part` integer NOT NULL,
	`bytes` blob NOT NULL,
	PRIMARY KEY(`key`, `part`)
);
