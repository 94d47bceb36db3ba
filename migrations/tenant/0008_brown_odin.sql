CREATE TABLE `realtime_grants` (
	`grant` text NOT NULL,
	`scheduled_session_id` text NOT NULL,
	`account_type` text NOT NULL,
	`subject_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`grant`, `scheduled_session_id`)
);
--> statement-breakpoint
CREATE INDEX `realtime_grants_subject_idx` ON `realtime_grants` (`subject_id`);