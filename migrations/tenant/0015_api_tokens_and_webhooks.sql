CREATE TABLE `api_token_uses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_id` text NOT NULL,
	`at` integer NOT NULL,
	`operation` text,
	`client_address` text NOT NULL,
	`status` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `api_token_uses_token_idx` ON `api_token_uses` (`token_id`,`at`);--> statement-breakpoint
CREATE TABLE `api_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`token_hash` text NOT NULL,
	`roles` text NOT NULL,
	`allow_introspection` integer DEFAULT false NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`last_used_at` integer,
	`last_used_from` text,
	FOREIGN KEY (`created_by`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_hash_unique` ON `api_tokens` (`token_hash`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`endpoint_id` text NOT NULL,
	`event` text NOT NULL,
	`event_id` text NOT NULL,
	`body` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`retry_until` integer NOT NULL,
	`claimed_until` integer,
	`response_code` integer,
	`last_error` text,
	`last_attempt_at` integer,
	`delivered_at` integer,
	`resent_from` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint_idx` ON `webhook_deliveries` (`endpoint_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_created_idx` ON `webhook_deliveries` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`secret` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL
);

--> statement-breakpoint
CREATE TRIGGER `api_tokens_revision_insert` AFTER INSERT ON `api_tokens` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `api_tokens_revision_update` AFTER UPDATE OF `allow_introspection`, `created_at`, `created_by`, `expires_at`, `id`, `name`, `revoked_at`, `roles`, `token_hash` ON `api_tokens` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `api_tokens_revision_delete` AFTER DELETE ON `api_tokens` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `webhook_endpoints_revision_insert` AFTER INSERT ON `webhook_endpoints` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `webhook_endpoints_revision_update` AFTER UPDATE ON `webhook_endpoints` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `webhook_endpoints_revision_delete` AFTER DELETE ON `webhook_endpoints` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; END;
