CREATE TABLE `access_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`ip` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `access_records_user_idx` ON `access_records` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `access_records_created_idx` ON `access_records` (`created_at`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `access_recorded_at` integer;