-- A daily summary of the payments received instead of a message each (issue
-- 39 item 2, domain/email/daily_summary.h): for a person whose choice for a
-- topic is 'daily', where their next summary starts (the end of the last
-- one, or when they chose it). Null for any other choice.
ALTER TABLE email_choices ADD COLUMN summarized_until BIGINT;
