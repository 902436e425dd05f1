// The per-key request window and lastUsedAt, one upsert: the same statement
// on SQLite's usage database and on PostgreSQL's key_usage table.
#pragma once

#include <string>

#include "base/time.h"
#include "domain/store.h"
#include "store/sql/sql.h"

namespace payd::store::sql {

// The upsert's SET clause: ?2 is now, ?3 the window's length.
extern const char* const kCountKeyRequestUpdate;

// Counts one request of `key_id` in its fixed window of `window_ms` (a new
// window starts with the first request after the last one ended) and
// records lastUsedAt; the window as counted.
domain::RateWindow CountKeyRequest(Connection& c, const std::string& key_id, base::TimeMs now,
                                   base::TimeMs window_ms);

}  // namespace payd::store::sql
