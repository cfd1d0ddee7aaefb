CREATE TABLE `courses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`name` text NOT NULL,
	`folded_name` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `courses_community_name_idx` ON `courses` (`community_id`,`folded_name`);--> statement-breakpoint
CREATE TABLE `disciplines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`course_id` integer NOT NULL,
	`name` text NOT NULL,
	`folded_name` text NOT NULL,
	`code` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `disciplines_course_name_idx` ON `disciplines` (`course_id`,`folded_name`);--> statement-breakpoint
CREATE TABLE `listing_disciplines` (
	`listing_id` integer NOT NULL,
	`discipline_id` integer NOT NULL,
	PRIMARY KEY(`listing_id`, `discipline_id`),
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`discipline_id`) REFERENCES `disciplines`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `listing_disciplines_discipline_idx` ON `listing_disciplines` (`discipline_id`,`listing_id`);--> statement-breakpoint
CREATE TABLE `member_courses` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`course_id` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `member_courses_course_idx` ON `member_courses` (`course_id`);--> statement-breakpoint
ALTER TABLE `listings` ADD `course_id` integer REFERENCES courses(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `listings` ADD `isbn` text;--> statement-breakpoint
ALTER TABLE `listings` ADD `tag_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `listings_public_course_recent_idx` ON `listings` (`community_id`,`course_id`,`listed_at`,`id`) WHERE "listings"."status" = 'ativo' and "listings"."moderation_status" = 'active' and "listings"."hold" is null and "listings"."course_id" is not null;--> statement-breakpoint
CREATE INDEX `listings_public_course_vupts_idx` ON `listings` (`community_id`,`course_id`,`vupts_count`,`id`) WHERE "listings"."status" = 'ativo' and "listings"."moderation_status" = 'active' and "listings"."hold" is null and "listings"."course_id" is not null;--> statement-breakpoint
CREATE INDEX `listings_public_course_price_idx` ON `listings` (`community_id`,`course_id`,`price_cents`,`id`) WHERE "listings"."status" = 'ativo' and "listings"."moderation_status" = 'active' and "listings"."hold" is null and "listings"."course_id" is not null;--> statement-breakpoint
CREATE INDEX `listings_course_idx` ON `listings` (`course_id`);;--> statement-breakpoint
-- The search index gains a third column, the listing's tags (disciplines' names and codes, ISBN): the
-- table is made again with it and rebuilt from the listings, and the triggers write all three.
DROP TRIGGER `listings_fts_after_insert`;--> statement-breakpoint
DROP TRIGGER `listings_fts_after_delete`;--> statement-breakpoint
DROP TRIGGER `listings_fts_after_update`;--> statement-breakpoint
DROP TABLE `listings_fts`;--> statement-breakpoint
CREATE VIRTUAL TABLE `listings_fts` USING fts5(
	`title`,
	`description`,
	`tag_text`,
	content='listings',
	content_rowid='id',
	tokenize='trigram remove_diacritics 1'
);--> statement-breakpoint
INSERT INTO `listings_fts`(`listings_fts`) VALUES ('rebuild');--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_insert` AFTER INSERT ON `listings` BEGIN
	INSERT INTO `listings_fts`(`rowid`, `title`, `description`, `tag_text`) VALUES (new.`id`, new.`title`, new.`description`, new.`tag_text`);
END;--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_delete` AFTER DELETE ON `listings` BEGIN
	INSERT INTO `listings_fts`(`listings_fts`, `rowid`, `title`, `description`, `tag_text`) VALUES ('delete', old.`id`, old.`title`, old.`description`, old.`tag_text`);
END;--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_update` AFTER UPDATE OF `title`, `description`, `tag_text` ON `listings` BEGIN
	INSERT INTO `listings_fts`(`listings_fts`, `rowid`, `title`, `description`, `tag_text`) VALUES ('delete', old.`id`, old.`title`, old.`description`, old.`tag_text`);
	INSERT INTO `listings_fts`(`rowid`, `title`, `description`, `tag_text`) VALUES (new.`id`, new.`title`, new.`description`, new.`tag_text`);
END;--> statement-breakpoint
-- search_text follows: the tags on a third line when there are any, so an untagged listing's text stays
-- as 0019 wrote it.
DROP TRIGGER `listings_search_text_after_insert`;--> statement-breakpoint
DROP TRIGGER `listings_search_text_after_update`;--> statement-breakpoint
CREATE TRIGGER `listings_search_text_after_insert` AFTER INSERT ON `listings` BEGIN
	UPDATE `listings` SET `search_text` = fold_for_search(new.`title`) || char(10) || fold_for_search(new.`description`) || CASE WHEN new.`tag_text` = '' THEN '' ELSE char(10) || fold_for_search(new.`tag_text`) END WHERE `id` = new.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `listings_search_text_after_update` AFTER UPDATE OF `title`, `description`, `tag_text` ON `listings` BEGIN
	UPDATE `listings` SET `search_text` = fold_for_search(new.`title`) || char(10) || fold_for_search(new.`description`) || CASE WHEN new.`tag_text` = '' THEN '' ELSE char(10) || fold_for_search(new.`tag_text`) END WHERE `id` = new.`id`;
END;