#include "email/email_renderer.h"

#include <boost/json/parse.hpp>
#include <stdexcept>

#include "html/i18n.h"
#include "html/templates.h"

namespace payd::email {

namespace {

constexpr std::string_view kPrefix = "email_";

std::string AsText(const boost::json::value& v) {
  if (v.is_string()) return std::string(v.as_string());
  if (v.is_int64()) return std::to_string(v.as_int64());
  return {};
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
  // Times ("...At", in milliseconds) written the language's way.
  boost::json::object values = std::move(parsed.as_object());
  for (auto& [key, value] : values) {
    if (key.ends_with("At") && value.is_int64()) {
      value = html::FormatDateTime(value.as_int64(), catalog.date_time);
    }
  }

  boost::json::object t;
  for (const html::Catalog* c : {&fallback, &catalog}) {  // the language's own win
    for (const auto& [key, text] : c->strings) {
      if (!key.starts_with(kPrefix) || !text.is_string()) continue;
      t[key.substr(kPrefix.size())] = FillPlaceholders(text.as_string(), values);
    }
  }
  auto subject = t.find(email.template_name + "_subject");
  if (subject == t.end()) throw std::runtime_error("no subject for " + email.template_name);

  boost::json::object model{{"t", t},
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
  return message;
}

}  // namespace payd::email
