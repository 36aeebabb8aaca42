CREATE TABLE `test_result` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`run_id` text NOT NULL,
	`run_case_id` text NOT NULL,
	`status` text NOT NULL,
	`steps` text DEFAULT '[]' NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	`elapsed_seconds` integer,
	`defects` text DEFAULT '[]' NOT NULL,
	`retest` integer DEFAULT false NOT NULL,
	`case_version` integer NOT NULL,
	`recorded_by` text,
	`recorded_at` integer NOT NULL,
	`evidence` text,
	FOREIGN KEY (`run_id`) REFERENCES `test_run`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`run_case_id`) REFERENCES `test_run_case`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recorded_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `test_result_run_case_idx` ON `test_result` (`run_case_id`,`id`);--> statement-breakpoint
CREATE INDEX `test_result_run_idx` ON `test_result` (`run_id`,`id`);--> statement-breakpoint
CREATE TABLE `test_run_case` (
	`id` text PRIMARY KEY NOT NULL,
	`run_id` text NOT NULL,
	`position` integer NOT NULL,
	`case_id` text NOT NULL,
	`case_version` integer NOT NULL,
	`assignee_id` text,
	`section_name` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `test_run`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`case_id`) REFERENCES `test_case`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assignee_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `test_run_case_position_idx` ON `test_run_case` (`run_id`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `test_run_case_case_idx` ON `test_run_case` (`run_id`,`case_id`);--> statement-breakpoint
CREATE INDEX `test_run_case_of_case_idx` ON `test_run_case` (`case_id`);--> statement-breakpoint
CREATE TABLE `test_run` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`name` text NOT NULL,
	`source` text NOT NULL,
	`suite_id` text,
	`portal_id` text,
	`assignees` text DEFAULT '[]' NOT NULL,
	`environment` text DEFAULT '' NOT NULL,
	`build` text,
	`commit` text,
	`state` text DEFAULT 'open' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`started_by` text,
	`started_at` integer,
	`completed_by` text,
	`completed_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`suite_id`) REFERENCES `test_suite`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`portal_id`) REFERENCES `portal`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`started_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`completed_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `test_run_project_idx` ON `test_run` (`project_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `test_run_suite_idx` ON `test_run` (`suite_id`);