CREATE TABLE `live_sessions` (
	`tenant_slug` text NOT NULL,
	`scheduled_session_id` text NOT NULL,
	`served_at` integer NOT NULL,
	PRIMARY KEY(`tenant_slug`, `scheduled_session_id`)
);
