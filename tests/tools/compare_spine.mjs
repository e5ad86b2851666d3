// Spine's own runtime (npm's @esotericsoftware/spine-core 4.2, a reader no one here wrote) loads
// an exported skeleton and plays one of its animations at every time of `marionette --animate`'s
// frames file; each bone's joint and tip, and every vertex of the pictures the slots show
// (meshes with their deform keys, plain pictures' corners), must land where Marionette puts
// them, within 1e-3 of the rig's size (the larger side of the box holding every compared point
// over the played times). The frames file is baked at a multiple of the rig's fps, so the times
// fall on the rig's frames and between them; the two are reported apart (the export keys what
// it samples at the rig's frames, so between them it is straight where Marionette curves).
// Marionette's vertices come from tests/tools/attachment_frames (the frames file holds bones).
// No atlas is read: the attachments are made on a region covering the whole picture, which is
// the atlas the export writes, so no picture is decoded.
// Exits 1 on any miss (or, with --report, only on a file spine-core refuses).
// With --import, the Spine file is the source an import read and the frames are the imported
// rig's: the bound is 1e-4 of the size, a mesh's vertices are matched as a set (the import
// renumbers a hull Spine runs clockwise), bones a skin must switch on are passed over when the
// skin worn does not (the frames' "skin", worn by both sides), and so are slots showing what the import leaves out (clipping, paths, points,
// bounding boxes). --import-setup is the same with the skeleton's constraints removed: the
// bones' own setup values, which the import keeps; --import-ik keeps the IK constraints, which
// the import keys into an animation's bones, and removes the others. An ANIMATION of "-" is the setup pose (the
// frames file then attachment_frames' "-" frame, which holds the bones).
// Usage: node compare_spine.mjs OUT.json FRAMES.json ATTACHMENTS.json ANIMATION RIG_FPS
//            [--report | --import | --import-setup | --import-ik]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const [file, framesFile, attachmentsFile, animationName, rigFpsText, flag] = process.argv.slice(2);
const text = readFileSync(file, 'utf8');
// The runtime of the file's own version, as Spine requires (3.8 read by 4.0's: the setup pose's
// fields are the same); an export is 4.2.
const version = (JSON.parse(text).skeleton?.spine ?? '4.2').split('.').slice(0, 2).join('.');
const runtime = { '3.8': 'spine-core-4.0', '4.0': 'spine-core-4.0', '4.1': 'spine-core-4.1' }[version] ?? '@esotericsoftware/spine-core';
// 4.0's package has no module Node resolves: its browser build, which defines `spine`, is run.
async function load(name) {
    if (name !== 'spine-core-4.0') return import(name);
    const path = fileURLToPath(import.meta.resolve('spine-core-4.0/dist/iife/spine-core.js'));
    (0, eval)(readFileSync(path, 'utf8'));
    return globalThis.spine;
}
const {
    BoundingBoxAttachment, ClippingAttachment, MeshAttachment, MixBlend, MixDirection, PathAttachment, Physics,
    PointAttachment, RegionAttachment, Skeleton, SkeletonJson, TextureRegion,
} = await load(runtime);
const report = flag === '--report';
const imported = flag === '--import' || flag === '--import-setup' || flag === '--import-ik';
const setupOnly = animationName === '-';
const rigFps = Number(rigFpsText);
const frames = JSON.parse(readFileSync(framesFile, 'utf8')).frames;
const attachmentFrames = JSON.parse(readFileSync(attachmentsFile, 'utf8')).frames;

function refuse(message) {
    console.log(`${file}: ${message}`);
    process.exit(1);
}

// The whole picture as the region: its uvs 0 to 1, its size 1 by 1 with no whitespace stripped,
// so a region attachment's corners come from its own width and height alone.
function wholePicture() {
    const r = new TextureRegion();
    Object.assign(r, { u: 0, v: 0, u2: 1, v2: 1, width: 1, height: 1, originalWidth: 1, originalHeight: 1 });
    return r;
}

