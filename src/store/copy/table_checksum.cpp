#include "store/copy/table_checksum.h"

namespace payd::store::copy {

std::optional<std::string> ReadValue(const sql::Query& q, int column, Kind kind) {
  if (q.IsNull(column)) return std::nullopt;
  switch (kind) {
    case Kind::kInt:
      return std::to_string(q.Int(column));
    case Kind::kText:
      return q.Text(column);
    case Kind::kBytes:
      return q.Blob(column);
  }
  return std::nullopt;
}

void ReadRow(const sql::Query& q, const std::vector<Kind>& kinds, Row& row) {
  row.resize(kinds.size());
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    row[i] = ReadValue(q, static_cast<int>(i), kinds[i]);
  }
}

void TableChecksum::Add(const Row& row) {
  form_.clear();
  for (std::size_t i = 0; i < row.size(); ++i) {
    if (!row[i]) {
      form_ += 'N';
      continue;
    }
    form_ += kinds_[i] == Kind::kInt ? 'I' : kinds_[i] == Kind::kText ? 'T' : 'B';
    form_ += std::to_string(row[i]->size());
    form_ += ':';
    form_ += *row[i];
  }
  form_ += '\n';
  hash_.Update(form_);
  ++rows_;
}

std::string TableChecksum::Hex() {
  return base::HexEncode(hash_.Finish());
}

std::vector<Kind> KindsOf(const std::vector<Column>& columns) {
  std::vector<Kind> kinds;
  for (const auto& c : columns) kinds.push_back(c.kind);
  return kinds;
}

}  // namespace payd::store::copy
