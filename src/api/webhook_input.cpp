#include "api/webhook_input.h"

#include <boost/json/array.hpp>

#include "api/api_error.h"
#include "api/json_input.h"

namespace payd::api {

namespace {

// `events`: a JSON array of strings; none for null (every type).
std::optional<std::vector<std::string>> ReadEvents(const boost::json::value& value) {
  if (value.is_null()) return std::nullopt;
  if (!value.is_array())
    ThrowBadRequest("events", std::string("events must be an array of event types, not ") +
                                  TypeName(value) + ".");
  std::vector<std::string> out;
  for (const auto& item : value.as_array()) {
    if (!item.is_string()) ThrowBadRequest("events", "Each event type must be a string.");
    out.emplace_back(item.as_string());
  }
  return out;
}

std::optional<std::string> ReadDescription(const boost::json::value& value) {
  if (value.is_null()) return std::nullopt;
  if (!value.is_string())
    ThrowBadRequest("description",
                    std::string("description must be a string, not ") + TypeName(value) + ".");
  return std::string(value.as_string());
}

}  // namespace

domain::NewEndpoint ReadNewEndpoint(const boost::json::object& body, bool with_shape,
                                    domain::PayloadShape shape) {
  FieldReader fields(body);
  domain::NewEndpoint request;
  request.url = fields.RequiredString("url");
  if (const auto* events = fields.OptionalValue("events")) request.events = ReadEvents(*events);
  if (const auto* text = fields.OptionalValue("description"))
    request.description = ReadDescription(*text);
  request.shape = shape;
  if (with_shape) {
    if (auto name = fields.OptionalString("payloadShape")) {
      auto parsed = domain::ParsePayloadShape(*name);
      if (!parsed) ThrowBadRequest("payloadShape", "payloadShape must be \"events\" or \"v1\".");
      request.shape = *parsed;
    }
  }
  fields.RejectUnknown();
  return request;
}

domain::EndpointPatch ReadEndpointPatch(const boost::json::object& body) {
  FieldReader fields(body);
  domain::EndpointPatch patch;
  patch.url = fields.OptionalString("url");
  if (body.contains("url") && !patch.url) ThrowBadRequest("url", "url cannot be null.");
  fields.OptionalValue("events");
  if (const auto* events = body.if_contains("events")) patch.events = ReadEvents(*events);
  fields.OptionalValue("description");
  if (const auto* text = body.if_contains("description"))
    patch.description = ReadDescription(*text);
  patch.enabled = fields.OptionalBool("enabled");
  if (body.contains("enabled") && !patch.enabled)
    ThrowBadRequest("enabled", "enabled cannot be null.");
  fields.RejectUnknown();
  if (body.empty()) ThrowBadRequest("", "Send at least one of url, events, description, enabled.");
  return patch;
}

}  // namespace payd::api
