#include "store/copy/table_writer.h"

#include <algorithm>

#include "base/crypto.h"

namespace payd::store::copy {

namespace {

// Enough to keep the socket busy, little enough to stay out of the way.
constexpr std::size_t kCopyChunkBytes = 1 << 20;
// PostgreSQL takes at most 65,535 parameters a statement.
constexpr std::size_t kMaxParameters = 65535;
constexpr std::size_t kInsertRows = 1000;

std::string ColumnList(const TablePlan& table) {
  std::string out;
  for (const auto& c : table.Values()) out += (out.empty() ? "" : ", ") + Quote(c.name);
  return out;
}

class CopyWriter final : public TableWriter {
 public:
  CopyWriter(postgres::Connection& target, const TablePlan& table)
      : kinds_(KindsOf(table.Values())),
        copy_(target, "COPY " + Quote(table.name) + " (" + ColumnList(table) + ") FROM STDIN") {}

  void Add(const Row& row) override {
    AppendCopyRow(row, kinds_, buffer_);
    if (buffer_.size() >= kCopyChunkBytes) {
      copy_.Put(buffer_);
      buffer_.clear();
    }
  }

  std::int64_t Finish() override {
    if (!buffer_.empty()) copy_.Put(buffer_);
    buffer_.clear();
    return copy_.Finish();
  }

 private:
  std::vector<Kind> kinds_;
  postgres::CopyIn copy_;
  std::string buffer_;
};

class InsertWriter final : public TableWriter {
 public:
  InsertWriter(postgres::Connection& target, const TablePlan& table)
      : target_(target),
        kinds_(KindsOf(table.Values())),
        head_("INSERT INTO " + Quote(table.name) + " (" + ColumnList(table) + ") VALUES "),
        batch_(std::max<std::size_t>(1, std::min(kInsertRows, kMaxParameters / kinds_.size()))) {}

  void Add(const Row& row) override {
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (!row[i]) {
        params_.AddNull();
      } else if (kinds_[i] == Kind::kBytes) {
        params_.Add("\\x" + base::HexEncode(*row[i]));  // bytea's text input
      } else {
        params_.Add(*row[i]);
      }
    }
    if (++rows_ == batch_) Flush();
  }

  std::int64_t Finish() override {
    Flush();
    return stored_;
  }

 private:
  // One statement for the rows buffered: ($1, $2), ($3, $4)... Full batches
  // share one prepared statement; only the last, shorter one needs another.
  void Flush() {
    if (rows_ == 0) return;
    std::string sql = head_;
    std::size_t n = 0;
    for (std::size_t r = 0; r < rows_; ++r) {
      sql += r ? ", (" : "(";
      for (std::size_t c = 0; c < kinds_.size(); ++c) {
        sql += (c ? ", $" : "$") + std::to_string(++n);
      }
      sql += ")";
    }
    stored_ += target_.Run(sql, params_).affected();
    params_ = postgres::Params();
    rows_ = 0;
  }

  postgres::Connection& target_;
  std::vector<Kind> kinds_;
  std::string head_;
  std::size_t batch_;
  postgres::Params params_;
  std::size_t rows_ = 0;
  std::int64_t stored_ = 0;
};

}  // namespace

void AppendCopyRow(const Row& row, const std::vector<Kind>& kinds, std::string& out) {
  for (std::size_t i = 0; i < row.size(); ++i) {
    if (i) out += '\t';
    if (!row[i]) {
      out += "\\N";
    } else if (kinds[i] == Kind::kBytes) {
      out += "\\\\x";  // bytea's \x input form, its backslash escaped for COPY
      out += base::HexEncode(*row[i]);
    } else {
      for (char c : *row[i]) {
        switch (c) {
          case '\\':
            out += "\\\\";
            break;
          case '\t':
            out += "\\t";
            break;
          case '\n':
            out += "\\n";
            break;
          case '\r':
            out += "\\r";
            break;
          default:
            out += c;
        }
      }
    }
  }
  out += '\n';
}

std::unique_ptr<TableWriter> MakeWriter(WriteMethod method, postgres::Connection& target,
                                        const TablePlan& table) {
  if (method == WriteMethod::kInsert) return std::make_unique<InsertWriter>(target, table);
  return std::make_unique<CopyWriter>(target, table);
}

}  // namespace payd::store::copy
