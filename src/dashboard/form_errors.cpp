#include "dashboard/form_errors.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace payd::dashboard {

boost::json::object FieldError(std::string field, std::string message) {
  return {{"field", std::move(field)}, {"message", std::move(message)}};
}

void AddErrors(boost::json::object& model, const boost::json::array& errors) {
  if (errors.empty()) return;
  model["errors"] = errors;
  model["hasErrors"] = true;
  for (const auto& e : errors) {
    const auto& error = e.as_object();
    model[std::string(error.at("field").as_string()) + "Error"] = error.at("message");
  }
}

std::string Sentence(std::string message) {
  // The API's messages start with the field's JSON name ("payoutAddress must
  // be ..."): a form says it in words ("Payout address must be ...").
  std::size_t end = 0;
  while (end < message.size() && std::isalpha(static_cast<unsigned char>(message[end]))) ++end;
  bool camel = end > 0 && std::islower(static_cast<unsigned char>(message[0])) &&
               std::any_of(message.begin(), message.begin() + static_cast<std::ptrdiff_t>(end),
                           [](unsigned char c) { return std::isupper(c); });
  // Each word in lower case, but an initialism stays one ("qrCode" is "QR code").
  std::string words, word;
  auto flush = [&] {
    for (std::string_view initialism : {"qr", "url", "id"}) {
      if (word != initialism) continue;
      for (char& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    words += (words.empty() ? "" : " ") + word;
    word.clear();
  };
  for (std::size_t i = 0; camel && i < end; ++i) {
    char c = message[i];
    if (i > 0 && std::isupper(static_cast<unsigned char>(c))) flush();
    word.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  if (camel) {
    flush();
    message = words + message.substr(end);
  }
  if (!message.empty()) {
    message[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(message[0])));
  }
  return message;
}

boost::json::object FieldError(std::string field, const domain::Error& refusal) {
  boost::json::object error = Refusal(refusal);
  error["field"] = std::move(field);
  return error;
}

boost::json::object Refusal(const domain::Error& refusal) {
  boost::json::array values;
  for (const auto& value : refusal.message().values) {
    if (value.term)
      values.push_back(boost::json::object{{"term", value.text}});
    else
      values.push_back(boost::json::string(value.text));
  }
  return {{"message", Sentence(refusal.what())},
          {"pattern", refusal.message().pattern},
          {"values", std::move(values)}};
}

namespace {

// One error's text in the reader's language: a refusal's pattern translated
// and its places filled (its Terms translated too), else its English sentence.
std::string Said(const html::Localizer& localizer, const boost::json::object& error) {
  std::string english(error.at("message").as_string());
  const auto* pattern = error.if_contains("pattern");
  if (!pattern) return localizer.Say(english);
  auto translated = localizer.Translate(pattern->as_string());
  if (!translated) return english;
  std::vector<std::string> values;
  for (const auto& value : error.at("values").as_array()) {
    if (value.is_string())
      values.emplace_back(value.as_string());
    else
      values.push_back(localizer.Say(value.as_object().at("term").as_string()));
  }
  // A translation that opens with a place (the field's JSON name) reads as a sentence too.
  return Sentence(domain::FillPlaces(*translated, values));
}

bool IsRefusal(const boost::json::value& value) {
  return value.is_object() && value.as_object().contains("pattern") &&
         value.as_object().contains("message");
}

}  // namespace

void SayErrors(const html::Localizer& localizer, boost::json::object& model) {
  for (auto& [key, value] : model) {
    if (key.ends_with("Error") && IsRefusal(value)) value = Said(localizer, value.as_object());
  }
  auto* errors = model.if_contains("errors");
  if (!errors || !errors->is_array()) return;
  for (auto& e : errors->as_array()) {
    auto& error = e.as_object();
    std::string said = Said(localizer, error);
    model[std::string(error.at("field").as_string()) + "Error"] = said;
    error["message"] = std::move(said);
  }
}

}  // namespace payd::dashboard
