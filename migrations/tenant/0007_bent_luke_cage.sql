DROP INDEX `participants_email_idx`;--> statement-breakpoint
DROP INDEX `participants_name_idx`;--> statement-breakpoint
DROP INDEX `participants_external_id_idx`;--> statement-breakpoint
CREATE INDEX `participants_email_idx` ON `participants` (`email_lower`,`id`);--> statement-breakpoint
CREATE INDEX `participants_name_idx` ON `participants` (`name_lower`,`id`);--> statement-breakpoint
CREATE INDEX `participants_external_id_idx` ON `participants` (`external_id`,`id`);