CREATE TABLE `webhook_tenants` (
	`tenant_slug` text PRIMARY KEY NOT NULL,
	`since` integer NOT NULL
);
