-- Full-text search over listing titles and descriptions. The trigram tokenizer matches any
-- substring of three or more characters ('calc' finds 'Cálculo'), and remove_diacritics makes
-- 'cafe' find 'Café'. External content: the text lives once, in products; triggers keep the index in sync.
CREATE VIRTUAL TABLE `products_fts` USING fts5(
	`title`,
	`description`,
	content='products',
	content_rowid='id',
	tokenize='trigram remove_diacritics 1'
);
--> statement-breakpoint
INSERT INTO `products_fts`(`rowid`, `title`, `description`) SELECT `id`, `title`, `description` FROM `products`;
--> statement-breakpoint
CREATE TRIGGER `products_fts_after_insert` AFTER INSERT ON `products` BEGIN
	INSERT INTO `products_fts`(`rowid`, `title`, `description`) VALUES (new.`id`, new.`title`, new.`description`);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_after_delete` AFTER DELETE ON `products` BEGIN
	INSERT INTO `products_fts`(`products_fts`, `rowid`, `title`, `description`) VALUES ('delete', old.`id`, old.`title`, old.`description`);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_after_update` AFTER UPDATE OF `title`, `description` ON `products` BEGIN
	INSERT INTO `products_fts`(`products_fts`, `rowid`, `title`, `description`) VALUES ('delete', old.`id`, old.`title`, old.`description`);
	INSERT INTO `products_fts`(`rowid`, `title`, `description`) VALUES (new.`id`, new.`title`, new.`description`);
END;
