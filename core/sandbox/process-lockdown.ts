/**
 * The part of the process's source that takes away, before user code runs, everything a Python
 * program could use to leave the sandbox through Pyodide's JavaScript bridge. Plain CommonJS for
 * the same reason as python-process-source.ts. Pyodide's bridge lets Python reach JavaScript objects, and
 * from any function object `constructor.constructor` is `Function`, which evaluates strings in the
 * process's global scope — so code generation goes, and so does every host capability the global
 * scope, Node's modules and Pyodide's own API hold: the file system, sockets, child processes,
 * fetch, and the `require` Pyodide leaves on globalThis (with fs, ws and child_process behind it).
 * Node's permission model (python-processes.ts) stands under this: what slips past here still cannot
 * read the host's files or start a process. Each process runs one program and is then killed, so
 * nothing here needs undoing.
 */
export const lockdownSource = `
function refuse(what) {
  return function refused() { throw new Error(what + ' is not available in the code interpreter'); };
}

function lockModule(name) {
  const target = require(name);
  for (const key of Object.getOwnPropertyNames(target)) {
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (descriptor && typeof descriptor.value === 'function' && descriptor.writable) target[key] = refuse(name + '.' + key);
  }
  if (target.promises && typeof target.promises === 'object') {
    for (const key of Object.keys(target.promises)) if (typeof target.promises[key] === 'function') target.promises[key] = refuse(name + '.promises.' + key);
  }
}

function lockDown(pyodide) {
  const { syncBuiltinESMExports } = require('node:module');
  // Host modules first, while require still works; syncBuiltinESMExports carries the change to the
  // ES module namespaces Pyodide imported them through.
  for (const name of ['fs', 'fs/promises', 'child_process', 'net', 'tls', 'dgram', 'dns', 'http', 'https', 'http2', 'worker_threads', 'inspector', 'vm', 'v8', 'module']) {
    try { lockModule(name); } catch { /* a module this Node lacks cannot be used either */ }
  }
  syncBuiltinESMExports();
  for (const name of ['require', 'fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'Request', 'importScripts']) {
    try { delete globalThis[name]; } catch { globalThis[name] = undefined; }
  }
  for (const name of ['binding', '_linkedBinding', 'dlopen', 'kill', 'chdir', 'abort']) {
    if (typeof process[name] === 'function') process[name] = refuse('process.' + name);
  }
  // Pyodide's ways to the host: mounts, socket file systems, loading files by path.
  const filesystems = pyodide.FS.filesystems;
  for (const name of Object.keys(filesystems)) if (name !== 'MEMFS') delete filesystems[name];
  for (const name of ['mountNodeFS', 'mountNativeFS', 'useNodeSockFS', 'loadPackage', 'loadPackagesFromImports', 'registerJsModule']) {
    if (name in pyodide) Object.defineProperty(pyodide, name, { value: refuse('pyodide.' + name) });
  }
  for (const name of ['loadBinaryFile', 'initializeNodeSockFS', 'install', 'loadDynlib']) pyodide._api[name] = refuse(name);
  for (const name of ['asyncLoad', 'NODEFS', 'PROXYFS', 'IDBFS', 'WORKERFS']) pyodide._module[name] = undefined;
  // No strings become code from here on: Function and its async and generator kin, and eval.
  const generated = [function () {}, async function () {}, function* () {}, async function* () {}];
  for (const sample of generated) {
    Object.defineProperty(Object.getPrototypeOf(sample), 'constructor', { value: refuse('Function'), writable: false, configurable: false });
  }
  // globalThis.Function itself stays: Pyodide calls Function.prototype.apply through it.
  globalThis.eval = refuse('eval');
}
`;
