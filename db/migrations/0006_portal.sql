-- One word per concept (docs/decisions/011-code-layout.md): a CKAN instance is a portal everywhere. Renames only:
-- SQLite rewrites the foreign keys, indexes and triggers that name the renamed table and columns, and no row moves.
ALTER TABLE `ckan_instance` RENAME TO `portal`;--> statement-breakpoint
ALTER TABLE `dataset` RENAME COLUMN `instance_id` TO `portal_id`;--> statement-breakpoint
ALTER TABLE `harvest_run` RENAME COLUMN `instance_id` TO `portal_id`;--> statement-breakpoint
ALTER TABLE `organization` RENAME COLUMN `instance_id` TO `portal_id`;--> statement-breakpoint
ALTER TABLE `rollup_run` RENAME COLUMN `instance_id` TO `portal_id`;--> statement-breakpoint
-- SQLite cannot rename an index: each is created under its new name, then the old one goes.
CREATE INDEX `dataset_portal_name_idx` ON `dataset` (`portal_id`,`name`);--> statement-breakpoint
DROP INDEX `dataset_instance_name_idx`;--> statement-breakpoint
CREATE INDEX `dataset_portal_modified_idx` ON `dataset` (`portal_id`,`metadata_modified`);--> statement-breakpoint
DROP INDEX `dataset_instance_modified_idx`;--> statement-breakpoint
CREATE INDEX `dataset_portal_quality_idx` ON `dataset` (`portal_id`,`quality_scaled`);--> statement-breakpoint
DROP INDEX `dataset_instance_quality_idx`;--> statement-breakpoint
CREATE INDEX `harvest_run_portal_idx` ON `harvest_run` (`portal_id`,`started_at`);--> statement-breakpoint
DROP INDEX `harvest_run_instance_idx`;--> statement-breakpoint
CREATE INDEX `organization_portal_idx` ON `organization` (`portal_id`);--> statement-breakpoint
DROP INDEX `organization_instance_idx`;--> statement-breakpoint
CREATE INDEX `rollup_run_portal_idx` ON `rollup_run` (`portal_id`,`id`);--> statement-breakpoint
DROP INDEX `rollup_run_instance_idx`;
