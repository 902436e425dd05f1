// Whether the session to PostgreSQL is safe from the network (pg_db.h):
// issue 19 asks for a warning at start when the database is on another
// machine and sslmode is below verify-full.
#include <optional>
#include <string>
#include <string_view>

#include "store/postgres/pg_db.h"

namespace payd::store::postgres {

std::optional<std::string> WeakTransport(std::string_view host, std::string_view sslmode,
                                         bool encrypted) {
  bool local = host.empty() || host.starts_with("/") || host == "localhost" ||
               host.starts_with("127.") || host == "::1";
  if (local || sslmode == "verify-full") return std::nullopt;
  return "PostgreSQL at " + std::string(host) + " is reached with sslmode=" + std::string(sslmode) +
         (encrypted ? " (encrypted, but the server's certificate and name are not checked)"
                    : " (not encrypted)") +
         ": anyone on the network path could read or redirect payd's data; set "
         "sslmode=verify-full (and sslrootcert) in database_url";
}

std::optional<std::string> Connection::TransportWeakness() const {
  std::string sslmode = "prefer";
  if (PQconninfoOption* options = PQconninfo(conn_)) {
    for (PQconninfoOption* o = options; o->keyword; ++o) {
      if (std::string_view(o->keyword) == "sslmode" && o->val && *o->val) sslmode = o->val;
    }
    PQconninfoFree(options);
  }
  const char* host = PQhost(conn_);
  return WeakTransport(host ? host : "", sslmode, PQsslInUse(conn_) != 0);
}

}  // namespace payd::store::postgres
