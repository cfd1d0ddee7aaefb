DROP INDEX `listings_public_recent_idx`;--> statement-breakpoint
ALTER TABLE `listings` ADD `search_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- fold_for_search is the application's (openDatabase registers it on every connection): lower case
-- without accents, as the trigram index's remove_diacritics compares. A line between the two texts, so
-- a search word (never spanning whitespace) is found in one of them, as in the index.
UPDATE `listings` SET `search_text` = fold_for_search(`title`) || char(10) || fold_for_search(`description`);--> statement-breakpoint
CREATE TRIGGER `listings_search_text_after_insert` AFTER INSERT ON `listings` BEGIN
	UPDATE `listings` SET `search_text` = fold_for_search(new.`title`) || char(10) || fold_for_search(new.`description`) WHERE `id` = new.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `listings_search_text_after_update` AFTER UPDATE OF `title`, `description` ON `listings` BEGIN
	UPDATE `listings` SET `search_text` = fold_for_search(new.`title`) || char(10) || fold_for_search(new.`description`) WHERE `id` = new.`id`;
END;--> statement-breakpoint
CREATE INDEX `listings_public_recent_idx` ON `listings` (`community_id`,`listed_at`,`id`,`seller_id`,`condition`,`price_cents`,`search_text`) WHERE "listings"."status" = 'ativo' and "listings"."moderation_status" = 'active' and "listings"."hold" is null;
