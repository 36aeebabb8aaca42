CREATE TABLE `map_build` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`points` integer DEFAULT 0 NOT NULL,
	`tiles` integer DEFAULT 0 NOT NULL,
	`ms` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `map_point` (
	`dataset_key` integer PRIMARY KEY NOT NULL,
	`portal_id` text NOT NULL,
	`lon` real NOT NULL,
	`lat` real NOT NULL,
	`family` integer NOT NULL,
	`band` integer NOT NULL,
	FOREIGN KEY (`dataset_key`) REFERENCES `dataset`(`key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `map_point_lon_idx` ON `map_point` (`lon`,`lat`);--> statement-breakpoint
CREATE TABLE `map_tile` (
	`build_id` integer NOT NULL,
	`scope` text NOT NULL,
	`z` integer NOT NULL,
	`x` integer NOT NULL,
	`y` integer NOT NULL,
	`data` blob NOT NULL,
	PRIMARY KEY(`build_id`, `scope`, `z`, `x`, `y`),
	FOREIGN KEY (`build_id`) REFERENCES `map_build`(`id`) ON UPDATE no action ON DELETE cascade
);
