// three.js's glTF loader and animation mixer (npm's three), a reader no one here wrote, play an
// exported file's animation at each frame time of `marionette --animate`'s frames file; every
// bone's world position must agree within 0.01 degree's worth of the rig's size (1.75e-4 of
// it): three.js turns between two keys at an even rate (slerp), Marionette keys up to 20
// degrees apart along the normalised straight line, within 0.01 degree of it (key_track.cpp).
// Exits 1 on any miss.
// Usage: node compare_three.mjs OUT.glb FRAMES.json ANIMATION
import { readFileSync } from 'node:fs';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';

const [file, framesFile, animation] = process.argv.slice(2);
const data = readFileSync(file);
const frames = JSON.parse(readFileSync(framesFile, 'utf8')).frames;
// Pictures are not decoded under node (three.js reads them through the browser's image
// decoder): each texture is taken as an empty one; the quads still hang on their bones.
const loader = new GLTFLoader().register(() => ({ name: 'no_image_decoding', loadTexture: () => Promise.resolve(new THREE.Texture()) }));
loader.parse(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength), '', (gltf) => {
    const clip = gltf.animations.find((a) => a.name === animation);
    if (!clip) {
        console.log(`${file}: no animation "${animation}"`);
        process.exit(1);
    }
    const mixer = new THREE.AnimationMixer(gltf.scene);
    mixer.clipAction(clip).play();
    let size = 1;
    for (const f of frames) for (const b of Object.values(f.bones)) size = Math.max(size, Math.hypot(...b.position));
    let worst = 0, compared = 0;
    for (const f of frames) {
        mixer.setTime(f.time);
        gltf.scene.updateMatrixWorld(true);
        for (const [name, bone] of Object.entries(f.bones)) {
            const node = gltf.scene.getObjectByName(name);
            if (!node) {
                console.log(`${file}: no node "${name}"`);
                process.exit(1);
            }
            const p = new THREE.Vector3();
            node.getWorldPosition(p);
            const q = bone.position;
            worst = Math.max(worst, Math.hypot(p.x - q[0], p.y - q[1], p.z - (q.length > 2 ? q[2] : 0)));
            compared += 1;
        }
    }
    console.log(`${file}: ${compared} bone positions over ${frames.length} frames, worst miss ${worst} (rig size ${size})`);
    process.exit(compared > 0 && worst <= 1.75e-4 * size ? 0 : 1);
}, (e) => {
    console.log(`${file}: three.js could not load it: ${e}`);
    process.exit(1);
});
