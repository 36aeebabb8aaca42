-- Result times in milliseconds (JUnit reports give them to the millisecond). A rename, then the whole seconds kept so
-- far made milliseconds; written by hand because drizzle-kit generates a table rebuild for a rename (decision 011).
ALTER TABLE `test_result` RENAME COLUMN `elapsed_seconds` TO `elapsed_ms`;--> statement-breakpoint
UPDATE `test_result` SET `elapsed_ms` = `elapsed_ms` * 1000 WHERE `elapsed_ms` IS NOT NULL;
