CREATE TABLE `oidc_login_requests` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`code_verifier` text NOT NULL,
	`nonce` text NOT NULL,
	`redirect_to` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `oidc_login_requests_expires_idx` ON `oidc_login_requests` (`expires_at`);--> statement-breakpoint
CREATE TABLE `oidc_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`display_name` text NOT NULL,
	`issuer` text NOT NULL,
	`client_id` text NOT NULL,
	`client_secret` text,
	`email_claim` text DEFAULT 'email' NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text
);
--> statement-breakpoint
CREATE TRIGGER `oidc_settings_revision_insert` AFTER INSERT ON `oidc_settings` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `oidc_settings_revision_update` AFTER UPDATE ON `oidc_settings` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `oidc_settings_revision_delete` AFTER DELETE ON `oidc_settings` BEGIN UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1; END;
