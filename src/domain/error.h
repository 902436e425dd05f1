// The one exception type the domain raises when a request cannot be carried
// out. It says what kind of failure it is and, when one input is at fault,
// which one ("param"); surfaces (the REST API, the admin CLI) decide how to show it.
#pragma once

#include <stdexcept>
#include <string>

#include "domain/people/user.h"

namespace payd::domain {

enum class ErrorKind {
  kInvalidRequest,       // an input is malformed or breaks a rule
  kNotFound,             // the object does not exist for this tenant
  kIdempotencyConflict,  // an idempotency key was reused with other parameters
  kUnavailable,          // a dependency (database, price source) cannot be reached
  kNotWaiting,           // the payment intent no longer waits for payment (paid, expired, settled)
  kForbidden,            // the person's role lacks what this needs (domain::Forbidden)
};

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, std::string message, std::string param = {})
      : std::runtime_error(message), kind_(kind), param_(std::move(param)) {}

  ErrorKind kind() const { return kind_; }
  const std::string& param() const { return param_; }

 private:
  ErrorKind kind_;
  std::string param_;
};

// A person asked for what their role does not allow: a surface answers 403 naming
// the least role that does (DECISIONS §13).
class Forbidden : public Error {
 public:
  Forbidden(Role needed, std::string message)
      : Error(ErrorKind::kForbidden, std::move(message)), needed_(needed) {}
  Role needed() const { return needed_; }

 private:
  Role needed_;
};

[[noreturn]] inline void ThrowInvalid(std::string param, std::string message) {
  throw Error(ErrorKind::kInvalidRequest, std::move(message), std::move(param));
}

}  // namespace payd::domain
