ALTER TABLE `resource` ADD `canonical_format` text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE `resource` ADD `format_source` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `resource` ADD `format_conflict` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `resource` ADD `openness` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `resource_canonical_format_idx` ON `resource` (`canonical_format`);