CREATE TABLE `event_tickets` (
	`event_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`code` text NOT NULL,
	`created_at` integer NOT NULL,
	`checked_in_at` integer,
	`checked_in_by` integer,
	PRIMARY KEY(`event_id`, `user_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`checked_in_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_tickets_code_idx` ON `event_tickets` (`code`,`event_id`);--> statement-breakpoint
CREATE INDEX `event_tickets_user_idx` ON `event_tickets` (`user_id`);--> statement-breakpoint
CREATE TABLE `event_waitlist` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_waitlist_member_idx` ON `event_waitlist` (`event_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `event_waitlist_queue_idx` ON `event_waitlist` (`event_id`,`id`);--> statement-breakpoint
CREATE INDEX `event_waitlist_user_idx` ON `event_waitlist` (`user_id`);--> statement-breakpoint
-- Everyone already going gets a ticket: eight characters of an alphabet without look-alikes (no I, O,
-- 0 or 1), each drawn from random()'s low five bits.
INSERT INTO `event_tickets` (`event_id`, `user_id`, `code`, `created_at`)
SELECT `event_id`, `user_id`,
	substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
	substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
	substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
	substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
	substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
	substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
	substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1) ||
	substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', (random() & 31) + 1, 1),
	`created_at`
FROM `event_attendees`;
--> statement-breakpoint
-- Event search as the listings' (drizzle/0006): trigram substrings, accents ignored ('cafe' finds 'Café').
CREATE VIRTUAL TABLE `events_fts` USING fts5(
	`title`,
	`description`,
	content='events',
	content_rowid='id',
	tokenize='trigram remove_diacritics 1'
);--> statement-breakpoint
INSERT INTO `events_fts`(`events_fts`) VALUES ('rebuild');--> statement-breakpoint
CREATE TRIGGER `events_fts_after_insert` AFTER INSERT ON `events` BEGIN
	INSERT INTO `events_fts`(`rowid`, `title`, `description`) VALUES (new.`id`, new.`title`, new.`description`);
END;--> statement-breakpoint
CREATE TRIGGER `events_fts_after_delete` AFTER DELETE ON `events` BEGIN
	INSERT INTO `events_fts`(`events_fts`, `rowid`, `title`, `description`) VALUES ('delete', old.`id`, old.`title`, old.`description`);
END;--> statement-breakpoint
CREATE TRIGGER `events_fts_after_update` AFTER UPDATE OF `title`, `description` ON `events` BEGIN
	INSERT INTO `events_fts`(`events_fts`, `rowid`, `title`, `description`) VALUES ('delete', old.`id`, old.`title`, old.`description`);
	INSERT INTO `events_fts`(`rowid`, `title`, `description`) VALUES (new.`id`, new.`title`, new.`description`);
END;
