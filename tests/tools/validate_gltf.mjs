// The Khronos glTF validator (npm's gltf-validator), run on each file named: prints each file's
// errors and warnings, and exits 1 when any file has one. A reader no one here wrote.
import { readFileSync } from 'node:fs';
import validator from 'gltf-validator';

let bad = 0;
for (const file of process.argv.slice(2)) {
    const report = await validator.validateBytes(new Uint8Array(readFileSync(file)), { maxIssues: 100 });
    const { numErrors, numWarnings, messages } = report.issues;
    const serious = messages.filter((m) => m.severity <= 1);
    console.log(`${file}: ${numErrors} errors, ${numWarnings} warnings`);
    for (const m of serious) console.log(`  ${m.code} ${m.pointer ?? ''}: ${m.message}`);
    if (numErrors > 0 || numWarnings > 0) bad += 1;
}
process.exit(bad > 0 ? 1 : 0);
