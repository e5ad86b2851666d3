#include "core/image/png_encode.hpp"

#include <csetjmp>
#include <vector>

#include <png.h>
#include <zlib.h>

namespace marionette {

namespace {

void append_bytes(png_structp png, png_bytep data, png_size_t size) {
    static_cast<std::string*>(png_get_io_ptr(png))->append(reinterpret_cast<const char*>(data), size);
}

void flush_nothing(png_structp) {}

// libpng reports an error by a long jump out of its own (C) frames back here, whose frame holds
// nothing to destroy. zlib's fastest level and two of PNG's filters: an import writes hundreds
// of megabytes of pixels, mostly runs, and the full search and Paeth's filter tried on every row
// took three times as long for files 10% smaller.
bool write_rows(png_structp png, png_infop info, png_bytepp rows, int width, int height) {
    if (setjmp(png_jmpbuf(png))) return false;
    png_set_IHDR(png, info, static_cast<png_uint_32>(width), static_cast<png_uint_32>(height), 8, PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, Z_BEST_SPEED);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB | PNG_FILTER_UP);
    png_write_info(png, info);
    png_write_image(png, rows);
    png_write_end(png, nullptr);
    return true;
}

}  // namespace

std::string encode_png(std::span<const std::uint8_t> rgba, int width, int height) {
    std::string out;
    if (width < 1 || height < 1 || rgba.size() < 4ull * std::size_t(width) * std::size_t(height)) return out;
    std::vector<png_bytep> rows(static_cast<std::size_t>(height));
    // libpng reads rows through non-const pointers; it writes none of them.
    for (std::size_t y = 0; y < rows.size(); ++y) rows[y] = const_cast<png_bytep>(rgba.data() + 4 * std::size_t(width) * y);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    png_infop info = png ? png_create_info_struct(png) : nullptr;
    bool ok = false;
    if (info) {
        png_set_write_fn(png, &out, append_bytes, flush_nothing);
        ok = write_rows(png, info, rows.data(), width, height);
    }
    png_destroy_write_struct(&png, &info);
    if (!ok) out.clear();
    return out;
}

}  // namespace marionette
