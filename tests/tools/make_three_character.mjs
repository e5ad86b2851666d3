// A small skinned character written by three.js's GLTFExporter (npm's three), an exporter no one
// here wrote, and where three.js's own GLTFLoader and skinning put its vertices mid-animation:
// the import test's independent file and answer (tests/data/gltf/README.md).
// - bones hips > spine > {neck > head, arm_l > hand_l, arm_r}: spine has three children;
// - "body", a cylinder skinned to hips, spine and neck (two weights a vertex), a non-identity
//   bind (the mesh node is moved, so the inverse bind matrices carry it);
// - "arm", a box skinned to arm_l and hand_l; "hat", a rigid box under the head;
// - the animation "Bend": spine, arm_l and hand_l turning, hips moving;
// - "Squash": spine turning and scaling evenly (glTF passes it down to everything above it);
// - "Stretch": hand_l (a leaf) stretching along itself and thinning, arm_r growing in a step.
// The answer holds, for each animation, every mesh's vertices at each of its times.
// Usage (in a folder with npm's three installed): node make_three_character.mjs OUT.glb ANSWER.json
import { writeFileSync } from 'node:fs';
import * as THREE from 'three';
import { GLTFExporter } from 'three/examples/jsm/exporters/GLTFExporter.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';

// The exporter reads its buffers back through the browser's FileReader, which node lacks.
globalThis.FileReader = class {
    readAsArrayBuffer(blob) { blob.arrayBuffer().then((b) => { this.result = b; this.onloadend(); }); }
    readAsDataURL(blob) {
        blob.arrayBuffer().then((b) => {
            this.result = 'data:application/octet-stream;base64,' + Buffer.from(b).toString('base64');
            this.onloadend();
        });
    }
};

const [outFile, answerFile] = process.argv.slice(2);

function bone(name, parent, x, y, z) {
    const b = new THREE.Bone();
    b.name = name;
    b.position.set(x, y, z);
    if (parent) parent.add(b);
    return b;
}
const hips = bone('hips', null, 0, 1, 0);
const spine = bone('spine', hips, 0, 0.5, 0);
const neck = bone('neck', spine, 0, 0.5, 0);
const head = bone('head', neck, 0, 0.2, 0);
const armL = bone('arm_l', spine, 0.25, 0.4, 0);
armL.rotation.z = -1.2;
const handL = bone('hand_l', armL, 0, 0.5, 0);
const armR = bone('arm_r', spine, -0.25, 0.4, 0);
armR.rotation.z = 1.2;
const bones = [hips, spine, neck, head, armL, handL, armR];

// Weights by height between joints along y (world, at bind), two influences a vertex.
function skin(geometry, joints) {
    const position = geometry.attributes.position;
    const index = [], weight = [];
    for (let i = 0; i < position.count; ++i) {
        const y = position.getY(i);
        let k = 0;
        while (k + 1 < joints.length && y > joints[k + 1].y) ++k;
        const next = Math.min(k + 1, joints.length - 1);
        const span = joints[next].y - joints[k].y;
        const t = span > 0 ? Math.min(Math.max((y - joints[k].y) / span, 0), 1) : 0;
        index.push(joints[k].bone, joints[next].bone, 0, 0);
        weight.push(1 - t, next === k ? 0 : t, 0, 0);
        if (next === k) weight[weight.length - 4] = 1;
    }
    geometry.setAttribute('skinIndex', new THREE.Uint16BufferAttribute(index, 4));
    geometry.setAttribute('skinWeight', new THREE.Float32BufferAttribute(weight, 4));
}

const scene = new THREE.Scene();
const root = new THREE.Group();
root.name = 'character';
scene.add(root);
root.add(hips);
const skeleton = new THREE.Skeleton(bones);

const bodyGeometry = new THREE.CylinderGeometry(0.2, 0.25, 1.2, 8, 12);
bodyGeometry.translate(0, 0.6, 0);  // from y 0 to 1.2 in the mesh, 1 to 2.2 in the world
skin(bodyGeometry, [{ y: 0, bone: 0 }, { y: 0.5, bone: 1 }, { y: 1.0, bone: 2 }]);
const body = new THREE.SkinnedMesh(bodyGeometry, new THREE.MeshStandardMaterial({ color: new THREE.Color(0.8, 0.3, 0.2) }));
body.name = 'body';
body.position.set(0, 1, 0);
root.add(body);

