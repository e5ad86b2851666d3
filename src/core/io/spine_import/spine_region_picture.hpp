#pragma once
// A region of a Spine texture atlas as the picture it was before packing: cut from its page,
// turned back upright, the whitespace the packer trimmed restored as transparent margins, and
// with straight alpha (a "pma" page's colours divided by alpha again), so that an attachment
// shows the picture the artist drew at the size the skeleton gives it.

#include "core/image/image_decode.hpp"
#include "core/io/spine_import/spine_atlas_reader.hpp"

namespace marionette {

// Whether `region` lies on a page of `page_size` pixels (its packed rectangle inside the page)
// and fits its original picture: what cut_atlas_region needs.
bool region_fits_page(const SpineAtlasRegion& region, glm::ivec2 page_size);

// The picture of `region` (original_size pixels) cut from `page`, which holds it
// (region_fits_page); `premultiplied` when the page's colours are multiplied by alpha.
DecodedImage cut_atlas_region(const DecodedImage& page, const SpineAtlasRegion& region, bool premultiplied);

}  // namespace marionette
