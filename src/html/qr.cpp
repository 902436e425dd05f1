#include "html/qr.h"

#include <qrencode.h>

#include <memory>
#include <stdexcept>

#include "html/html.h"

namespace payd::html {

namespace {

struct QrFree {
  void operator()(QRcode* code) const { QRcode_free(code); }
};

}  // namespace

QrDrawing DrawQr(std::string_view data) {
  std::string text(data);
  // Version 0: the smallest that fits; 8-bit mode keeps the URI's case.
  std::unique_ptr<QRcode, QrFree> code(QRcode_encodeString8bit(text.c_str(), 0, QR_ECLEVEL_M));
  if (!code) throw std::runtime_error("the data does not fit in a QR code");
  const int width = code->width;
  const int size = width + 2 * kQrQuietZone;
  std::string path;
  for (int y = 0; y < width; ++y) {
    for (int x = 0; x < width;) {
      if (!(code->data[y * width + x] & 1)) {
        ++x;
        continue;
      }
      int run = 1;
      while (x + run < width && (code->data[y * width + x + run] & 1)) ++run;
      path += "M" + std::to_string(x + kQrQuietZone) + " " + std::to_string(y + kQrQuietZone) +
              "h" + std::to_string(run) + "v1h-" + std::to_string(run) + "z";
      x += run;
    }
  }
  return {size, std::move(path)};
}

std::string QrSvg(std::string_view data, const QrSvgOptions& options) {
  QrDrawing drawing = DrawQr(data);
  std::string label = EscapeHtml(options.label);
  std::string dim = std::to_string(drawing.size);
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"" + EscapeHtml(options.id) +
         "\" class=\"qr\" viewBox=\"0 0 " + dim + " " + dim + "\" role=\"img\" aria-label=\"" +
         label + "\" shape-rendering=\"crispEdges\"><title>" + label + "</title><rect width=\"" +
         dim + "\" height=\"" + dim + "\" fill=\"#fff\"/><path fill=\"#000\" d=\"" + drawing.path +
         "\"/></svg>";
}

boost::json::object QrModel(std::string_view data, std::string id, std::string label) {
  QrDrawing drawing = DrawQr(data);
  return {{"qrId", std::move(id)},
          {"qrLabel", std::move(label)},
          {"qrSize", drawing.size},
          {"qrPath", std::move(drawing.path)}};
}

}  // namespace payd::html
