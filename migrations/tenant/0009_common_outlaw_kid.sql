PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_evaluations` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`rev` integer DEFAULT 1 NOT NULL,
	`workspace_id` text NOT NULL,
	`owner_type` text DEFAULT 'ORGANIZATION' NOT NULL,
	`owner_user_id` text NOT NULL,
	`visibility` text DEFAULT 'ORGANIZATION' NOT NULL,
	`name` text NOT NULL,
	`name_lower` text NOT NULL,
	`description` text,
	`category_ids` text NOT NULL,
	`question_ids` text NOT NULL,
	`enable_timer` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_evaluations`("id", "created_at", "updated_at", "rev", "workspace_id", "owner_type", "owner_user_id", "visibility", "name", "name_lower", "description", "category_ids", "question_ids", "enable_timer") SELECT "id", "created_at", "updated_at", "rev", "workspace_id", "owner_type", "owner_user_id", "visibility", "name", "name_lower", "description", "category_ids", "question_ids", "enable_timer" FROM `evaluations`;--> statement-breakpoint
DROP TABLE `evaluations`;--> statement-breakpoint
ALTER TABLE `__new_evaluations` RENAME TO `evaluations`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `evaluations_name_idx` ON `evaluations` (`name_lower`);--> statement-breakpoint
CREATE INDEX `evaluations_owner_idx` ON `evaluations` (`owner_user_id`);--> statement-breakpoint
-- ADR 0031: time limits run unless chosen off. An evaluation whose questions have time limits was
-- left untimed by the old default: it becomes timed, except while a session using it is running
-- (a deadline appearing in the middle of an exam would be a surprise of its own).
UPDATE `evaluations` SET `enable_timer` = 1
WHERE `enable_timer` = 0
  AND EXISTS (SELECT 1 FROM json_each(`evaluations`.`question_ids`) AS q JOIN `questions` ON `questions`.`id` = q.`value` WHERE `questions`.`max_time` > 0)
  AND NOT EXISTS (
    SELECT 1 FROM `scheduled_sessions` AS s
    JOIN `session_templates` AS t ON t.`id` = s.`session_template_id`, json_each(t.`evaluation_ids`) AS e
    WHERE s.`status` = 'ONGOING' AND e.`value` = `evaluations`.`id`
  );
