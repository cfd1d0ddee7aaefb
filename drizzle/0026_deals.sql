CREATE TABLE `deal_listings` (
	`deal_id` integer NOT NULL,
	`listing_id` integer NOT NULL,
	PRIMARY KEY(`deal_id`, `listing_id`),
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `deal_listings_listing_idx` ON `deal_listings` (`listing_id`);--> statement-breakpoint
CREATE TABLE `deals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversation_id` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`buyer_id` integer NOT NULL,
	`status` text DEFAULT 'aberto' NOT NULL,
	`activity_at` integer,
	`activity_by_id` integer,
	`seller_seen_at` integer,
	`buyer_seen_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`activity_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "deals_two_sides" CHECK("deals"."seller_id" <> "deals"."buyer_id")
);
--> statement-breakpoint
CREATE INDEX `deals_conversation_idx` ON `deals` (`conversation_id`,`id`);--> statement-breakpoint
CREATE INDEX `deals_seller_idx` ON `deals` (`seller_id`,`status`);--> statement-breakpoint
DROP INDEX `offers_one_open_idx`;--> statement-breakpoint
ALTER TABLE `offers` ADD `deal_id` integer REFERENCES deals(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `offers` ADD `closed_by_listing_id` integer REFERENCES listings(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `offers_deal_idx` ON `offers` (`deal_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `offers_one_open_idx` ON `offers` (`deal_id`) WHERE "offers"."status" = 'aberta';--> statement-breakpoint
ALTER TABLE `listings` ADD `reserved_by_deal_id` integer REFERENCES deals(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `meetings` ADD `deal_id` integer REFERENCES deals(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `meetings_deal_idx` ON `meetings` (`deal_id`,`id`);--> statement-breakpoint
ALTER TABLE `reviews` ADD `deal_id` integer REFERENCES deals(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `reviews` ADD `counted` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_one_per_side_of_deal_idx` ON `reviews` (`deal_id`,`reviewer_id`);--> statement-breakpoint
CREATE INDEX `reviews_pair_idx` ON `reviews` (`reviewer_id`,`reviewee_id`,`created_at`);--> statement-breakpoint
-- data migration
CREATE TABLE `_deal_keys` AS
	SELECT row_number() OVER (ORDER BY min(`at`), `conversation_id`, `listing_id`) AS `deal_id`,
		`conversation_id`, `listing_id`, `seller_id`, `buyer_id`, min(`at`) AS `created_at`, max(`at`) AS `activity_at`
	FROM (
		SELECT `conversation_id`, `listing_id`, `seller_id`, `buyer_id`, `created_at` AS `at` FROM `offers`
		UNION ALL SELECT `conversation_id`, `listing_id`, `seller_id`, `buyer_id`, `updated_at` FROM `meetings`
		UNION ALL SELECT c.`id`, c.`listing_id`, l.`seller_id`,
				CASE WHEN c.`participant_one` = l.`seller_id` THEN c.`participant_two` ELSE c.`participant_one` END,
				c.`created_at`
			FROM `conversations` c JOIN `listings` l ON l.`id` = c.`listing_id`
			WHERE l.`seller_id` IN (c.`participant_one`, c.`participant_two`)
	)
	GROUP BY `conversation_id`, `listing_id`, `seller_id`, `buyer_id`;--> statement-breakpoint
INSERT INTO `deals` (`id`, `conversation_id`, `seller_id`, `buyer_id`, `status`, `activity_at`, `created_at`, `updated_at`)
	SELECT k.`deal_id`, k.`conversation_id`, k.`seller_id`, k.`buyer_id`,
		CASE WHEN EXISTS (SELECT 1 FROM `meetings` m WHERE m.`conversation_id` = k.`conversation_id`
			AND m.`listing_id` IS k.`listing_id` AND m.`seller_id` = k.`seller_id` AND m.`buyer_id` = k.`buyer_id`
			AND m.`status` = 'confirmada') THEN 'concluido' ELSE 'aberto' END,
		CASE WHEN EXISTS (SELECT 1 FROM `offers` o WHERE o.`conversation_id` = k.`conversation_id`
			AND o.`listing_id` IS k.`listing_id`) OR EXISTS (SELECT 1 FROM `meetings` m
			WHERE m.`conversation_id` = k.`conversation_id` AND m.`listing_id` IS k.`listing_id`)
			THEN k.`activity_at` END,
		k.`created_at`, k.`activity_at`
	FROM `_deal_keys` k;--> statement-breakpoint
INSERT INTO `deal_listings` (`deal_id`, `listing_id`)
	SELECT `deal_id`, `listing_id` FROM `_deal_keys` WHERE `listing_id` IS NOT NULL;--> statement-breakpoint
UPDATE `offers` SET `deal_id` = (SELECT k.`deal_id` FROM `_deal_keys` k
	WHERE k.`conversation_id` = `offers`.`conversation_id` AND k.`listing_id` IS `offers`.`listing_id`
		AND k.`seller_id` = `offers`.`seller_id` AND k.`buyer_id` = `offers`.`buyer_id`);--> statement-breakpoint
UPDATE `meetings` SET `deal_id` = (SELECT k.`deal_id` FROM `_deal_keys` k
	WHERE k.`conversation_id` = `meetings`.`conversation_id` AND k.`listing_id` IS `meetings`.`listing_id`
		AND k.`seller_id` = `meetings`.`seller_id` AND k.`buyer_id` = `meetings`.`buyer_id`);--> statement-breakpoint
UPDATE `reviews` SET `deal_id` = (SELECT m.`deal_id` FROM `meetings` m WHERE m.`id` = `reviews`.`meeting_id`);--> statement-breakpoint
DROP TABLE `_deal_keys`;--> statement-breakpoint
UPDATE `reviews` SET `counted` = 0 WHERE EXISTS (SELECT 1 FROM `reviews` earlier
	WHERE earlier.`reviewer_id` = `reviews`.`reviewer_id` AND earlier.`reviewee_id` = `reviews`.`reviewee_id`
		AND earlier.`removed_at` IS NULL AND earlier.`id` <> `reviews`.`id`
		AND earlier.`created_at` <= `reviews`.`created_at` AND earlier.`id` < `reviews`.`id`
		AND earlier.`created_at` > `reviews`.`created_at` - 30 * 86400000);--> statement-breakpoint
DROP TRIGGER `member_ratings_after_insert`;--> statement-breakpoint
DROP TRIGGER `member_ratings_after_delete`;--> statement-breakpoint
DROP TRIGGER `member_ratings_after_update`;--> statement-breakpoint
DELETE FROM `member_ratings`;--> statement-breakpoint
INSERT INTO `member_ratings` (`user_id`, `reviews`, `stars_sum`)
	SELECT `reviewee_id`, count(*), sum(`stars`) FROM `reviews`
	WHERE `removed_at` IS NULL AND `counted` = 1
	GROUP BY `reviewee_id`;--> statement-breakpoint
CREATE TRIGGER `member_ratings_after_insert` AFTER INSERT ON `reviews`
WHEN new.`removed_at` IS NULL AND new.`counted` = 1 BEGIN
	INSERT INTO `member_ratings` (`user_id`, `reviews`, `stars_sum`)
		VALUES (new.`reviewee_id`, 1, new.`stars`)
		ON CONFLICT (`user_id`) DO UPDATE SET `reviews` = `reviews` + 1, `stars_sum` = `stars_sum` + excluded.`stars_sum`;
END;--> statement-breakpoint
CREATE TRIGGER `member_ratings_after_delete` AFTER DELETE ON `reviews`
WHEN old.`removed_at` IS NULL AND old.`counted` = 1 BEGIN
	UPDATE `member_ratings` SET `reviews` = `reviews` - 1, `stars_sum` = `stars_sum` - old.`stars`
		WHERE `user_id` = old.`reviewee_id`;
	DELETE FROM `member_ratings` WHERE `user_id` = old.`reviewee_id` AND `reviews` <= 0;
END;--> statement-breakpoint
CREATE TRIGGER `member_ratings_after_update`
AFTER UPDATE OF `stars`, `removed_at`, `reviewee_id`, `counted` ON `reviews`
WHEN (old.`removed_at` IS NULL AND old.`counted` = 1) OR (new.`removed_at` IS NULL AND new.`counted` = 1) BEGIN
	UPDATE `member_ratings` SET `reviews` = `reviews` - 1, `stars_sum` = `stars_sum` - old.`stars`
		WHERE old.`removed_at` IS NULL AND old.`counted` = 1 AND `user_id` = old.`reviewee_id`;
	DELETE FROM `member_ratings` WHERE `user_id` = old.`reviewee_id` AND `reviews` <= 0;
	INSERT INTO `member_ratings` (`user_id`, `reviews`, `stars_sum`)
		SELECT new.`reviewee_id`, 1, new.`stars`
		WHERE new.`removed_at` IS NULL AND new.`counted` = 1
		ON CONFLICT (`user_id`) DO UPDATE SET `reviews` = `reviews` + 1, `stars_sum` = `stars_sum` + excluded.`stars_sum`;
END;