// Attachments without textures: the geometry is what is compared.
class NoTextureLoader {
    newRegionAttachment(skin, name, path) {
        const a = new RegionAttachment(name, path);
        a.region = wholePicture();
        return a;
    }
    newMeshAttachment(skin, name, path) {
        const a = new MeshAttachment(name, path);
        a.region = wholePicture();
        return a;
    }
    newBoundingBoxAttachment(skin, name) { return new BoundingBoxAttachment(name); }
    newPathAttachment(skin, name) { return new PathAttachment(name); }
    newPointAttachment(skin, name) { return new PointAttachment(name); }
    newClippingAttachment(skin, name) { return new ClippingAttachment(name); }
}

// A Spine 3.8 file's animations in 4.0's form, which the 4.0 runtime reads: a rotate key's
// `angle` is its `value`, a slot's `color` and `twoColor` are `rgba` and `rgba2`, and a curve's
// one number and c2 to c4 (fractions of the way between two keys, shared by the key's values)
// are four numbers per value in the timeline's own units. Spine 3.8's runtime draws the same
// cubic in the same ten lines. (The import reads 3.8 on its own: spine_animation_reader.)
function spine38To40(json) {
    const hex = (h, at) => parseInt(h.slice(at, at + 2), 16) / 255;
    const colour = (h) => (h ? [0, 2, 4, 6].map((at) => (at < h.length ? hex(h, at) : 1)) : [1, 1, 1, 1]);
    // `values(key)` lists a key's values; a curve between two keys becomes 4 numbers per value.
    const recurve = (keys, values) => {
        keys.forEach((key, i) => {
            const next = keys[i + 1];
            if (key.curve === 'stepped' || !next) return;
            if (typeof key.curve !== 'number' && key.c2 === undefined && key.c3 === undefined && key.c4 === undefined) return;
            const [cx1, cy1, cx2, cy2] = [key.curve ?? 0, key.c2 ?? 0, key.c3 ?? 1, key.c4 ?? 1];
            const t0 = key.time ?? 0, t1 = next.time ?? 0;
            const v0 = values(key), v1 = values(next);
            key.curve = v0.flatMap((v, n) => [t0 + cx1 * (t1 - t0), v + cy1 * (v1[n] - v), t0 + cx2 * (t1 - t0), v + cy2 * (v1[n] - v)]);
            delete key.c2;
            delete key.c3;
            delete key.c4;
        });
    };
    for (const animation of Object.values(json.animations ?? {})) {
        for (const timelines of Object.values(animation.bones ?? {})) {
            for (const [kind, keys] of Object.entries(timelines)) {
                if (kind === 'rotate') {
                    for (const k of keys) if (k.angle !== undefined) { k.value = k.angle; delete k.angle; }
                    recurve(keys, (k) => [k.value ?? 0]);
                } else {
                    const rest = kind === 'scale' ? 1 : 0;
                    recurve(keys, (k) => [k.x ?? rest, k.y ?? rest]);
                }
            }
        }
        for (const timelines of Object.values(animation.slots ?? {})) {
            if (timelines.color) {
                recurve(timelines.color, (k) => colour(k.color));
                timelines.rgba = timelines.color;
                delete timelines.color;
            }
            if (timelines.twoColor) {
                recurve(timelines.twoColor, (k) => [...colour(k.light), ...colour(k.dark).slice(0, 3)]);
                timelines.rgba2 = timelines.twoColor;
                delete timelines.twoColor;
            }
        }
        for (const keys of Object.values(animation.ik ?? {})) recurve(keys, (k) => [k.mix ?? 1, k.softness ?? 0]);
    }
}

