ALTER TABLE `advertisements` ADD `image_upload_id` text;--> statement-breakpoint
ALTER TABLE `events` ADD `image_upload_id` text;--> statement-breakpoint
ALTER TABLE `profiles` ADD `avatar_upload_id` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `second_factor_at` integer;--> statement-breakpoint
-- Existing pictures: the attached upload of the same owner and kind whose file the URL names.
UPDATE `profiles` SET `avatar_upload_id` = (SELECT `u`.`id` FROM `uploads` `u` WHERE `u`.`kind` = 'avatar' AND `u`.`owner_id` = `profiles`.`user_id` AND `u`.`attached_at` IS NOT NULL AND '/uploads/' || `u`.`card_key` = `profiles`.`avatar_url` ORDER BY `u`.`created_at` DESC LIMIT 1) WHERE `avatar_url` LIKE '/uploads/%';--> statement-breakpoint
UPDATE `events` SET `image_upload_id` = (SELECT `u`.`id` FROM `uploads` `u` WHERE `u`.`kind` = 'event' AND `u`.`owner_id` = `events`.`organizer_id` AND `u`.`attached_at` IS NOT NULL AND '/uploads/' || `u`.`full_key` = `events`.`image_url` ORDER BY `u`.`created_at` DESC LIMIT 1) WHERE `image_url` LIKE '/uploads/%';--> statement-breakpoint
UPDATE `advertisements` SET `image_upload_id` = (SELECT `u`.`id` FROM `uploads` `u` WHERE `u`.`kind` = 'banner' AND `u`.`attached_at` IS NOT NULL AND '/uploads/' || `u`.`full_key` = `advertisements`.`image_url` AND NOT EXISTS (SELECT 1 FROM `advertisements` `a` WHERE `a`.`image_upload_id` = `u`.`id`) ORDER BY `u`.`created_at` DESC LIMIT 1) WHERE `image_url` LIKE '/uploads/%';
