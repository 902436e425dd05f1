#include "email/smtp_client.h"

#include <curl/curl.h>

#include <memory>
#include <vector>

#include "base/time.h"
#include "domain/email/address.h"
#include "email/mime.h"

namespace payd::email {

namespace {

struct CurlDeleter {
  void operator()(CURL* c) const { curl_easy_cleanup(c); }
};
struct MimeDeleter {
  void operator()(curl_mime* m) const { curl_mime_free(m); }
};
struct ListDeleter {
  void operator()(curl_slist* l) const { curl_slist_free_all(l); }
};
using ListPtr = std::unique_ptr<curl_slist, ListDeleter>;

void Append(ListPtr& list, const std::string& line) {
  curl_slist* grown = curl_slist_append(list.get(), line.c_str());
  if (grown) {
    (void)list.release();
    list.reset(grown);
  }
}

void AddTextPart(curl_mime* alternative, const std::string& body, const char* type) {
  curl_mimepart* part = curl_mime_addpart(alternative);
  curl_mime_data(part, body.data(), body.size());
  curl_mime_type(part, type);
  curl_mime_encoder(part, "quoted-printable");
}

// What libcurl's error says, as a permanent refusal or a passing one.
bool IsPermanent(CURLcode rc, long code) {
  switch (rc) {
    case CURLE_LOGIN_DENIED:    // the server refused the username or password
    case CURLE_USE_SSL_FAILED:  // smtp:// whose server offers no STARTTLS
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_UNSUPPORTED_PROTOCOL:
    case CURLE_URL_MALFORMAT:
      return true;
    default:
      return code >= 500 && code < 600;  // 5xx: the server will not take it as it is
  }
}

}  // namespace

SendOutcome SendMail(const SmtpSettings& settings, const domain::EmailMessage& message) {
  SendOutcome out;
  if (!domain::IsMailAddress(message.to) || !domain::IsMailAddress(settings.from_address)) {
    out.permanent = true;
    out.error = "not an address payd sends mail to or from";
    return out;
  }
  std::unique_ptr<CURL, CurlDeleter> curl(curl_easy_init());
  if (!curl) {
    out.error = "libcurl could not start";
    return out;
  }
  CURL* c = curl.get();
  out.message_id = NewMessageId(settings.from_address);

  ListPtr headers;
  Append(headers, "Date: " + MailDate(base::NowMs()));
  Append(headers, "Message-ID: " + out.message_id);
  Append(headers, "From: " + Mailbox(settings.from_name, settings.from_address));
  Append(headers, "To: " + message.to);
  Append(headers, "Subject: " + HeaderWords(message.subject));
  Append(headers, "Auto-Submitted: auto-generated");
  if (!message.security && !message.unsubscribe_url.empty()) {
    Append(headers, "List-Unsubscribe: <" + message.unsubscribe_url + ">");
    Append(headers, "List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  }
  ListPtr recipients;
  Append(recipients, "<" + message.to + ">");

  // multipart/alternative inside the message: plain text first, HTML last (preferred).
  std::unique_ptr<curl_mime, MimeDeleter> mime(curl_mime_init(c));
  curl_mime* alternative = curl_mime_init(c);
  AddTextPart(alternative, message.text, "text/plain; charset=utf-8");
  AddTextPart(alternative, message.html, "text/html; charset=utf-8");
  curl_mimepart* holder = curl_mime_addpart(mime.get());
  curl_mime_subparts(holder, alternative);  // owned by `mime` from here
  curl_mime_type(holder, "multipart/alternative");
  ListPtr inline_disposition;
  Append(inline_disposition, "Content-Disposition: inline");
  curl_mime_headers(holder, inline_disposition.release(), 1);

  curl_easy_setopt(c, CURLOPT_URL, settings.url.c_str());
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
  // STARTTLS is required on smtp://: a server that does not offer it is
  // refused rather than spoken to in the clear.
  curl_easy_setopt(c, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_ALL));
  if (!settings.ca_file.empty()) curl_easy_setopt(c, CURLOPT_CAINFO, settings.ca_file.c_str());
  if (!settings.username.empty()) {
    curl_easy_setopt(c, CURLOPT_USERNAME, settings.username.c_str());
    curl_easy_setopt(c, CURLOPT_PASSWORD, settings.password.c_str());
  }
  std::string from = "<" + settings.from_address + ">";
  curl_easy_setopt(c, CURLOPT_MAIL_FROM, from.c_str());
  curl_easy_setopt(c, CURLOPT_MAIL_RCPT, recipients.get());
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(c, CURLOPT_MIMEPOST, mime.get());
  curl_easy_setopt(c, CURLOPT_PROXY, "");
  curl_easy_setopt(c, CURLOPT_NOPROXY, "*");
  curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, settings.timeout_ms);
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, std::min(settings.timeout_ms, 10'000L));
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);

  CURLcode rc = curl_easy_perform(c);
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &out.smtp_code);
  if (rc == CURLE_OK) {
    out.sent = true;
    return out;
  }
  out.permanent = IsPermanent(rc, out.smtp_code);
  out.error = curl_easy_strerror(rc);
  if (out.smtp_code) out.error += " (SMTP " + std::to_string(out.smtp_code) + ")";
  return out;
}

}  // namespace payd::email
