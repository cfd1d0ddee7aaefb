CREATE TABLE `alumni` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`since` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `reverifications` (
	`semester_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`noticed_at` integer,
	`extended_until` integer,
	PRIMARY KEY(`semester_id`, `user_id`),
	FOREIGN KEY (`semester_id`) REFERENCES `semesters`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reverifications_user_idx` ON `reverifications` (`user_id`);
--> statement-breakpoint
CREATE TABLE `semesters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`name` text NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "semesters_ends_after_start" CHECK("semesters"."ends_on" > "semesters"."starts_on")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `semesters_community_start_idx` ON `semesters` (`community_id`,`starts_on`);
--> statement-breakpoint
DROP INDEX `listings_public_recent_idx`;
--> statement-breakpoint
DROP INDEX `listings_public_vupts_idx`;
--> statement-breakpoint
DROP INDEX `listings_public_price_idx`;
--> statement-breakpoint
DROP INDEX `listings_public_views_idx`;
--> statement-breakpoint
DROP INDEX `listings_public_category_recent_idx`;
--> statement-breakpoint
DROP INDEX `listings_public_category_vupts_idx`;
--> statement-breakpoint
DROP INDEX `listings_public_category_price_idx`;
--> statement-breakpoint
DROP INDEX `listings_public_subcategory_recent_idx`;
--> statement-breakpoint
DROP INDEX `listings_public_subcategory_vupts_idx`;
--> statement-breakpoint
DROP INDEX `listings_public_subcategory_price_idx`;
--> statement-breakpoint
ALTER TABLE `listings` ADD `hold` text;
--> statement-breakpoint
ALTER TABLE `listings` ADD `expires_at` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `listings` ADD `expiry_notice_at` integer;
--> statement-breakpoint
ALTER TABLE `listings` ADD `listed_at` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Existing listings: 'Mais recentes' keeps their publication order, and none expires before its seller
-- has had the one-week notice: 60 days from publication, but never sooner than two weeks from the upgrade.
UPDATE `listings` SET `listed_at` = `created_at`,
	`expires_at` = max(`created_at` + 5184000000, CAST(unixepoch('subsec') * 1000 AS INTEGER) + 1209600000);
--> statement-breakpoint
CREATE INDEX `listings_expiry_idx` ON `listings` (`expires_at`) WHERE "listings"."hold" is null;
--> statement-breakpoint
CREATE INDEX `listings_public_recent_idx` ON `listings` (`community_id`,`listed_at`,`id`) WHERE "listings"."status" = 'ativo' and "listings"."moderation_status" = 'active' and "listings"."hold" is null;
--> statement-breakpoint
CREATE INDEX `listings_public_vupts_idx` ON `listings` (`community_id`,`vupts_count`,`id`) WHERE "listings"."status" = 'ativo' and "listings"."moderation_status" = 'active' and "listings"."hold" is null;
--> statement-breakpoint
CREATE INDEX `listings_public_price_idx` ON `listings` (`community_id`,`price_cents`,`id`) WHERE "listings"."status" = 'ativo' and "listings"."moderation_status" = 'active' and "listings"."hold" is null;
--> statement-breakpoint
CREATE INDEX `listings_public_views_idx` ON `listings` (`community_id`,`views`,`created_at`) WHERE "listings"."status" = 'ativo' and "listings"."moderation_status" = 'active' and "listings"."hold" is null;
--> statement-breakpoint
CREATE INDEX `listings_public_category_recent_idx` ON `listings` (`community_id`,`main_category_id`,`listed_at`,`id`) WHERE "listings"."status" = 'ativo' and "listings"."moderation_status" = 'active' and "listings"."hold" is null;
--> statement-breakpoint
CREATE INDEX `listings_public_category_vupts_idx` ON `listings` (`community_id`,`main_category_id`,`vupts_count`,`id`) WHERE "listings"."status" = 'ativo' and "listings"."moderation_status" = 'active' and "listings"."hold" is null;
--> statement-breakpoint
CREATE INDEX `listings_public_category_price_idx` ON `listings` (`community_id`,`main_category_id`,`price_cents`,`id`) WHERE "listings"."status" = 'ativo' and "listings"."moderation_status" = 'active' and "listings"."hold" is null;
--> statement-breakpoint
CREATE INDEX `listings_public_subcategory_recent_idx` ON `listings` (`community_id`,`subcategory_id`,`listed_at`,`id`) WHERE "listings"."status" = 'ativo' and "listings"."moderation_status" = 'active' and "listings"."hold" is null;
--> statement-breakpoint
CREATE INDEX `listings_public_subcategory_vupts_idx` ON `listings` (`community_id`,`subcategory_id`,`vupts_count`,`id`) WHERE "listings"."status" = 'ativo' and "listings"."moderation_status" = 'active' and "listings"."hold" is null;
--> statement-breakpoint
CREATE INDEX `listings_public_subcategory_price_idx` ON `listings` (`community_id`,`subcategory_id`,`price_cents`,`id`) WHERE "listings"."status" = 'ativo' and "listings"."moderation_status" = 'active' and "listings"."hold" is null;
--> statement-breakpoint
-- A held listing (expired, or its seller an egresso) is not live: the counters follow the new rule.
DROP TRIGGER `live_listing_counts_after_insert`;--> statement-breakpoint
DROP TRIGGER `live_listing_counts_after_delete`;--> statement-breakpoint
DROP TRIGGER `live_listing_counts_after_update`;--> statement-breakpoint
DELETE FROM `live_listing_counts`;--> statement-breakpoint
DELETE FROM `live_seller_counts`;--> statement-breakpoint
INSERT INTO `live_listing_counts` (`community_id`, `main_category_id`, `listings`)
	SELECT `community_id`, `main_category_id`, count(*) FROM `listings`
	WHERE `status` = 'ativo' AND `moderation_status` = 'active' AND `hold` IS NULL
	GROUP BY `community_id`, `main_category_id`;--> statement-breakpoint
INSERT INTO `live_seller_counts` (`community_id`, `seller_id`, `listings`)
	SELECT `community_id`, `seller_id`, count(*) FROM `listings`
	WHERE `status` = 'ativo' AND `moderation_status` = 'active' AND `hold` IS NULL
	GROUP BY `community_id`, `seller_id`;--> statement-breakpoint
CREATE TRIGGER `live_listing_counts_after_insert` AFTER INSERT ON `listings`
WHEN new.`status` = 'ativo' AND new.`moderation_status` = 'active' AND new.`hold` IS NULL BEGIN
	INSERT INTO `live_listing_counts` (`community_id`, `main_category_id`, `listings`)
		VALUES (new.`community_id`, new.`main_category_id`, 1)
		ON CONFLICT (`community_id`, `main_category_id`) DO UPDATE SET `listings` = `listings` + 1;
	INSERT INTO `live_seller_counts` (`community_id`, `seller_id`, `listings`)
		VALUES (new.`community_id`, new.`seller_id`, 1)
		ON CONFLICT (`community_id`, `seller_id`) DO UPDATE SET `listings` = `listings` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `live_listing_counts_after_delete` AFTER DELETE ON `listings`
WHEN old.`status` = 'ativo' AND old.`moderation_status` = 'active' AND old.`hold` IS NULL BEGIN
	UPDATE `live_listing_counts` SET `listings` = `listings` - 1
		WHERE `community_id` = old.`community_id` AND `main_category_id` = old.`main_category_id`;
	UPDATE `live_seller_counts` SET `listings` = `listings` - 1
		WHERE `community_id` = old.`community_id` AND `seller_id` = old.`seller_id`;
	DELETE FROM `live_seller_counts`
		WHERE `community_id` = old.`community_id` AND `seller_id` = old.`seller_id` AND `listings` <= 0;
END;--> statement-breakpoint
CREATE TRIGGER `live_listing_counts_after_update`
AFTER UPDATE OF `status`, `moderation_status`, `hold`, `community_id`, `main_category_id`, `seller_id` ON `listings`
WHEN (old.`status` = 'ativo' AND old.`moderation_status` = 'active' AND old.`hold` IS NULL)
	OR (new.`status` = 'ativo' AND new.`moderation_status` = 'active' AND new.`hold` IS NULL) BEGIN
	UPDATE `live_listing_counts` SET `listings` = `listings` - 1
		WHERE old.`status` = 'ativo' AND old.`moderation_status` = 'active' AND old.`hold` IS NULL
			AND `community_id` = old.`community_id` AND `main_category_id` = old.`main_category_id`;
	UPDATE `live_seller_counts` SET `listings` = `listings` - 1
		WHERE old.`status` = 'ativo' AND old.`moderation_status` = 'active' AND old.`hold` IS NULL
			AND `community_id` = old.`community_id` AND `seller_id` = old.`seller_id`;
	DELETE FROM `live_seller_counts`
		WHERE `community_id` = old.`community_id` AND `seller_id` = old.`seller_id` AND `listings` <= 0;
	INSERT INTO `live_listing_counts` (`community_id`, `main_category_id`, `listings`)
		SELECT new.`community_id`, new.`main_category_id`, 1
		WHERE new.`status` = 'ativo' AND new.`moderation_status` = 'active' AND new.`hold` IS NULL
		ON CONFLICT (`community_id`, `main_category_id`) DO UPDATE SET `listings` = `listings` + 1;
	INSERT INTO `live_seller_counts` (`community_id`, `seller_id`, `listings`)
		SELECT new.`community_id`, new.`seller_id`, 1
		WHERE new.`status` = 'ativo' AND new.`moderation_status` = 'active' AND new.`hold` IS NULL
		ON CONFLICT (`community_id`, `seller_id`) DO UPDATE SET `listings` = `listings` + 1;
END;
