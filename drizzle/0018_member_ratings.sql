CREATE TABLE `member_ratings` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`reviews` integer NOT NULL,
	`stars_sum` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `member_ratings` (`user_id`, `reviews`, `stars_sum`)
	SELECT `reviewee_id`, count(*), sum(`stars`) FROM `reviews`
	WHERE `removed_at` IS NULL
	GROUP BY `reviewee_id`;--> statement-breakpoint
CREATE TRIGGER `member_ratings_after_insert` AFTER INSERT ON `reviews`
WHEN new.`removed_at` IS NULL BEGIN
	INSERT INTO `member_ratings` (`user_id`, `reviews`, `stars_sum`)
		VALUES (new.`reviewee_id`, 1, new.`stars`)
		ON CONFLICT (`user_id`) DO UPDATE SET `reviews` = `reviews` + 1, `stars_sum` = `stars_sum` + excluded.`stars_sum`;
END;--> statement-breakpoint
CREATE TRIGGER `member_ratings_after_delete` AFTER DELETE ON `reviews`
WHEN old.`removed_at` IS NULL BEGIN
	UPDATE `member_ratings` SET `reviews` = `reviews` - 1, `stars_sum` = `stars_sum` - old.`stars`
		WHERE `user_id` = old.`reviewee_id`;
	DELETE FROM `member_ratings` WHERE `user_id` = old.`reviewee_id` AND `reviews` <= 0;
END;--> statement-breakpoint
CREATE TRIGGER `member_ratings_after_update`
AFTER UPDATE OF `stars`, `removed_at`, `reviewee_id` ON `reviews`
WHEN old.`removed_at` IS NULL OR new.`removed_at` IS NULL BEGIN
	UPDATE `member_ratings` SET `reviews` = `reviews` - 1, `stars_sum` = `stars_sum` - old.`stars`
		WHERE old.`removed_at` IS NULL AND `user_id` = old.`reviewee_id`;
	DELETE FROM `member_ratings` WHERE `user_id` = old.`reviewee_id` AND `reviews` <= 0;
	INSERT INTO `member_ratings` (`user_id`, `reviews`, `stars_sum`)
		SELECT new.`reviewee_id`, 1, new.`stars`
		WHERE new.`removed_at` IS NULL
		ON CONFLICT (`user_id`) DO UPDATE SET `reviews` = `reviews` + 1, `stars_sum` = `stars_sum` + excluded.`stars_sum`;
END;
