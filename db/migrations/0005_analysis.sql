CREATE TABLE `dataset_region` (
	`dataset_key` integer NOT NULL,
	`region_id` text NOT NULL,
	PRIMARY KEY(`dataset_key`, `region_id`),
	FOREIGN KEY (`dataset_key`) REFERENCES `dataset`(`key`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `dataset_region_region_idx` ON `dataset_region` (`region_id`,`dataset_key`);--> statement-breakpoint
CREATE TABLE `link_check` (
	`url` text PRIMARY KEY NOT NULL,
	`ok` integer NOT NULL,
	`status` integer,
	`content_type` text,
	`size` integer,
	`final_url` text,
	`error` text,
	`method` text,
	`checked_at` integer NOT NULL,
	`ms` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rollup_format` (
	`rollup_id` integer NOT NULL,
	`scope` text NOT NULL,
	`scope_id` text NOT NULL,
	`format` text NOT NULL,
	`resources` integer NOT NULL,
	`datasets` integer NOT NULL,
	PRIMARY KEY(`rollup_id`, `scope`, `scope_id`, `format`),
	FOREIGN KEY (`rollup_id`) REFERENCES `rollup_run`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `rollup_quality` (
	`rollup_id` integer NOT NULL,
	`scope` text NOT NULL,
	`scope_id` text NOT NULL,
	`datasets` integer NOT NULL,
	`resources` integer NOT NULL,
	`points` real NOT NULL,
	`max_reachable` real NOT NULL,
	`scaled` real NOT NULL,
	`findability` real NOT NULL,
	`accessibility` real NOT NULL,
	`interoperability` real NOT NULL,
	`reusability` real NOT NULL,
	`contextuality` real NOT NULL,
	`pw_existence` real NOT NULL,
	`pw_conformance` real NOT NULL,
	`pw_openness` real NOT NULL,
	`excellent` integer NOT NULL,
	`good` integer NOT NULL,
	`sufficient` integer NOT NULL,
	`bad` integer NOT NULL,
	`partial` integer NOT NULL,
	`failed` text NOT NULL,
	`no_extent` integer NOT NULL,
	`in_kraj` integer NOT NULL,
	`in_country` integer NOT NULL,
	PRIMARY KEY(`rollup_id`, `scope`, `scope_id`),
	FOREIGN KEY (`rollup_id`) REFERENCES `rollup_run`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `rollup_raw_format` (
	`rollup_id` integer NOT NULL,
	`format` text NOT NULL,
	`raw` text NOT NULL,
	`resources` integer NOT NULL,
	PRIMARY KEY(`rollup_id`, `format`, `raw`),
	FOREIGN KEY (`rollup_id`) REFERENCES `rollup_run`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `rollup_region_organization` (
	`rollup_id` integer NOT NULL,
	`region_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`datasets` integer NOT NULL,
	PRIMARY KEY(`rollup_id`, `region_id`, `organization_id`),
	FOREIGN KEY (`rollup_id`) REFERENCES `rollup_run`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `rollup_run` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`instance_id` text NOT NULL,
	`harvest_run_id` integer,
	`created_at` integer NOT NULL,
	`datasets` integer NOT NULL,
	`ms` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`instance_id`) REFERENCES `ckan_instance`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`harvest_run_id`) REFERENCES `harvest_run`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `rollup_run_instance_idx` ON `rollup_run` (`instance_id`,`id`);--> statement-breakpoint
ALTER TABLE `dataset` ADD `quality_points` real;--> statement-breakpoint
ALTER TABLE `dataset` ADD `quality_max` real;--> statement-breakpoint
ALTER TABLE `dataset` ADD `quality_scaled` integer;--> statement-breakpoint
ALTER TABLE `dataset` ADD `quality_failed` integer;--> statement-breakpoint
ALTER TABLE `dataset` ADD `quality_findability` real;--> statement-breakpoint
ALTER TABLE `dataset` ADD `quality_accessibility` real;--> statement-breakpoint
ALTER TABLE `dataset` ADD `quality_interoperability` real;--> statement-breakpoint
ALTER TABLE `dataset` ADD `quality_reusability` real;--> statement-breakpoint
ALTER TABLE `dataset` ADD `quality_contextuality` real;--> statement-breakpoint
ALTER TABLE `dataset` ADD `pw_existence` real;--> statement-breakpoint
ALTER TABLE `dataset` ADD `pw_conformance` real;--> statement-breakpoint
ALTER TABLE `dataset` ADD `pw_openness` real;--> statement-breakpoint
CREATE INDEX `dataset_instance_quality_idx` ON `dataset` (`instance_id`,`quality_scaled`);--> statement-breakpoint
ALTER TABLE `organization` ADD `publisher_id` text;--> statement-breakpoint
CREATE INDEX `organization_publisher_idx` ON `organization` (`publisher_id`);--> statement-breakpoint
ALTER TABLE `resource` ADD `download_url` text;--> statement-breakpoint
ALTER TABLE `resource` ADD `rights` text;