#include "domain/store.h"
#include "store/postgres/pg_db.h"

// COPY ... FROM STDIN, for `payd db copy` (pg_db.h: CopyIn).
namespace payd::store::postgres {

CopyIn::CopyIn(Connection& conn, const std::string& copy_sql) : conn_(conn) {
  if (conn_.Waiting()) conn_.Flush(nullptr);
  PGresult* start = PQexec(conn_.conn_, copy_sql.c_str());
  Result owned(start);
  if (!start || PQresultStatus(start) != PGRES_COPY_IN) {
    open_ = false;
    conn_.Fail(start, "copy");
  }
}

CopyIn::~CopyIn() {
  if (!open_) return;
  // Abandoned (an exception while rows were read): the server answers the
  // abort with an error, which is expected and dropped.
  PQputCopyEnd(conn_.conn_, "abandoned by payd");
  while (PGresult* result = PQgetResult(conn_.conn_)) PQclear(result);
}

void CopyIn::Put(std::string_view data) {
  if (PQputCopyData(conn_.conn_, data.data(), static_cast<int>(data.size())) != 1) {
    open_ = false;
    while (PGresult* result = PQgetResult(conn_.conn_)) PQclear(result);
    conn_.Fail(nullptr, "copy data");
  }
}

std::int64_t CopyIn::Finish() {
  open_ = false;
  if (PQputCopyEnd(conn_.conn_, nullptr) != 1) {
    while (PGresult* result = PQgetResult(conn_.conn_)) PQclear(result);
    conn_.Fail(nullptr, "copy end");
  }
  return Collect("copy").affected();
}

Result CopyIn::Collect(std::string_view what) {
  PGresult* raw = PQgetResult(conn_.conn_);
  // Read to the end of the results before anything is thrown, so that the
  // connection is ready for the next statement (a ROLLBACK) either way.
  while (PGresult* more = PQgetResult(conn_.conn_)) PQclear(more);
  return conn_.Check(raw, what);
}

}  // namespace payd::store::postgres
