#pragma once
// The texture atlas a Spine export writes beside its skeleton, in Spine 4's text format
// (esotericsoftware.com/spine-atlas-format): the pictures are not packed, each is a page of
// its own holding one region that covers it whole, named as the attachments' "path".

#include <string>

#include "core/io/spine/spine_pictures.hpp"

namespace marionette {

// The atlas text: a page per present region, its name the copied file's path relative to the
// atlas ("images/io/head.png"), its size the picture's pixels; pages apart by a blank line.
// Missing pictures have no page.
std::string spine_atlas(const SpineRegions& regions);

}  // namespace marionette
