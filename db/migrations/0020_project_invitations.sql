CREATE TABLE `project_invitation` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_hash` text NOT NULL,
	`project_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`locale` text NOT NULL,
	`invited_by` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`signup_pass_at` integer,
	`accepted_at` integer,
	`accepted_by` text,
	FOREIGN KEY (`project_id`) REFERENCES `project`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`accepted_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `project_invitation_project_idx` ON `project_invitation` (`project_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `project_invitation_open_idx` ON `project_invitation` (`project_id`,`email`) WHERE accepted_at IS NULL;