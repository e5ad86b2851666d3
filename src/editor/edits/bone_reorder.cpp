#include "editor/edits/bone_reorder.hpp"

#include <algorithm>

namespace marionette {

std::vector<bool> subtree_mask(const Skeleton& skeleton, int bone) {
    std::vector<bool> in(skeleton.size(), false);
    // Parents come first, so one pass sees a bone's parent decided before the bone.
    for (std::size_t i = 0; i < skeleton.size(); ++i) {
        const int p = skeleton[i].parent;
        in[i] = static_cast<int>(i) == bone || (p >= 0 && in[static_cast<std::size_t>(p)]);
    }
    return in;
}

std::vector<int> order_placing_under(const Skeleton& skeleton, std::vector<int> staying, std::span<const int> moving, int parent) {
    auto at = staying.end();
    if (parent >= 0) {
        const std::vector<bool> under_parent = subtree_mask(skeleton, parent);
        const auto last = std::find_if(staying.rbegin(), staying.rend(), [&](int b) { return under_parent[static_cast<std::size_t>(b)]; });
        at = last.base();  // one past the last bone of the parent's subtree
    }
    staying.insert(at, moving.begin(), moving.end());
    return staying;
}

namespace {

bool chain_fits(const Skeleton& skeleton, const IkChain& chain) {
    const std::size_t bones = chain_bones(skeleton, chain.root, chain.effector).size();
    return bones > 0 && (chain.solver != SolverKind::TwoBone || bones == 2);
}

}  // namespace

TreeEdit reorder_bones(const Rig& rig, std::span<const int> order) {
    std::vector<int> new_index(rig.skeleton.size(), -1);
    for (std::size_t i = 0; i < order.size(); ++i) new_index[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
    const auto renumber = [&](int old) { return old < 0 ? -1 : new_index[static_cast<std::size_t>(old)]; };

    // Start from a copy so that whatever else the rig holds, now or later, comes along.
    TreeEdit out{rig, -1, {}, 0};
    Rig& r = out.rig;
    r.pose.rotations.clear();
    r.pose.translations.clear();
    r.pose.scales.clear();
    r.chains.clear();
    r.states.clear();

    std::vector<Bone> bones;
    bones.reserve(order.size());
    r.pose.rotations.reserve(order.size());
    r.pose.translations.reserve(order.size());
    r.pose.scales.reserve(order.size());
    for (int old : order) {
        Bone b = rig.skeleton[static_cast<std::size_t>(old)];
        b.parent = renumber(b.parent);
        bones.push_back(std::move(b));
        r.pose.rotations.push_back(rig.pose.rotations[static_cast<std::size_t>(old)]);
        r.pose.translations.push_back(rig.pose.translations[static_cast<std::size_t>(old)]);
        r.pose.scales.push_back(rig.pose.scales[static_cast<std::size_t>(old)]);
    }
    r.skeleton = Skeleton(std::move(bones));

    std::vector<int> new_chain_index(rig.chains.size(), -1);
    for (std::size_t i = 0; i < rig.chains.size(); ++i) {
        const IkChain& chain = rig.chains[i];
        IkChain c = chain;
        c.root = renumber(chain.root);
        c.effector = renumber(chain.effector);
        if (c.root < 0 || c.effector < 0 || !chain_fits(r.skeleton, c)) {
            out.removed_chains.push_back(chain.name);
        } else {
            new_chain_index[i] = static_cast<int>(r.chains.size());
            r.chains.push_back(std::move(c));
        }
    }

    for (const State& state : rig.states) {
        State s = state;
        s.channels.clear();
        s.tracks.clear();
        for (const KeyTrack& track : state.tracks) {
            KeyTrack t = track;
            t.bone = renumber(track.bone);
            if (t.bone < 0) {
                ++out.removed_tracks;
            } else {
                s.tracks.push_back(std::move(t));
            }
        }
        for (const StateChannel& channel : state.channels) {
            StateChannel c = channel;
            c.bone = renumber(channel.bone);
            if (c.bone < 0) {
                ++out.removed_channels;
            } else {
                s.channels.push_back(c);
            }
        }
        // A removed chain's mix keys go with it (the chain's own removal is reported).
        renumber_chain_tracks(s.chain_tracks, new_chain_index);
        r.states.push_back(std::move(s));
    }

    // Meshes follow their bones (delete_bone never drops a bone a mesh hangs on).
    if (!rig.meshes.empty()) {
        MeshSet set = rig.meshes.set();
        for (Mesh& mesh : set.meshes) {
            for (MeshJoint& joint : mesh.joints) joint.bone = renumber(joint.bone);
        }
        r.meshes = RigMeshes(std::move(set));
    }
    // So do slots and their meshes' weights (delete_bone never drops a bone a slot hangs on or a
    // mesh is weighted to either).
    for (Slot& slot : r.slots) {
        slot.bone = renumber(slot.bone);
        for (Attachment& a : slot.attachments) {
            if (!a.mesh) continue;
            for (VertexWeights& w : a.mesh->weights) {
                for (std::size_t k = 0; k < w.count; ++k) w.bones[k] = static_cast<std::uint16_t>(renumber(w.bones[k]));
            }
        }
    }
    // Stored poses follow their bones and forget a dropped one; they stay in skeleton order.
    for (StoredPose& stored : r.poses) {
        for (BonePose& b : stored.bones) b.bone = renumber(b.bone);
        std::erase_if(stored.bones, [](const BonePose& b) { return b.bone < 0; });
        std::sort(stored.bones.begin(), stored.bones.end(), [](const BonePose& a, const BonePose& b) { return a.bone < b.bone; });
    }
    return out;
}

}  // namespace marionette
