CREATE TABLE `product_views` (
	`product_id` integer NOT NULL,
	`viewer_id` integer NOT NULL,
	`day` text NOT NULL,
	PRIMARY KEY(`product_id`, `viewer_id`, `day`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`viewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` integer NOT NULL,
	`kind` text NOT NULL,
	`card_key` text NOT NULL,
	`full_key` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`bytes` integer NOT NULL,
	`attached_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `uploads_unattached_idx` ON `uploads` (`created_at`) WHERE "uploads"."attached_at" is null;--> statement-breakpoint
ALTER TABLE `product_images` ADD `upload_id` text REFERENCES uploads(id);