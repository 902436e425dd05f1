-- The dashboard in each person's language and time zone (issue 40 item 4,
-- domain/people/preferences.h): what they chose, NULL while their browser's
-- is used.
ALTER TABLE users ADD COLUMN language TEXT;
ALTER TABLE users ADD COLUMN time_zone TEXT;
