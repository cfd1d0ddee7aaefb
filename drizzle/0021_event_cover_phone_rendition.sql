-- Event covers now keep a phone rendition (shared/renditions.ts). Those stored before were recorded as
-- loading the full one; the larger ones are handed back to the backfill (server/uploads/phone-renditions.ts),
-- which makes theirs from the stored full rendition.
UPDATE `uploads` SET `phone_key` = NULL
WHERE `kind` = 'event' AND `phone_key` = `full_key` AND max(`width`, `height`) > 960;