let data;
try {
    // The setup pose alone; a 3.8 file's animations turned into 4.0's.
    const json = JSON.parse(text);
    if (setupOnly) delete json.animations;
    if (version === '3.8') spine38To40(json);
    data = new SkeletonJson(new NoTextureLoader()).readSkeletonData(json);
} catch (e) {
    refuse(`spine-core could not read it: ${e.message}`);
}
const animation = setupOnly ? null : data.findAnimation(animationName);
if (!setupOnly && !animation) refuse(`no animation "${animationName}"`);
if (flag === '--import-setup') {
    data.ikConstraints = [];
    data.transformConstraints = [];
    data.pathConstraints = [];
    data.physicsConstraints = [];
    // And the animations' timelines of the constraints taken away.
    for (const a of data.animations) a.timelines = a.timelines.filter((t) => !/Constraint/.test(t.constructor.name));
} else if (flag === '--import-ik') {
    // The other constraints stay, at no mix: the runtime sorts its constraints by their order
    // among all of them, and one left out would leave those after it unsorted, never applied.
    for (const list of [data.transformConstraints, data.pathConstraints, data.physicsConstraints ?? []])
        for (const c of list)
            for (const key of Object.keys(c)) if (/^mix/.test(key) && typeof c[key] === 'number') c[key] = 0;
    for (const a of data.animations) a.timelines = a.timelines.filter((t) => !/^(Transform|Path|Physics).*Constraint/.test(t.constructor.name));
}
const skeleton = new Skeleton(data);
if (attachmentFrames.length !== frames.length) refuse(`${frames.length} frames of bones, ${attachmentFrames.length} of attachments`);

// Marionette's plain picture corners run bottom left, bottom right, top right, top left; a
// Spine region's bottom left, top left, top right, bottom right.
const kRegionCorner = [0, 3, 2, 1];

// Where Spine puts the slot's shown attachment's vertices, as [x, y] pairs in Marionette's order.
function spineVertices(slot, mesh) {
    const a = slot.getAttachment();
    if (mesh) {
        const out = new Array(a.worldVerticesLength);
        a.computeWorldVertices(slot, 0, a.worldVerticesLength, out, 0, 2);
        const pairs = [];
        for (let i = 0; i < out.length; i += 2) pairs.push([out[i], out[i + 1]]);
        return pairs;
    }
    const out = new Array(8);
    // 4.0's region places itself on a bone; 4.1's on the slot.
    a.computeWorldVertices(runtime === 'spine-core-4.0' ? slot.bone : slot, out, 0, 2);
    return kRegionCorner.map((k) => [out[2 * k], out[2 * k + 1]]);
}

// The bone's tip in Marionette: its joint, then its length along its turned x axis stretched by
// its own scale.
function marionetteTip(bone, length) {
    const r = (bone.rotation * Math.PI) / 180;
    const stretch = length * (bone.scale ? bone.scale[0] : 1);
    return [bone.position[0] + Math.cos(r) * stretch, bone.position[1] + Math.sin(r) * stretch];
}

// Whether slot `s` has an attachment key within 1e-5 s of `time`, wrapped into the animation.
function nearSwitch(s, time) {
    const wrapped = animation.duration > 0 ? time % animation.duration : time;
    return animation.timelines.some((t) => t.slotIndex === s && t.attachmentNames &&
        Array.from(t.frames).some((k) => Math.abs(k - wrapped) < 1e-5 || Math.abs(k - time) < 1e-5));
}

// The name a skin holds attachment `shown` of slot `s` under (what the slot and its keys ask
// for; the attachment's own name may differ: goblins' "goblin/left-arm" under "left-arm").
function skinKey(s, shown) {
    for (const skin of [skeleton.skin, data.defaultSkin]) {
        const entry = skin?.getAttachments().find((e) => e.slotIndex === s && e.attachment === shown);
        if (entry) return entry.name;
    }
    return shown.name;
}

// The worst miss of each kind, at frames and between them, and where.
const worst = {};
function note(kind, atFrame, miss, where) {
    // A point either side has no number for is a miss, never passed over.
    if (!Number.isFinite(miss)) problems.push(`${kind}: ${where} is not a number on one side`);
    const key = `${kind} ${atFrame ? 'at frames' : 'between frames'}`;
    const w = (worst[key] ??= { miss: 0, where: '', count: 0 });
    w.count += 1;
    if (miss > w.miss) Object.assign(w, { miss, where });
}
const box = { lo: [Infinity, Infinity], hi: [-Infinity, -Infinity] };
function grow(p) {
    for (let k = 0; k < 2; ++k) {
        box.lo[k] = Math.min(box.lo[k], p[k]);
        box.hi[k] = Math.max(box.hi[k], p[k]);
    }
}
const distance = (p, q) => Math.hypot(p[0] - q[0], p[1] - q[1]);
const problems = [];

