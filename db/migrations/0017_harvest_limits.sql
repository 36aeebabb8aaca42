ALTER TABLE `harvest_run` ADD `pages` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `harvest_run` ADD `stop_reason` text;