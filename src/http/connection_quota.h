// How many connections the server holds at once: in all, and per client
// address (issue 19: one client could hold every slot, and the others got
// 503 until it let go). Each client address (an IPv6 /64) gets at most
// `per_client`; its next connection is refused while others still get in.
// A trusted proxy's connections count only in the total: they carry many
// clients, and the proxy is where those are told apart (payd's per-client
// limits then count the client the proxy names, per request).
//
// Not thread-safe: the server calls it under its connections' mutex.
#pragma once

#include <cstddef>
#include <string>
#include <unordered_map>

namespace payd::http {

// The share of a client when the operator sets none: an eighth of the total,
// at least 4.
std::size_t DefaultConnectionsPerClient(std::size_t max_connections);

class ConnectionQuota {
 public:
  ConnectionQuota(std::size_t total, std::size_t per_client)
      : total_(total), per_client_(per_client) {}

  enum class Verdict { kAdmitted, kFull, kClientFull };
  // `client` empty: a connection counted only in the total (a trusted proxy's).
  Verdict Admit(const std::string& client);
  // Once per admitted connection, with the same `client`.
  void Release(const std::string& client);

  // Behind a trusted proxy one connection carries many clients: there the
  // share counts each client's requests in flight instead (a stream holds its
  // slot while it lasts). False: `client` holds its share already.
  bool AdmitRequest(const std::string& client);
  // Once per admitted request, with the same `client`.
  void ReleaseRequest(const std::string& client);

  std::size_t open() const { return open_; }
  std::size_t total() const { return total_; }
  std::size_t per_client() const { return per_client_; }

 private:
  const std::size_t total_;
  const std::size_t per_client_;
  std::size_t open_ = 0;
  std::unordered_map<std::string, std::size_t> by_client_;
  std::unordered_map<std::string, std::size_t> requests_by_client_;
};

}  // namespace payd::http
