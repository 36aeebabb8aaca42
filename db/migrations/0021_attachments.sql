CREATE TABLE `attachment` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`case_id` text,
	`step_id` text,
	`result_id` integer,
	`run_id` text,
	`hash` text NOT NULL,
	`size` integer NOT NULL,
	`content_type` text NOT NULL,
	`kind` text NOT NULL,
	`filename` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`case_id`) REFERENCES `test_case`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`result_id`) REFERENCES `test_result`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`run_id`) REFERENCES `test_run`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `attachment_project_idx` ON `attachment` (`project_id`);--> statement-breakpoint
CREATE INDEX `attachment_case_idx` ON `attachment` (`case_id`);--> statement-breakpoint
CREATE INDEX `attachment_result_idx` ON `attachment` (`result_id`);--> statement-breakpoint
CREATE INDEX `attachment_run_idx` ON `attachment` (`run_id`);--> statement-breakpoint
CREATE INDEX `attachment_hash_idx` ON `attachment` (`hash`);