// QR codes as inline SVG, for the payment URI on the intent page: readable
// with JavaScript off, printable on the receipt, a few KB. Encoded by
// libqrencode with error correction M (a phone reads it off a scratched
// screen) and drawn as one <path> of horizontal runs.
#pragma once

#include <boost/json/object.hpp>
#include <string>
#include <string_view>

namespace payd::html {

// Modules of white border around the code; the standard asks for 4.
constexpr int kQrQuietZone = 4;

struct QrSvgOptions {
  std::string id;     // the svg element's id ("qr")
  std::string label;  // what the code holds, for screen readers (<title>, aria-label)
};

// The code's modules: a square of `size` (quiet zone included) and an SVG
// path of its dark runs. Throws std::runtime_error when the data does not
// fit a QR code (beyond ~2.3 KB).
struct QrDrawing {
  int size = 0;
  std::string path;
};
QrDrawing DrawQr(std::string_view data);

// The whole <svg>, its label already in the reader's language (the payer's pages).
std::string QrSvg(std::string_view data, const QrSvgOptions& options);

// The same for the partial qr_code.mustache (`qrId`, `qrLabel`, `qrSize`,
// `qrPath`), which says the label in the reader's language (the dashboard).
boost::json::object QrModel(std::string_view data, std::string id, std::string label);

}  // namespace payd::html
