CREATE TABLE `test_run_case_assignment` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`run_id` text NOT NULL,
	`run_case_id` text NOT NULL,
	`assignee_id` text,
	`assigned_by` text,
	`assigned_at` integer NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `test_run`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`run_case_id`) REFERENCES `test_run_case`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assignee_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`assigned_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `test_run_case_assignment_case_idx` ON `test_run_case_assignment` (`run_case_id`,`id`);--> statement-breakpoint
CREATE INDEX `test_run_case_assignment_run_idx` ON `test_run_case_assignment` (`run_id`);--> statement-breakpoint
ALTER TABLE `test_case` ADD `default_assignee_id` text REFERENCES user(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `test_run_case_assignee_idx` ON `test_run_case` (`assignee_id`);