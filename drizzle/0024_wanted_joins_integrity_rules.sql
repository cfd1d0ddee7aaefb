CREATE TABLE `integrity_rule_seeds` (
	`community_id` integer PRIMARY KEY NOT NULL,
	`seeded_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `integrity_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`phrase` text NOT NULL,
	`action` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `integrity_rules_phrase_idx` ON `integrity_rules` (`community_id`,`phrase`);--> statement-breakpoint
CREATE TABLE `wanted_joins` (
	`wanted_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`wanted_id`, `user_id`),
	FOREIGN KEY (`wanted_id`) REFERENCES `wanted_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wanted_joins_user_idx` ON `wanted_joins` (`user_id`);--> statement-breakpoint
ALTER TABLE `wanted_posts` ADD `wanters_count` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `wanted_popular_idx` ON `wanted_posts` (`community_id`,`wanters_count`,`id`) WHERE "wanted_posts"."status" = 'open' and "wanted_posts"."moderation_status" = 'active';--> statement-breakpoint
-- How many people want a post: its poster and each 'Eu também', kept in the same transaction as the
-- join (also the cascade when an account or a post goes), as the listing counts are.
CREATE TRIGGER `wanted_joins_after_insert` AFTER INSERT ON `wanted_joins` BEGIN
	UPDATE `wanted_posts` SET `wanters_count` = `wanters_count` + 1 WHERE `id` = new.`wanted_id`;
END;--> statement-breakpoint
CREATE TRIGGER `wanted_joins_after_delete` AFTER DELETE ON `wanted_joins` BEGIN
	UPDATE `wanted_posts` SET `wanters_count` = `wanters_count` - 1 WHERE `id` = old.`wanted_id`;
END;
