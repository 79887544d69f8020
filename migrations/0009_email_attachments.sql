ALTER TABLE `email_deliveries` ADD `attachments` text;--> statement-breakpoint
ALTER TABLE `outbox_emails` ADD `attachments` text;