for (let f = 0; f < frames.length; ++f) {
    const time = frames[f].time;
    const atFrame = Math.abs(time * rigFps - Math.round(time * rigFps)) < 1e-6;
    // The skin the rig shows at that time (attachment_frames' "skin"; none when it has no word).
    const skin = attachmentFrames[f].skin ?? null;
    if ((skeleton.skin?.name ?? null) !== skin) {
        const wanted = skin === null ? null : data.findSkin(skin);
        if (skin !== null && !wanted) refuse(`no skin "${skin}"`);
        skeleton.setSkin(wanted);
    }
    skeleton.setToSetupPose();
    if (animation) animation.apply(skeleton, time, time, true, null, 1, MixBlend.setup, MixDirection.mixIn);
    skeleton.updateWorldTransform(Physics?.update);
    for (const [name, bone] of Object.entries(frames[f].bones)) {
        const theirs = skeleton.findBone(name);
        if (!theirs) refuse(`no bone "${name}"`);
        if (imported && !theirs.active) continue;
        const joint = [bone.position[0], bone.position[1]];
        const length = theirs.data.length;
        const tip = marionetteTip(bone, length);
        grow(joint);
        grow(tip);
        const at = `${name} at ${time.toFixed(4)} s`;
        note('joints', atFrame, distance(joint, [theirs.worldX, theirs.worldY]), at);
        note('tips', atFrame, distance(tip, [theirs.a * length + theirs.worldX, theirs.c * length + theirs.worldY]), at);
    }
    const slots = attachmentFrames[f].slots;
    if (slots.length !== skeleton.slots.length) refuse(`${skeleton.slots.length} slots, Marionette ${slots.length}`);
    slots.forEach((ours, s) => {
        const slot = skeleton.slots[s];
        let shown = slot.getAttachment();
        if (imported && shown && !(shown instanceof RegionAttachment || shown instanceof MeshAttachment)) shown = null;
        const ourName = ours ? ours.attachment : null;
        if ((shown ? skinKey(s, shown) : null) !== ourName) {
            // An import switches a drawing within a float's rounding of the runtime's switch:
            // at a time on a key (after the loop wraps it) the two may fall on either side.
            if (imported && animation && nearSwitch(s, time)) return;
            problems.push(`slot ${slot.data.name} at ${time.toFixed(4)} s shows ${shown ? shown.name : 'nothing'}, Marionette's ${ourName}`);
            return;
        }
        if (!ours) return;
        const theirs = spineVertices(slot, ours.mesh);
        if (theirs.length !== ours.vertices.length) refuse(`${ours.attachment}: ${theirs.length} vertices, Marionette ${ours.vertices.length}`);
        ours.vertices.forEach((v, i) => {
            grow(v);
            // Imported meshes: the nearest of Spine's vertices, and each of Spine's nearest ours.
            const miss = imported && ours.mesh ? Math.min(...theirs.map((t) => distance(v, t))) : distance(v, theirs[i]);
            note(ours.mesh ? 'mesh vertices' : 'picture corners', atFrame, miss, `${ours.attachment} vertex ${i} at ${time.toFixed(4)} s`);
        });
        if (imported && ours.mesh) {
            theirs.forEach((t, i) => note('mesh vertices', atFrame, Math.min(...ours.vertices.map((v) => distance(v, t))),
                `${ours.attachment} Spine's vertex ${i} at ${time.toFixed(4)} s`));
        }
    });
}

const size = Math.max(box.hi[0] - box.lo[0], box.hi[1] - box.lo[1]);
const tolerance = imported ? 1e-4 : 1e-3;
const bound = tolerance * size;
let missed = problems.length > 0;
for (const p of problems.slice(0, 5)) console.log(`${file}: ${p}`);
for (const [key, w] of Object.entries(worst).sort()) {
    const ok = w.miss <= bound;
    missed ||= !ok;
    console.log(`${file} ${animationName}: ${key}: ${w.count} compared, worst ${w.miss.toExponential(3)} = ` +
        `${(w.miss / size).toExponential(3)} of the rig's size ${size.toFixed(2)} (${w.where}) ${ok ? 'ok' : 'MISS'}`);
}
console.log(`${file} ${animationName}: ${frames.length} times, ${missed ? 'misses' : 'within'} ${tolerance} of the rig's size`);
process.exit(missed && !report ? 1 : 0);
