// The one exception type the domain raises when a request cannot be carried
// out. It says what kind of failure it is and, when one input is at fault,
// which one ("param"); surfaces (the REST API, the admin CLI) decide how to show it.
//
// Its message is an English pattern with numbered places and the values that
// fill them ("Payment {1} already pays intent {2}."), not a finished string:
// the API and the CLI say it in English (what()), the dashboard looks the
// pattern up in its reader's catalog and fills the places there, so that a
// translation may put the values where its language wants them.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

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

// A value that is itself one of payd's words (a status, a topic's name), said
// in the reader's language; any other value (an id, an amount, a name the
// merchant gave) is written as it is.
struct Term {
  std::string english;
};

struct MessageValue {
  std::string text;
  bool term = false;  // a Term: translated where the message is
};

// "{1} is not a token of {2}." with {"USDT", "Base"}.
struct Message {
  std::string pattern;  // English; places {1}..{9}
  std::vector<MessageValue> values;

  // The pattern with its places filled: what the API says.
  std::string English() const;
};

// `pattern` (a translation of a Message's pattern, or the pattern itself)
// with place {n} replaced by values[n-1]; a place with no value stays as written.
std::string FillPlaces(std::string_view pattern, const std::vector<std::string>& values);

inline MessageValue ToMessageValue(Term term) {
  return {std::move(term.english), true};
}
inline MessageValue ToMessageValue(std::string text) {
  return {std::move(text), false};
}
inline MessageValue ToMessageValue(std::string_view text) {
  return {std::string(text), false};
}
inline MessageValue ToMessageValue(const char* text) {
  return {std::string(text), false};
}

template <typename... Values>
Message Say(std::string pattern, Values&&... values) {
  return Message{std::move(pattern), {ToMessageValue(std::forward<Values>(values))...}};
}

class Error : public std::runtime_error {
 public:
  // A message with no places.
  Error(ErrorKind kind, std::string message, std::string param = {})
      : Error(kind, Message{std::move(message), {}}, std::move(param)) {}
  Error(ErrorKind kind, Message message, std::string param = {})
      : std::runtime_error(message.English()),
        kind_(kind),
        message_(std::move(message)),
        param_(std::move(param)) {}

  ErrorKind kind() const { return kind_; }
  const Message& message() const { return message_; }
  const std::string& param() const { return param_; }

  // The same refusal, blamed on another input (a surface that knows the
  // field's own name: the API's "amount", the CLI's DELIVERY_ID).
  Error At(std::string param) const { return Error(kind_, message_, std::move(param)); }

 private:
  ErrorKind kind_;
  Message message_;
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

// Refuses an input: `pattern`'s places filled with `values` (strings, or Terms).
template <typename... Values>
[[noreturn]] void ThrowInvalid(std::string param, std::string pattern, Values&&... values) {
  throw Error(ErrorKind::kInvalidRequest, Say(std::move(pattern), std::forward<Values>(values)...),
              std::move(param));
}

}  // namespace payd::domain
