// three.js (npm's three) loads Marionette's export of the three.js-made character and skins its
// meshes at the answer file's times in each of its animations (turning; scaling evenly, which
// glTF passes to the bones under; stretching a leaf unevenly; growing in a step): every vertex
// must land where three.js put it in its own file (tests/data/gltf/three_character.answer.json),
// within 1e-5 m of a 2.5 m character. So the exported meshes, skins, binds and animations are
// what the original held, as a reader no one here wrote sees them. The same for a 2D rig's
// pictures (tests/data/gltf/bent_arm.answer.json, Marionette's own vertices of its skinned and
// rigid picture meshes, deform keys as morph targets): an answer may say `"compare": "xy"` (its
// drawings stand apart along z by the draw-order stack) and its own `tolerance`. Meshes are
// named as in the file; three.js drops the characters it reserves (the ':' of SLOT:DRAWING).
// Exits 1 on any miss.
// Usage: node compare_three_skin.mjs OUT.glb ANSWER.json
import { readFileSync } from 'node:fs';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';

const [file, answerFile] = process.argv.slice(2);
const data = readFileSync(file);
const answer = JSON.parse(readFileSync(answerFile, 'utf8'));
const tolerance = answer.tolerance ?? 1e-5;
const planar = answer.compare === 'xy';
// Every mesh of `meshes` (name -> vertices at each answer time) against the scene at each time.
function compare(gltf, mixer, meshes, tally) {
    answer.times.forEach((t, i) => {
        mixer.setTime(t);
        gltf.scene.updateMatrixWorld(true);
        for (const [name, frames] of Object.entries(meshes)) {
            const mesh = gltf.scene.getObjectByName(THREE.PropertyBinding.sanitizeNodeName(name));
            if (!mesh || !mesh.isMesh) {
                console.log(`${file}: no mesh "${name}"`);
                process.exit(1);
            }
            const expected = frames[i], v = new THREE.Vector3();
            if (mesh.geometry.attributes.position.count * 3 !== expected.length) {
                console.log(`${file}: mesh "${name}" has ${mesh.geometry.attributes.position.count} vertices, not ${expected.length / 3}`);
                process.exit(1);
            }
            for (let k = 0; k < expected.length / 3; ++k) {
                mesh.getVertexPosition(k, v);
                v.applyMatrix4(mesh.matrixWorld);
                const dz = planar ? 0 : v.z - expected[3 * k + 2];
                tally.worst = Math.max(tally.worst, Math.hypot(v.x - expected[3 * k], v.y - expected[3 * k + 1], dz));
                tally.compared += 1;
            }
        }
    });
}

// Pictures are not decoded under node (three.js reads them through the browser's image
// decoder): each texture is taken as an empty one, as compare_three.mjs does.
const loader = new GLTFLoader().register(() => ({ name: 'no_image_decoding', loadTexture: () => Promise.resolve(new THREE.Texture()) }));
loader.parse(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength), '', (gltf) => {
    const tally = { worst: 0, compared: 0 };
    for (const [clipName, meshes] of Object.entries(answer.animations)) {
        const clip = gltf.animations.find((a) => a.name === clipName);
        if (!clip) {
            console.log(`${file}: no animation "${clipName}"`);
            process.exit(1);
        }
        const mixer = new THREE.AnimationMixer(gltf.scene);
        const action = mixer.clipAction(clip);
        action.play();
        compare(gltf, mixer, meshes, tally);
        action.stop();  // the next animation starts from the file's rest
    }
    const { worst, compared } = tally;
    console.log(`${file}: ${compared} skinned vertices over ${answer.times.length} times of ${Object.keys(answer.animations).length} animations, worst miss ${worst}`);
    process.exit(compared > 0 && worst <= tolerance ? 0 : 1);
}, (e) => {
    console.log(`${file}: three.js could not load it: ${e}`);
    process.exit(1);
});
