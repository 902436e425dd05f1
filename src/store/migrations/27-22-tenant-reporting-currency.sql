-- The currency a merchant reads their totals in (issue 36 item 5): an ISO
-- 4217 code payd prices in; NULL is US dollars.
ALTER TABLE tenants ADD COLUMN reporting_currency TEXT;
