// autocannon's setupRequest for the mixed load (CommonJS: autocannon's worker
// thread require()s it). Every request of the run, whichever connection sends it,
// takes the next entry of one sequence written by bench/api.ts, so every target
// gets the same requests in the same order.
"use strict";
/* global require, process, module */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS file by necessity (see above)
const { readFileSync } = require("node:fs");

/** @type {{ path: string, authorization?: string }[]} */
const sequence = JSON.parse(readFileSync(process.env.BENCH_MIXED_SEQUENCE, "utf8"));
let next = 0;

module.exports = function setupRequest(request) {
  const entry = sequence[next++ % sequence.length];
  request.path = entry.path;
  request.headers = entry.authorization ? { authorization: entry.authorization } : {};
  return request;
};