const armGeometry = new THREE.BoxGeometry(0.12, 0.9, 0.12, 1, 6, 1);
armGeometry.translate(0, 0.45, 0);
skin(armGeometry, [{ y: 0, bone: 4 }, { y: 0.5, bone: 5 }]);
const arm = new THREE.SkinnedMesh(armGeometry, new THREE.MeshStandardMaterial({ color: 0x3366cc }));
arm.name = 'arm';
// The arm's mesh is modelled upright; its bind places it along arm_l.
root.add(arm);
root.updateMatrixWorld(true);
body.bind(skeleton);
arm.position.copy(armL.getWorldPosition(new THREE.Vector3()));
arm.quaternion.copy(armL.getWorldQuaternion(new THREE.Quaternion()));
arm.updateMatrixWorld(true);
arm.bind(skeleton);

const hat = new THREE.Mesh(new THREE.BoxGeometry(0.3, 0.1, 0.3), new THREE.MeshStandardMaterial({ color: 0x222222 }));
hat.name = 'hat';
hat.position.set(0, 0.25, 0);
head.add(hat);

const turn = (axis, degrees) => new THREE.Quaternion().setFromAxisAngle(axis, degrees * Math.PI / 180).toArray();
const z = new THREE.Vector3(0, 0, 1), x = new THREE.Vector3(1, 0, 0);
const rest = (b) => b.quaternion.clone();
const after = (b, axis, degrees) => rest(b).multiply(new THREE.Quaternion().setFromAxisAngle(axis, degrees * Math.PI / 180)).toArray();
const clip = new THREE.AnimationClip('Bend', 1, [
    new THREE.QuaternionKeyframeTrack('spine.quaternion', [0, 1], [...turn(z, 0), ...turn(z, 50)]),
    new THREE.QuaternionKeyframeTrack('arm_l.quaternion', [0, 0.5, 1], [...rest(armL).toArray(), ...after(armL, x, 40), ...after(armL, z, 70)]),
    new THREE.QuaternionKeyframeTrack('hand_l.quaternion', [0, 1], [...rest(handL).toArray(), ...after(handL, z, -60)]),
    new THREE.VectorKeyframeTrack('hips.position', [0, 1], [0, 1, 0, 0.3, 1.1, -0.2]),
]);

const squash = new THREE.AnimationClip('Squash', 1, [
    new THREE.QuaternionKeyframeTrack('spine.quaternion', [0, 1], [...turn(z, 0), ...turn(z, -30)]),
    new THREE.VectorKeyframeTrack('spine.scale', [0, 0.5, 1], [1, 1, 1, 1.3, 1.3, 1.3, 0.8, 0.8, 0.8]),
]);
const stretch = new THREE.AnimationClip('Stretch', 1, [
    new THREE.QuaternionKeyframeTrack('arm_l.quaternion', [0, 1], [...rest(armL).toArray(), ...after(armL, z, 40)]),
    new THREE.VectorKeyframeTrack('hand_l.scale', [0, 1], [1, 1, 1, 0.6, 1.8, 0.6]),
    new THREE.VectorKeyframeTrack('arm_r.scale', [0, 0.5], [1, 1, 1, 1.5, 1.5, 1.5], THREE.InterpolateDiscrete),
]);
const clips = [clip, squash, stretch];

const glb = await new GLTFExporter().parseAsync(scene, { binary: true, animations: clips });
writeFileSync(outFile, Buffer.from(glb));

// The answer: three.js reading the file it wrote and skinning its meshes at these times.
const times = [0, 0.25, 0.6, 0.95];  // not the end: whether a looping clip shows its last key or its first there is up to the player
new GLTFLoader().parse(glb, '', (loaded) => {
    const answer = { times, animations: {} };
    for (const { name: clipName } of clips) {
        const mixer = new THREE.AnimationMixer(loaded.scene);
        const action = mixer.clipAction(loaded.animations.find((a) => a.name === clipName));
        action.play();
        const meshes = (answer.animations[clipName] = {});
        for (const t of times) {
            mixer.setTime(t);
            loaded.scene.updateMatrixWorld(true);
            loaded.scene.traverse((o) => {
                if (!o.isMesh) return;
                const v = new THREE.Vector3(), out = [];
                for (let i = 0; i < o.geometry.attributes.position.count; ++i) {
                    o.getVertexPosition(i, v);  // skinned in the mesh's frame for a skinned mesh
                    v.applyMatrix4(o.matrixWorld);
                    out.push(v.x, v.y, v.z);
                }
                (meshes[o.name] ??= []).push(out);
            });
        }
        action.stop();  // the next clip starts from the file's rest
    }
    writeFileSync(answerFile, JSON.stringify(answer));
}, (e) => {
    console.log(`three.js could not read its own file: ${e}`);
    process.exit(1);
});
