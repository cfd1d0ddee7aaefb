CREATE TABLE `message_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` integer NOT NULL,
	`upload_id` text NOT NULL,
	`position` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_photos_message_position_idx` ON `message_photos` (`message_id`,`position`);--> statement-breakpoint
CREATE INDEX `message_photos_upload_idx` ON `message_photos` (`upload_id`);