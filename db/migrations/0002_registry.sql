ALTER TABLE `ckan_instance` ADD `languages` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `ckan_instance` ADD `featured` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `ckan_instance` ADD `is_demo` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `ckan_instance` ADD `added_by` text REFERENCES user(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `ckan_instance` ADD `last_checked_at` integer;--> statement-breakpoint
ALTER TABLE `ckan_instance` ADD `last_ok_at` integer;--> statement-breakpoint
ALTER TABLE `ckan_instance` ADD `ckan_version` text;--> statement-breakpoint
ALTER TABLE `ckan_instance` ADD `dataset_count` integer;--> statement-breakpoint
ALTER TABLE `ckan_instance` ADD `response_ms` integer;--> statement-breakpoint
ALTER TABLE `ckan_instance` ADD `last_error_kind` text;--> statement-breakpoint
ALTER TABLE `ckan_instance` ADD `last_error_message` text;