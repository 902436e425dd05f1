#include "email/email_renderer.h"

#include <boost/json/parse.hpp>
#include <stdexcept>

#include "html/i18n.h"
#include "html/templates.h"

namespace payd::email {

namespace {

constexpr std::string_view kPrefix = "email_";

std::string Field(const boost::json::object& o, std::string_view key) {
  const auto* v = o.if_contains(key);
  return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

std::string AsText(const boost::json::value& v) {
  if (v.is_string()) return std::string(v.as_string());
  if (v.is_int64()) return std::to_string(v.as_int64());
  return {};
}

// Times ("...At", in milliseconds) written the language's way, in lists' rows too.
void FormatTimes(boost::json::object& o, const std::string& pattern) {
  for (auto& [key, value] : o) {
    if (key.ends_with("At") && value.is_int64()) {
      value = html::FormatDateTime(value.as_int64(), pattern);
    } else if (value.is_object()) {
      FormatTimes(value.as_object(), pattern);
    } else if (value.is_array()) {
      for (auto& row : value.as_array()) {
        if (row.is_object()) FormatTimes(row.as_object(), pattern);
      }
    }
  }
}

}  // namespace

std::string FillPlaceholders(std::string_view text, const boost::json::object& values) {
  std::string out;
  out.reserve(text.size());
  std::size_t at = 0;
  while (at < text.size()) {
    auto open = text.find('{', at);
    if (open == std::string_view::npos) break;
    auto close = text.find('}', open + 1);
    if (close == std::string_view::npos) break;
    out.append(text.substr(at, open - at));
    auto name = text.substr(open + 1, close - open - 1);
    auto it = values.find(name);
    if (it != values.end() && (it->value().is_string() || it->value().is_int64())) {
      out += AsText(it->value());
    } else {
      out.append(text.substr(open, close - open + 1));
    }
    at = close + 1;
  }
  out.append(text.substr(at));
  return out;
}

EmailRenderer::EmailRenderer(const html::Templates& templates, const html::Languages& languages,
                             std::string public_url)
    : templates_(templates), languages_(languages), public_url_(std::move(public_url)) {}

domain::EmailMessage EmailRenderer::Render(const domain::QueuedEmail& email) const {
  boost::json::value parsed = boost::json::parse(email.model_json);
  if (!parsed.is_object()) throw std::runtime_error("the message's model is not a JSON object");
  const html::Catalog& catalog = languages_.Get(email.language);
  const html::Catalog& fallback = languages_.Get(html::kDefaultLanguage);
  boost::json::object values = std::move(parsed.as_object());
  FormatTimes(values, catalog.date_time);

  auto text_of = [&](std::string_view key) -> std::string {
    std::string full = std::string(kPrefix) + std::string(key);
    for (const html::Catalog* c : {&catalog, &fallback}) {
      if (const auto* text = c->strings.if_contains(full); text && text->is_string()) {
        return FillPlaceholders(text->as_string(), values);
      }
    }
    return {};
  };
  // "reasonKey": "needs_decision_underpaid" puts that string, filled, under "reason".
  boost::json::object derived;
  for (const auto& [key, value] : values) {
    if (key.size() > 3 && key.ends_with("Key") && value.is_string()) {
      derived[key.substr(0, key.size() - 3)] = text_of(value.as_string());
    }
  }
  for (auto& [key, value] : derived) values[key] = std::move(value);

  boost::json::object t;
  boost::json::object topic;  // this message's own strings, without their prefix
  const std::string own = email.template_name + "_";
  for (const html::Catalog* c : {&fallback, &catalog}) {  // the language's own win
    for (const auto& [key, text] : c->strings) {
      if (!key.starts_with(kPrefix) || !text.is_string()) continue;
      std::string_view name = key.substr(kPrefix.size());
      t[name] = FillPlaceholders(text.as_string(), values);
      if (name.starts_with(own)) topic[name.substr(own.size())] = t[name];
    }
  }
  auto subject = topic.find("subject");
  if (subject == topic.end()) throw std::runtime_error("no subject for " + email.template_name);
  std::string unsubscribe = email.security ? std::string() : Field(values, "unsubscribeUrl");

  boost::json::object model{{"t", t},
                            {"topic", topic},
                            {"unsubscribeUrl", unsubscribe},
                            {"m", values},
                            {"lang", catalog.code},
                            {"publicUrl", public_url_},
                            {"security", email.security},
                            {"subject", subject->value()}};
  domain::EmailMessage message;
  message.to = email.to;
  message.subject = std::string(subject->value().as_string());
  message.html = templates_.Render("email/" + email.template_name, model, "email/layout");
  message.text =
      templates_.RenderText("email/" + email.template_name + "_text", model, "email/layout_text");
  message.security = email.security;
  message.unsubscribe_url = unsubscribe;
  return message;
}

}  // namespace payd::email
