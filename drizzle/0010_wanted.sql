CREATE TABLE `wanted_matches` (
	`wanted_id` integer NOT NULL,
	`listing_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`wanted_id`, `listing_id`),
	FOREIGN KEY (`wanted_id`) REFERENCES `wanted_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wanted_matches_listing_idx` ON `wanted_matches` (`listing_id`);--> statement-breakpoint
CREATE TABLE `wanted_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`poster_id` integer NOT NULL,
	`title` text NOT NULL,
	`details` text,
	`main_category_id` integer NOT NULL,
	`max_price_cents` integer,
	`expires_at` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`moderation_status` text DEFAULT 'active' NOT NULL,
	`removal_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`poster_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`main_category_id`) REFERENCES `main_categories`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "wanted_max_price_positive" CHECK("wanted_posts"."max_price_cents" is null or "wanted_posts"."max_price_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `wanted_live_idx` ON `wanted_posts` (`community_id`,`main_category_id`,`expires_at`) WHERE "wanted_posts"."status" = 'open' and "wanted_posts"."moderation_status" = 'active';--> statement-breakpoint
CREATE INDEX `wanted_board_idx` ON `wanted_posts` (`community_id`,`created_at`) WHERE "wanted_posts"."status" = 'open' and "wanted_posts"."moderation_status" = 'active';--> statement-breakpoint
CREATE INDEX `wanted_poster_idx` ON `wanted_posts` (`poster_id`,`created_at`);