CREATE TABLE `ckan_instance` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`base_url` text NOT NULL,
	`api_base` text NOT NULL,
	`country` text,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `dataset` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`ckan_id` text NOT NULL,
	`name` text NOT NULL,
	`title` text NOT NULL,
	`notes` text,
	`metadata_modified` integer,
	`deleted_at` integer,
	FOREIGN KEY (`instance_id`) REFERENCES `ckan_instance`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dataset_instance_name_idx` ON `dataset` (`instance_id`,`name`);--> statement-breakpoint
CREATE INDEX `dataset_instance_idx` ON `dataset` (`instance_id`);