CREATE TABLE `known_device` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `known_device_user_idx` ON `known_device` (`user_id`,`last_used_at`);--> statement-breakpoint
CREATE TABLE `rate_event` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`at` integer NOT NULL,
	`ref` text
);
--> statement-breakpoint
CREATE INDEX `rate_event_lookup_idx` ON `rate_event` (`scope`,`key`,`at`);--> statement-breakpoint
CREATE INDEX `rate_event_ref_idx` ON `rate_event` (`ref`);--> statement-breakpoint
CREATE INDEX `rate_event_at_idx` ON `rate_event` (`at`);