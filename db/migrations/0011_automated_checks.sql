ALTER TABLE `api_token` ADD `scope` text DEFAULT 'write' NOT NULL;--> statement-breakpoint
ALTER TABLE `test_case` ADD `check` text;--> statement-breakpoint
ALTER TABLE `test_run_case` ADD `check_state` text;--> statement-breakpoint
ALTER TABLE `test_run_case` ADD `check_lease_until` integer;--> statement-breakpoint
ALTER TABLE `test_run_case` ADD `check_requested_by` text REFERENCES user(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `test_run_case_check_idx` ON `test_run_case` (`check_state`);--> statement-breakpoint
ALTER TABLE `test_suite` ADD `schedule` text;--> statement-breakpoint
ALTER TABLE `test_suite` ADD `schedule_portal_id` text REFERENCES portal(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `test_suite` ADD `schedule_by` text REFERENCES user(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `test_suite` ADD `schedule_next_at` integer;--> statement-breakpoint
CREATE INDEX `test_suite_schedule_idx` ON `test_suite` (`schedule_next_at`);