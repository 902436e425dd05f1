// Proof that a signed-in person typed their password again a moment ago
// (domain::ConfirmPassword made it), which an operation that moves money asks
// of a person: changing where payments go (DECISIONS §13). Only ConfirmPassword
// can make one: its key type is complete in sign_in.cpp alone.
#pragma once

#include <string>

#include "base/time.h"

namespace payd::domain {

class PasswordProof {
 public:
  struct Key;  // defined in sign_in.cpp: nothing else can name a value of it
  PasswordProof(const Key&, std::string user_id, base::TimeMs at)
      : user_id_(std::move(user_id)), at_(at) {}

  const std::string& user_id() const { return user_id_; }
  base::TimeMs at() const { return at_; }

 private:
  std::string user_id_;
  base::TimeMs at_;
};

// How long a proof counts: the form it was typed in, submitted.
inline constexpr base::TimeMs kPasswordProofMs = 5 * 60'000;

}  // namespace payd::domain
