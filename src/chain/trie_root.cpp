#include "chain/trie_root.h"

#include <algorithm>
#include <utility>

#include "base/crypto.h"
#include "chain/rlp.h"

namespace payd::chain {

namespace {

using Nibbles = std::string;  // one nibble (0-15) per char
struct Entry {
  Nibbles key;
  const std::string* value;
};

Nibbles ToNibbles(std::string_view bytes) {
  Nibbles out;
  out.reserve(bytes.size() * 2);
  for (unsigned char b : bytes) {
    out.push_back(static_cast<char>(b >> 4));
    out.push_back(static_cast<char>(b & 0x0f));
  }
  return out;
}

// The yellow paper's hex-prefix encoding of a path, flagged leaf or extension.
std::string HexPrefix(std::string_view path, bool leaf) {
  const bool odd = path.size() % 2 == 1;
  const int flag = (leaf ? 2 : 0) + (odd ? 1 : 0);
  std::string out;
  std::size_t i = 0;
  if (odd) {
    out.push_back(static_cast<char>((flag << 4) | path[0]));
    i = 1;
  } else {
    out.push_back(static_cast<char>(flag << 4));
  }
  for (; i < path.size(); i += 2) out.push_back(static_cast<char>((path[i] << 4) | path[i + 1]));
  return out;
}

// The index as RLP's integer: big-endian, no leading zeros (0 is empty).
std::string IndexBytes(std::size_t i) {
  std::string out;
  for (; i > 0; i >>= 8) out.insert(out.begin(), static_cast<char>(i & 0xff));
  return out;
}

// How a parent holds a child node: the node itself when its RLP is shorter
// than a hash, else the hash of it.
std::string Reference(const std::string& node) {
  return node.size() < 32 ? node : RlpBytes(base::Keccak256(node));
}

// The RLP of the node holding entries[begin, end) (sorted, keys sharing
// their first `depth` nibbles).
std::string Node(const std::vector<Entry>& entries, std::size_t begin, std::size_t end,
                 std::size_t depth) {
  if (end - begin == 1) {
    const Entry& e = entries[begin];
    return RlpList(
        {RlpBytes(HexPrefix(std::string_view(e.key).substr(depth), true)), RlpBytes(*e.value)});
  }
  // What the first and last keys share, all sorted keys between share too.
  const Nibbles& first = entries[begin].key;
  const Nibbles& last = entries[end - 1].key;
  std::size_t shared = depth;
  while (shared < first.size() && shared < last.size() && first[shared] == last[shared]) ++shared;
  if (shared > depth) {
    std::string child = Node(entries, begin, end, shared);
    return RlpList(
        {RlpBytes(HexPrefix(std::string_view(first).substr(depth, shared - depth), false)),
         Reference(child)});
  }
  std::vector<std::string> branch;
  branch.reserve(17);
  std::string value = RlpBytes("");
  std::size_t i = begin;
  if (entries[i].key.size() == depth) value = RlpBytes(*entries[i++].value);  // ends here
  for (char nibble = 0; nibble < 16; ++nibble) {
    std::size_t j = i;
    while (j < end && entries[j].key[depth] == nibble) ++j;
    branch.push_back(j == i ? RlpBytes("") : Reference(Node(entries, i, j, depth + 1)));
    i = j;
  }
  branch.push_back(std::move(value));
  return RlpList(branch);
}

}  // namespace

std::string OrderedTrieRoot(const std::vector<std::string>& items) {
  if (items.empty()) return base::Keccak256(RlpBytes(""));
  std::vector<Entry> entries;
  entries.reserve(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    entries.push_back({ToNibbles(RlpBytes(IndexBytes(i))), &items[i]});
  }
  std::sort(entries.begin(), entries.end(),
            [](const Entry& a, const Entry& b) { return a.key < b.key; });
  return base::Keccak256(Node(entries, 0, entries.size(), 0));
}

}  // namespace payd::chain
