// CPU per record of check() on a file of records (tests/bench.sh):
//   node bench.js FILE     prints "RECORDS CPU_SECONDS" of the second of two runs
// (the first compiles the wasm's hot code).
import { readFileSync } from 'node:fs';
import { check } from './index.js';

const text = readFileSync(process.argv[2], 'utf8');
let records = 0;
let seconds = 0;
for (let round = 0; round < 2; round++) {
  const t0 = process.cpuUsage();
  records = check(text).length;
  const t = process.cpuUsage(t0);
  seconds = (t.user + t.system) / 1e6;
}
console.log(records, seconds.toFixed(3));
