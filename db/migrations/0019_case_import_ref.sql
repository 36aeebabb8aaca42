ALTER TABLE `test_case` ADD `import_ref` text;--> statement-breakpoint
CREATE INDEX `test_case_import_ref_idx` ON `test_case` (`project_id`,`import_ref`);