CREATE TABLE `app_setting` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `dataset_extent` (
	`dataset_key` integer PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`west` real NOT NULL,
	`south` real NOT NULL,
	`east` real NOT NULL,
	`north` real NOT NULL,
	`geometry` text NOT NULL,
	FOREIGN KEY (`dataset_key`) REFERENCES `dataset`(`key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `dataset_extent_bbox_idx` ON `dataset_extent` (`west`,`east`);--> statement-breakpoint
CREATE TABLE `dataset_group` (
	`dataset_key` integer NOT NULL,
	`name` text NOT NULL,
	`title` text,
	PRIMARY KEY(`dataset_key`, `name`),
	FOREIGN KEY (`dataset_key`) REFERENCES `dataset`(`key`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `dataset_group_name_idx` ON `dataset_group` (`name`);--> statement-breakpoint
CREATE TABLE `dataset_tag` (
	`dataset_key` integer NOT NULL,
	`name` text NOT NULL,
	PRIMARY KEY(`dataset_key`, `name`),
	FOREIGN KEY (`dataset_key`) REFERENCES `dataset`(`key`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `dataset_tag_name_idx` ON `dataset_tag` (`name`);--> statement-breakpoint
CREATE TABLE `harvest_run` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`instance_id` text NOT NULL,
	`mode` text NOT NULL,
	`status` text NOT NULL,
	`trigger` text NOT NULL,
	`requested_by` text,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`since` text,
	`next_start` integer DEFAULT 0 NOT NULL,
	`total` integer,
	`done` integer DEFAULT 0 NOT NULL,
	`created` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`deleted` integer DEFAULT 0 NOT NULL,
	`skipped` integer DEFAULT 0 NOT NULL,
	`error_count` integer DEFAULT 0 NOT NULL,
	`errors` text DEFAULT '[]' NOT NULL,
	`rate` real,
	`active_ms` integer DEFAULT 0 NOT NULL,
	`lease_until` integer,
	`heartbeat_at` integer,
	FOREIGN KEY (`instance_id`) REFERENCES `ckan_instance`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `harvest_run_instance_idx` ON `harvest_run` (`instance_id`,`started_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `harvest_run_one_running_idx` ON `harvest_run` (`instance_id`) WHERE status = 'running';--> statement-breakpoint
CREATE TABLE `organization` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`ckan_id` text,
	`name` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`image_url` text,
	`package_count` integer,
	`extra` text,
	`harvested_at` integer,
	FOREIGN KEY (`instance_id`) REFERENCES `ckan_instance`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `organization_instance_idx` ON `organization` (`instance_id`);--> statement-breakpoint
CREATE TABLE `resource` (
	`dataset_key` integer NOT NULL,
	`position` integer NOT NULL,
	`ckan_id` text,
	`name` text,
	`description` text,
	`url` text,
	`format` text,
	`mimetype` text,
	`size` integer,
	`created` text,
	`last_modified` text,
	PRIMARY KEY(`dataset_key`, `position`),
	FOREIGN KEY (`dataset_key`) REFERENCES `dataset`(`key`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `resource_format_idx` ON `resource` (`format`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_dataset` (
	`key` integer PRIMARY KEY NOT NULL,
	`id` text NOT NULL,
	`instance_id` text NOT NULL,
	`ckan_id` text NOT NULL,
	`name` text NOT NULL,
	`title` text NOT NULL,
	`notes` text,
	`url` text,
	`organization_id` text,
	`license_id` text,
	`license_title` text,
	`maintainer` text,
	`maintainer_email` text,
	`author` text,
	`author_email` text,
	`metadata_created` integer,
	`metadata_modified` integer,
	`metadata_modified_raw` text,
	`keywords` text DEFAULT '' NOT NULL,
	`resource_count` integer DEFAULT 0 NOT NULL,
	`extra` text,
	`harvested_at` integer,
	`last_seen_run` integer,
	`deleted_at` integer,
	FOREIGN KEY (`instance_id`) REFERENCES `ckan_instance`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`last_seen_run`) REFERENCES `harvest_run`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_dataset`("id", "instance_id", "ckan_id", "name", "title", "notes", "metadata_modified", "deleted_at") SELECT "id", "instance_id", "ckan_id", "name", "title", "notes", "metadata_modified", "deleted_at" FROM `dataset`;--> statement-breakpoint
DROP TABLE `dataset`;--> statement-breakpoint
ALTER TABLE `__new_dataset` RENAME TO `dataset`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `dataset_id_idx` ON `dataset` (`id`);--> statement-breakpoint
CREATE INDEX `dataset_instance_name_idx` ON `dataset` (`instance_id`,`name`);--> statement-breakpoint
CREATE INDEX `dataset_instance_modified_idx` ON `dataset` (`instance_id`,`metadata_modified`);--> statement-breakpoint
CREATE INDEX `dataset_organization_idx` ON `dataset` (`organization_id`);--> statement-breakpoint
-- Snapshot full-text search (hand-written: drizzle-kit does not model virtual tables). External content: the text
-- lives once, in dataset; the triggers keep the index in step with every insert, upsert and delete.
CREATE VIRTUAL TABLE `dataset_fts` USING fts5(title, notes, keywords, content='dataset', content_rowid='key', tokenize='unicode61 remove_diacritics 2', detail='column');--> statement-breakpoint
CREATE TRIGGER `dataset_fts_insert` AFTER INSERT ON `dataset` BEGIN
  INSERT INTO dataset_fts(rowid, title, notes, keywords) VALUES (new.key, new.title, new.notes, new.keywords);
END;--> statement-breakpoint
CREATE TRIGGER `dataset_fts_delete` AFTER DELETE ON `dataset` BEGIN
  INSERT INTO dataset_fts(dataset_fts, rowid, title, notes, keywords) VALUES ('delete', old.key, old.title, old.notes, old.keywords);
END;--> statement-breakpoint
CREATE TRIGGER `dataset_fts_update` AFTER UPDATE OF title, notes, keywords ON `dataset` BEGIN
  INSERT INTO dataset_fts(dataset_fts, rowid, title, notes, keywords) VALUES ('delete', old.key, old.title, old.notes, old.keywords);
  INSERT INTO dataset_fts(rowid, title, notes, keywords) VALUES (new.key, new.title, new.notes, new.keywords);
END;--> statement-breakpoint
INSERT INTO dataset_fts(dataset_fts) VALUES ('rebuild');
