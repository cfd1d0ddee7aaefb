-- Accounts deleted before deletion took their Procura-se posts along: their posts leave the board, and
-- their matches with them (foreign keys are off while migrations run, so no cascade does it).
DELETE FROM `wanted_matches` WHERE `wanted_id` IN (
  SELECT `wanted_posts`.`id` FROM `wanted_posts`
  JOIN `users` ON `users`.`id` = `wanted_posts`.`poster_id`
  WHERE `users`.`deleted_at` IS NOT NULL
);--> statement-breakpoint
DELETE FROM `wanted_posts` WHERE `poster_id` IN (SELECT `id` FROM `users` WHERE `deleted_at` IS NOT NULL);
