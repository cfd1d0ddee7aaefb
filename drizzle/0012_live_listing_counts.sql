CREATE TABLE `live_listing_counts` (
	`community_id` integer NOT NULL,
	`main_category_id` integer NOT NULL,
	`listings` integer NOT NULL,
	PRIMARY KEY(`community_id`, `main_category_id`)
);
--> statement-breakpoint
CREATE TABLE `live_seller_counts` (
	`community_id` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`listings` integer NOT NULL,
	PRIMARY KEY(`community_id`, `seller_id`)
);
--> statement-breakpoint
INSERT INTO `live_listing_counts` (`community_id`, `main_category_id`, `listings`)
	SELECT `community_id`, `main_category_id`, count(*) FROM `listings`
	WHERE `status` = 'ativo' AND `moderation_status` = 'active'
	GROUP BY `community_id`, `main_category_id`;--> statement-breakpoint
INSERT INTO `live_seller_counts` (`community_id`, `seller_id`, `listings`)
	SELECT `community_id`, `seller_id`, count(*) FROM `listings`
	WHERE `status` = 'ativo' AND `moderation_status` = 'active'
	GROUP BY `community_id`, `seller_id`;--> statement-breakpoint
CREATE TRIGGER `live_listing_counts_after_insert` AFTER INSERT ON `listings`
WHEN new.`status` = 'ativo' AND new.`moderation_status` = 'active' BEGIN
	INSERT INTO `live_listing_counts` (`community_id`, `main_category_id`, `listings`)
		VALUES (new.`community_id`, new.`main_category_id`, 1)
		ON CONFLICT (`community_id`, `main_category_id`) DO UPDATE SET `listings` = `listings` + 1;
	INSERT INTO `live_seller_counts` (`community_id`, `seller_id`, `listings`)
		VALUES (new.`community_id`, new.`seller_id`, 1)
		ON CONFLICT (`community_id`, `seller_id`) DO UPDATE SET `listings` = `listings` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `live_listing_counts_after_delete` AFTER DELETE ON `listings`
WHEN old.`status` = 'ativo' AND old.`moderation_status` = 'active' BEGIN
	UPDATE `live_listing_counts` SET `listings` = `listings` - 1
		WHERE `community_id` = old.`community_id` AND `main_category_id` = old.`main_category_id`;
	UPDATE `live_seller_counts` SET `listings` = `listings` - 1
		WHERE `community_id` = old.`community_id` AND `seller_id` = old.`seller_id`;
	DELETE FROM `live_seller_counts`
		WHERE `community_id` = old.`community_id` AND `seller_id` = old.`seller_id` AND `listings` <= 0;
END;--> statement-breakpoint
CREATE TRIGGER `live_listing_counts_after_update`
AFTER UPDATE OF `status`, `moderation_status`, `community_id`, `main_category_id`, `seller_id` ON `listings`
WHEN (old.`status` = 'ativo' AND old.`moderation_status` = 'active')
	OR (new.`status` = 'ativo' AND new.`moderation_status` = 'active') BEGIN
	UPDATE `live_listing_counts` SET `listings` = `listings` - 1
		WHERE old.`status` = 'ativo' AND old.`moderation_status` = 'active'
			AND `community_id` = old.`community_id` AND `main_category_id` = old.`main_category_id`;
	UPDATE `live_seller_counts` SET `listings` = `listings` - 1
		WHERE old.`status` = 'ativo' AND old.`moderation_status` = 'active'
			AND `community_id` = old.`community_id` AND `seller_id` = old.`seller_id`;
	DELETE FROM `live_seller_counts`
		WHERE `community_id` = old.`community_id` AND `seller_id` = old.`seller_id` AND `listings` <= 0;
	INSERT INTO `live_listing_counts` (`community_id`, `main_category_id`, `listings`)
		SELECT new.`community_id`, new.`main_category_id`, 1
		WHERE new.`status` = 'ativo' AND new.`moderation_status` = 'active'
		ON CONFLICT (`community_id`, `main_category_id`) DO UPDATE SET `listings` = `listings` + 1;
	INSERT INTO `live_seller_counts` (`community_id`, `seller_id`, `listings`)
		SELECT new.`community_id`, new.`seller_id`, 1
		WHERE new.`status` = 'ativo' AND new.`moderation_status` = 'active'
		ON CONFLICT (`community_id`, `seller_id`) DO UPDATE SET `listings` = `listings` + 1;
END;
