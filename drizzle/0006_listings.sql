-- One name for a listing across the database, the API and the client: products becomes listings.
-- The search index and its triggers name the table in their text, so they are made again at the end.
DROP TRIGGER `products_fts_after_insert`;--> statement-breakpoint
DROP TRIGGER `products_fts_after_delete`;--> statement-breakpoint
DROP TRIGGER `products_fts_after_update`;--> statement-breakpoint
DROP TABLE `products_fts`;--> statement-breakpoint
-- Renaming first rewrites the foreign keys of the tables that point at it.
ALTER TABLE `products` RENAME TO `listings`;--> statement-breakpoint
-- Check constraints cannot be renamed in place: the table is rebuilt (foreign keys are off during
-- migrations, see server/db/client.ts), keeping its AUTOINCREMENT counter so no id is ever reused.
CREATE TABLE `__new_listings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`price_cents` integer NOT NULL,
	`main_category_id` integer NOT NULL,
	`subcategory_id` integer NOT NULL,
	`condition` text NOT NULL,
	`status` text DEFAULT 'ativo' NOT NULL,
	`moderation_status` text DEFAULT 'active' NOT NULL,
	`removal_reason` text,
	`views` integer DEFAULT 0 NOT NULL,
	`vupts_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`main_category_id`) REFERENCES `main_categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`subcategory_id`) REFERENCES `subcategories`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "listings_price_positive" CHECK(`price_cents` > 0),
	CONSTRAINT "listings_counters_non_negative" CHECK(`views` >= 0 and `vupts_count` >= 0)
);--> statement-breakpoint
INSERT INTO `__new_listings`(`id`, `community_id`, `seller_id`, `title`, `description`, `price_cents`, `main_category_id`, `subcategory_id`, `condition`, `status`, `moderation_status`, `removal_reason`, `views`, `vupts_count`, `created_at`, `updated_at`) SELECT `id`, `community_id`, `seller_id`, `title`, `description`, `price_cents`, `main_category_id`, `subcategory_id`, `condition`, `status`, `moderation_status`, `removal_reason`, `views`, `vupts_count`, `created_at`, `updated_at` FROM `listings`;--> statement-breakpoint
UPDATE `sqlite_sequence` SET `seq` = (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = 'listings') WHERE `name` = '__new_listings' AND EXISTS (SELECT 1 FROM `sqlite_sequence` WHERE `name` = 'listings');--> statement-breakpoint
DROP TABLE `listings`;--> statement-breakpoint
ALTER TABLE `__new_listings` RENAME TO `listings`;--> statement-breakpoint
CREATE INDEX `listings_public_recent_idx` ON `listings` (`community_id`,`created_at`,`id`) WHERE "listings"."status" = 'ativo' and "listings"."moderation_status" = 'active';--> statement-breakpoint
CREATE INDEX `listings_public_vupts_idx` ON `listings` (`community_id`,`vupts_count`,`id`) WHERE "listings"."status" = 'ativo' and "listings"."moderation_status" = 'active';--> statement-breakpoint
CREATE INDEX `listings_public_price_idx` ON `listings` (`community_id`,`price_cents`,`id`) WHERE "listings"."status" = 'ativo' and "listings"."moderation_status" = 'active';--> statement-breakpoint
CREATE INDEX `listings_public_views_idx` ON `listings` (`community_id`,`views`,`created_at`) WHERE "listings"."status" = 'ativo' and "listings"."moderation_status" = 'active';--> statement-breakpoint
CREATE INDEX `listings_category_recent_idx` ON `listings` (`community_id`,`main_category_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `listings_subcategory_idx` ON `listings` (`subcategory_id`);--> statement-breakpoint
CREATE INDEX `listings_seller_idx` ON `listings` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `listings_moderation_idx` ON `listings` (`community_id`,`moderation_status`,`created_at`);--> statement-breakpoint
ALTER TABLE `product_images` RENAME TO `listing_images`;--> statement-breakpoint
ALTER TABLE `listing_images` RENAME COLUMN `product_id` TO `listing_id`;--> statement-breakpoint
DROP INDEX `product_images_product_position_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `listing_images_listing_position_idx` ON `listing_images` (`listing_id`,`position`);--> statement-breakpoint
ALTER TABLE `product_views` RENAME TO `listing_views`;--> statement-breakpoint
ALTER TABLE `listing_views` RENAME COLUMN `product_id` TO `listing_id`;--> statement-breakpoint
ALTER TABLE `product_vupts` RENAME TO `listing_vupts`;--> statement-breakpoint
ALTER TABLE `listing_vupts` RENAME COLUMN `product_id` TO `listing_id`;--> statement-breakpoint
DROP INDEX `product_vupts_product_idx`;--> statement-breakpoint
CREATE INDEX `listing_vupts_listing_idx` ON `listing_vupts` (`listing_id`);--> statement-breakpoint
ALTER TABLE `favorites` RENAME COLUMN `product_id` TO `listing_id`;--> statement-breakpoint
DROP INDEX `favorites_product_idx`;--> statement-breakpoint
CREATE INDEX `favorites_listing_idx` ON `favorites` (`listing_id`);--> statement-breakpoint
ALTER TABLE `conversations` RENAME COLUMN `product_id` TO `listing_id`;--> statement-breakpoint
-- Stored names follow: the photos' upload kind and the moderation log's action and target.
UPDATE `uploads` SET `kind` = 'listing' WHERE `kind` = 'product';--> statement-breakpoint
UPDATE `moderation_log` SET `action_type` = 'remove_listing' WHERE `action_type` = 'delete_product';--> statement-breakpoint
UPDATE `moderation_log` SET `target_type` = 'listing' WHERE `target_type` = 'product';--> statement-breakpoint
-- Full-text search over listing titles and descriptions, as in 0002, under the new name.
CREATE VIRTUAL TABLE `listings_fts` USING fts5(
	`title`,
	`description`,
	content='listings',
	content_rowid='id',
	tokenize='trigram remove_diacritics 1'
);--> statement-breakpoint
INSERT INTO `listings_fts`(`listings_fts`) VALUES ('rebuild');--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_insert` AFTER INSERT ON `listings` BEGIN
	INSERT INTO `listings_fts`(`rowid`, `title`, `description`) VALUES (new.`id`, new.`title`, new.`description`);
END;--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_delete` AFTER DELETE ON `listings` BEGIN
	INSERT INTO `listings_fts`(`listings_fts`, `rowid`, `title`, `description`) VALUES ('delete', old.`id`, old.`title`, old.`description`);
END;--> statement-breakpoint
CREATE TRIGGER `listings_fts_after_update` AFTER UPDATE OF `title`, `description` ON `listings` BEGIN
	INSERT INTO `listings_fts`(`listings_fts`, `rowid`, `title`, `description`) VALUES ('delete', old.`id`, old.`title`, old.`description`);
	INSERT INTO `listings_fts`(`rowid`, `title`, `description`) VALUES (new.`id`, new.`title`, new.`description`);
END;
