#include "html/gzip.h"

#include <zlib.h>

#include <stdexcept>

#include "base/strings.h"
#include "http/header_lists.h"

namespace payd::html {

namespace {

constexpr int kGzipWindowBits = 15 + 16;  // +16: a gzip header and trailer, not zlib's
constexpr int kMemLevel = 8;

}  // namespace

std::string Gzip(std::string_view data) {
  z_stream stream{};
  if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, kGzipWindowBits, kMemLevel,
                   Z_DEFAULT_STRATEGY) != Z_OK) {
    throw std::runtime_error("zlib: deflateInit2 failed");
  }
  std::string out(deflateBound(&stream, data.size()), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  int result = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (result != Z_STREAM_END) throw std::runtime_error("zlib: deflate did not finish");
  return out;
}

bool AcceptsGzip(const http::Request& req) {
  auto header = req.find(http::beast_http::field::accept_encoding);
  if (header == req.end()) return false;
  for (const http::WeightedItem& item : http::ByPreference(header->value())) {
    if (base::EqualsIgnoreCase(item.value, "gzip") || item.value == "*") return true;
  }
  return false;
}

}  // namespace payd::html
