// A form's errors, GOV.UK's way: a summary at the top linking to each field
// (`errors`, `hasErrors`), the message beside its field (`<field>Error`),
// and "Error: " before the page's title.
//
// A message is either one of the dashboard's own texts (html::Translatable)
// or a domain refusal (domain::Error), kept as its pattern and values: the
// handler that catches it has no reader's language yet, so dashboard::Page
// says every error in the reader's language when it renders (SayErrors).
#pragma once

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <string>

#include "domain/error.h"
#include "html/localizer.h"

namespace payd::dashboard {

boost::json::object FieldError(std::string field, std::string message);
// The refusal beside `field`.
boost::json::object FieldError(std::string field, const domain::Error& refusal);
// A refusal with no field (a model's `<name>Error`): what Page says of it.
boost::json::object Refusal(const domain::Error& refusal);

void AddErrors(boost::json::object& model, const boost::json::array& errors);

// A domain::Error's English message as a sentence for a form, capitalised and
// its leading JSON name in words ("payoutAddress must ..." -> "Payout address must ...").
std::string Sentence(std::string message);

// In the reader's language: each of `model`'s errors, its `<field>Error`s, and
// any other `<name>Error` that is a Refusal.
void SayErrors(const html::Localizer& localizer, boost::json::object& model);

// Runs `change`; when the domain refuses an input (domain::Error, invalid
// request), `redraw` shows the form again with that field's error.
template <typename Change, typename Redraw>
auto OrFieldError(Change&& change, Redraw&& redraw) -> decltype(change()) {
  try {
    return change();
  } catch (const domain::Error& e) {
    if (e.kind() != domain::ErrorKind::kInvalidRequest) throw;
    return redraw(boost::json::array{FieldError(e.param(), e)});
  }
}

}  // namespace payd::dashboard
