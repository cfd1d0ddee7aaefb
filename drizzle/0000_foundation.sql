CREATE TABLE `advertisements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`image_url` text NOT NULL,
	`link_url` text,
	`placement` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`display_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `advertisements_placement_idx` ON `advertisements` (`community_id`,`placement`,`active`,`display_order`);--> statement-breakpoint
CREATE TABLE `communities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`university_name` text NOT NULL,
	`email_domain` text NOT NULL,
	`active` integer DEFAULT false NOT NULL,
	`primary_color` text NOT NULL,
	`secondary_color` text NOT NULL,
	`time_zone` text DEFAULT 'America/Sao_Paulo' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `communities_slug_unique` ON `communities` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `communities_email_domain_unique` ON `communities` (`email_domain`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`participant_one` integer NOT NULL,
	`participant_two` integer NOT NULL,
	`product_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`participant_one`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_two`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "conversations_ordered_pair" CHECK("conversations"."participant_one" < "conversations"."participant_two")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_pair_idx` ON `conversations` (`participant_one`,`participant_two`);--> statement-breakpoint
CREATE INDEX `conversations_one_updated_idx` ON `conversations` (`participant_one`,`updated_at`);--> statement-breakpoint
CREATE INDEX `conversations_two_updated_idx` ON `conversations` (`participant_two`,`updated_at`);--> statement-breakpoint
CREATE TABLE `email_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_tokens_user_purpose_idx` ON `email_tokens` (`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `event_attendees` (
	`event_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`event_id`, `user_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `event_attendees_user_idx` ON `event_attendees` (`user_id`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`organizer_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`event_date` text NOT NULL,
	`event_time` text NOT NULL,
	`starts_at` integer NOT NULL,
	`location` text NOT NULL,
	`max_participants` integer,
	`attendees_count` integer DEFAULT 0 NOT NULL,
	`image_url` text,
	`status` text DEFAULT 'pendente' NOT NULL,
	`rejection_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`organizer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "events_capacity" CHECK("events"."max_participants" is null or "events"."attendees_count" <= "events"."max_participants")
);
--> statement-breakpoint
CREATE INDEX `events_public_idx` ON `events` (`community_id`,`status`,`starts_at`);--> statement-breakpoint
CREATE INDEX `events_moderation_idx` ON `events` (`community_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `events_organizer_idx` ON `events` (`organizer_id`);--> statement-breakpoint
CREATE TABLE `favorites` (
	`user_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `product_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `favorites_product_idx` ON `favorites` (`product_id`);--> statement-breakpoint
CREATE TABLE `main_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`icon` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `main_categories_slug_unique` ON `main_categories` (`slug`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversation_id` integer NOT NULL,
	`sender_id` integer,
	`content` text NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`read_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `messages_conversation_idx` ON `messages` (`conversation_id`,`id`);--> statement-breakpoint
CREATE INDEX `messages_unread_idx` ON `messages` (`conversation_id`,`sender_id`) WHERE "messages"."read" = 0;--> statement-breakpoint
CREATE TABLE `moderation_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer,
	`moderator_id` integer,
	`action_type` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`moderator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `moderation_log_created_idx` ON `moderation_log` (`community_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `oauth_accounts` (
	`provider` text NOT NULL,
	`provider_user_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`email` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`provider`, `provider_user_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `oauth_accounts_user_provider_idx` ON `oauth_accounts` (`user_id`,`provider`);--> statement-breakpoint
CREATE TABLE `product_images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`position` integer NOT NULL,
	`card_url` text NOT NULL,
	`full_url` text NOT NULL,
	`width` integer,
	`height` integer,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_images_product_position_idx` ON `product_images` (`product_id`,`position`);--> statement-breakpoint
CREATE TABLE `product_vupts` (
	`user_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `product_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_vupts_product_idx` ON `product_vupts` (`product_id`);--> statement-breakpoint
CREATE TABLE `products` (
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
	CONSTRAINT "products_price_positive" CHECK("products"."price_cents" > 0),
	CONSTRAINT "products_counters_non_negative" CHECK("products"."views" >= 0 and "products"."vupts_count" >= 0)
);
--> statement-breakpoint
CREATE INDEX `products_public_recent_idx` ON `products` (`community_id`,`created_at`,`id`) WHERE "products"."status" = 'ativo' and "products"."moderation_status" = 'active';--> statement-breakpoint
CREATE INDEX `products_public_vupts_idx` ON `products` (`community_id`,`vupts_count`,`id`) WHERE "products"."status" = 'ativo' and "products"."moderation_status" = 'active';--> statement-breakpoint
CREATE INDEX `products_public_price_idx` ON `products` (`community_id`,`price_cents`,`id`) WHERE "products"."status" = 'ativo' and "products"."moderation_status" = 'active';--> statement-breakpoint
CREATE INDEX `products_public_views_idx` ON `products` (`community_id`,`views`,`created_at`) WHERE "products"."status" = 'ativo' and "products"."moderation_status" = 'active';--> statement-breakpoint
CREATE INDEX `products_category_recent_idx` ON `products` (`community_id`,`main_category_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `products_subcategory_idx` ON `products` (`subcategory_id`);--> statement-breakpoint
CREATE INDEX `products_seller_idx` ON `products` (`seller_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_moderation_idx` ON `products` (`community_id`,`moderation_status`,`created_at`);--> statement-breakpoint
CREATE TABLE `profiles` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`username` text,
	`full_name` text NOT NULL,
	`bio` text,
	`university` text,
	`course` text,
	`matricula` text,
	`avatar_url` text,
	`community_id` integer,
	`approved` integer DEFAULT false NOT NULL,
	`approved_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_username_nocase_idx` ON `profiles` ("username" collate nocase);--> statement-breakpoint
CREATE INDEX `profiles_community_created_idx` ON `profiles` (`community_id`,`approved`,`created_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	`authenticated_at` integer NOT NULL,
	`user_agent` text,
	`ip` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `subcategories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`main_category_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`icon` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`main_category_id`) REFERENCES `main_categories`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subcategories_main_name_idx` ON `subcategories` (`main_category_id`,`name`);--> statement-breakpoint
CREATE TABLE `user_roles` (
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	PRIMARY KEY(`user_id`, `role`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_roles_role_idx` ON `user_roles` (`role`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`email_verified_at` integer,
	`password_hash` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);