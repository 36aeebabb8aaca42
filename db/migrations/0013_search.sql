CREATE TABLE `rollup_facet` (
	`rollup_id` integer NOT NULL,
	`facet` text NOT NULL,
	`value` text NOT NULL,
	`label` text NOT NULL,
	`datasets` integer NOT NULL,
	`variants` text NOT NULL,
	PRIMARY KEY(`rollup_id`, `facet`, `value`),
	FOREIGN KEY (`rollup_id`) REFERENCES `rollup_run`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `dataset_live_modified_idx` ON `dataset` (`metadata_modified`) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX `dataset_live_organization_modified_idx` ON `dataset` (`organization_id`,`metadata_modified`) WHERE deleted_at IS NULL;