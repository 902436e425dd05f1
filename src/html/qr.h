// QR codes as inline SVG, for the payment URI on the intent page: readable
// with JavaScript off, printable on the receipt, a few KB. Encoded by
// libqrencode with error correction M (a phone reads it off a scratched
// screen) and drawn as one <path> of horizontal runs.
#pragma once

#include <string>
#include <string_view>

namespace payd::html {

// Modules of white border around the code; the standard asks for 4.
constexpr int kQrQuietZone = 4;

struct QrSvgOptions {
  std::string id;     // the svg element's id ("qr")
  std::string label;  // what the code holds, for screen readers (<title>, aria-label)
};

// Throws std::runtime_error when the data does not fit a QR code (beyond ~2.3 KB).
std::string QrSvg(std::string_view data, const QrSvgOptions& options);

}  // namespace payd::html
