CREATE TABLE `meeting_spots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`opens_at` text NOT NULL,
	`closes_at` text NOT NULL,
	`weekdays` integer DEFAULT 31 NOT NULL,
	`retired_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "meeting_spots_hours" CHECK("meeting_spots"."opens_at" < "meeting_spots"."closes_at"),
	CONSTRAINT "meeting_spots_weekdays" CHECK("meeting_spots"."weekdays" between 1 and 127)
);
--> statement-breakpoint
CREATE INDEX `meeting_spots_community_idx` ON `meeting_spots` (`community_id`,`name`);--> statement-breakpoint
CREATE TABLE `meetings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversation_id` integer NOT NULL,
	`listing_id` integer,
	`seller_id` integer NOT NULL,
	`buyer_id` integer NOT NULL,
	`spot_id` integer NOT NULL,
	`proposed_by_id` integer NOT NULL,
	`proposed_times` text NOT NULL,
	`status` text DEFAULT 'proposta' NOT NULL,
	`scheduled_at` integer,
	`handoff_code_hash` text,
	`confirmed_at` integer,
	`reminder_sent_at` integer,
	`cancelled_by_id` integer,
	`cancel_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`spot_id`) REFERENCES `meeting_spots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`proposed_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cancelled_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `meetings_conversation_idx` ON `meetings` (`conversation_id`,`id`);--> statement-breakpoint
CREATE INDEX `meetings_seller_idx` ON `meetings` (`seller_id`,`scheduled_at`);--> statement-breakpoint
CREATE INDEX `meetings_buyer_idx` ON `meetings` (`buyer_id`,`scheduled_at`);--> statement-breakpoint
CREATE INDEX `meetings_spot_idx` ON `meetings` (`spot_id`);--> statement-breakpoint
CREATE INDEX `meetings_agreed_idx` ON `meetings` (`scheduled_at`) WHERE "meetings"."status" = 'combinada';--> statement-breakpoint
CREATE TABLE `offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversation_id` integer NOT NULL,
	`listing_id` integer NOT NULL,
	`buyer_id` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`made_by_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'aberta' NOT NULL,
	`expires_at` integer NOT NULL,
	`answered_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`made_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "offers_amount_positive" CHECK("offers"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `offers_conversation_idx` ON `offers` (`conversation_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `offers_one_open_idx` ON `offers` (`conversation_id`) WHERE "offers"."status" = 'aberta';--> statement-breakpoint
CREATE INDEX `offers_open_listing_idx` ON `offers` (`listing_id`) WHERE "offers"."status" = 'aberta';--> statement-breakpoint
CREATE INDEX `offers_open_expiry_idx` ON `offers` (`expires_at`) WHERE "offers"."status" = 'aberta';--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`meeting_id` integer NOT NULL,
	`reviewer_id` integer NOT NULL,
	`reviewee_id` integer NOT NULL,
	`stars` integer NOT NULL,
	`comment` text,
	`reply` text,
	`replied_at` integer,
	`removed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reviews_stars" CHECK("reviews"."stars" between 1 and 5),
	CONSTRAINT "reviews_not_self" CHECK("reviews"."reviewer_id" <> "reviews"."reviewee_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_one_per_side_idx` ON `reviews` (`meeting_id`,`reviewer_id`);--> statement-breakpoint
CREATE INDEX `reviews_reviewee_idx` ON `reviews` (`reviewee_id`,`created_at`) WHERE "reviews"."removed_at" is null;