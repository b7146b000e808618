import { lockdownSource } from './worker-lockdown.js';

/**
 * The worker thread that runs one Python program in Pyodide. Plain CommonJS, so it runs as is from
 * the built package and under the test runner alike (as core/files/extract-worker.ts). It loads
 * Pyodide as soon as it starts (the pool keeps it warm), runs exactly one program, answers, and is
 * terminated: no Python state, module or file outlives a run.
 *
 * Messages out: {type: 'snapshot', bytes} (when asked to make one) · {type: 'ready'} · {type: 'output', stream, bytes} while the program prints ·
 * {type: 'done', result?, error?, files} · {type: 'failed', error} when Pyodide cannot start.
 */
export const pythonWorkerSource = `
const { parentPort, workerData } = require('node:worker_threads');
${lockdownSource}

// WebAssembly memory lives outside the V8 heap that resourceLimits caps, so its growth is capped
// here: Emscripten turns a refused grow into a failed malloc, which Python reports as MemoryError.
// The run's limits arrive with its program; loading Pyodide itself is not capped.
let memoryLimit = Infinity;
let outputBytes = 0;
const grow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function cappedGrow(pages) {
  if (this.buffer.byteLength + pages * 65536 > memoryLimit) throw new RangeError('the code interpreter memory limit is reached');
  return grow.call(this, pages);
};

// Each stream is posted as it is written (a program killed at the time limit still shows what it
// printed), up to the output cap; the rest is only counted.
function writer(stream) {
  let sent = 0;
  return {
    isatty: true,
    write(buffer) {
      const room = outputBytes - sent;
      if (room > 0) {
        const bytes = buffer.slice(0, room);
        sent += bytes.length;
        parentPort.postMessage({ type: 'output', stream, bytes });
      } else {
        parentPort.postMessage({ type: 'output', stream, dropped: buffer.length });
      }
      return buffer.length;
    },
  };
}

const prelude = \`
import os, sys
def _refuse_network(event, args):
    if event.startswith('socket.') or event in ('urllib.Request', 'http.client.connect'):
        raise PermissionError('network access is disabled in the code interpreter')
sys.addaudithook(_refuse_network)
del _refuse_network
os.chdir('/mnt/data')

# SystemExit would end Emscripten's runtime and the thread with it; a notebook reports it instead.
async def _chatbox_run(source):
    from pyodide.code import eval_code_async
    namespace = {'__name__': '__main__'}
    import linecache
    # Tracebacks then quote the program's lines, as they would for a file.
    linecache.cache['<code>'] = (len(source), None, source.splitlines(True), '<code>')
    try:
        value = await eval_code_async(source, namespace, filename='<code>')
    except SystemExit as stop:
        return {'error': None if stop.code in (None, 0) else f'SystemExit: {stop.code}'}
    except BaseException as failure:
        # Free what the program held (after a MemoryError there is no room to format), and start
        # the traceback at the program's own frames: Pyodide's runner is noise to the reader.
        namespace.clear()
        import traceback
        frames = failure.__traceback__
        while frames is not None and frames.tb_frame.f_code.co_filename != '<code>':
            frames = frames.tb_next
        return {'error': ''.join(traceback.format_exception(type(failure), failure, frames))}
    return {'result': None if value is None else repr(value)}
\`;

function writeInputFiles(FS, files) {
  FS.mkdirTree('/mnt/data');
  const inputs = new Map();
  for (const file of files) {
    const path = '/mnt/data/' + file.name;
    FS.writeFile(path, file.bytes);
    FS.chmod(path, 0o444);
    inputs.set(path, file.bytes);
  }
  return inputs;
}

function sameBytes(left, right) {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index += 1) if (left[index] !== right[index]) return false;
  return true;
}

// New files, and input files the program changed, anywhere under /mnt/data.
function collectFiles(FS, inputs, directory = '/mnt/data', found = []) {
  for (const entry of FS.readdir(directory)) {
    if (entry === '.' || entry === '..') continue;
    const path = directory + '/' + entry;
    const mode = FS.stat(path).mode;
    if (FS.isDir(mode)) collectFiles(FS, inputs, path, found);
    else if (FS.isFile(mode)) {
      const bytes = FS.readFile(path);
      const input = inputs.get(path);
      if (!input || !sameBytes(input, bytes)) found.push({ name: path.slice('/mnt/data/'.length), bytes });
    }
  }
  return found;
}

async function start() {
  const { loadPyodide } = await import(workerData.pyodideModule);
  const options = { indexURL: workerData.pyodideDirectory, jsglobals: Object.create(null), env: { HOME: '/home/pyodide' } };
  if (workerData.packageIndexUrl) Object.assign(options, { packageBaseUrl: workerData.packageIndexUrl, packageCacheDir: workerData.packageCacheDir });
  if (workerData.makeSnapshot) {
    // A memory image of the interpreter just after start-up: the next threads start from it in a
    // fraction of the time. This thread runs nothing after making it.
    const pyodide = await loadPyodide({ ...options, _makeSnapshot: true });
    const bytes = pyodide.makeMemorySnapshot();
    parentPort.postMessage({ type: 'snapshot', bytes }, [bytes.buffer]);
    return null;
  }
  if (workerData.snapshot) options._loadSnapshot = new Uint8Array(workerData.snapshot).slice();
  const pyodide = await loadPyodide(options);
  pyodide.setStdout(writer('stdout'));
  pyodide.setStderr(writer('stderr'));
  pyodide.setStdin({ error: true });
  return pyodide;
}

start().then((pyodide) => {
  if (!pyodide) return;
  parentPort.once('message', async ({ code, files, limits }) => {
    memoryLimit = limits.memoryMb * 1024 * 1024;
    outputBytes = limits.outputBytes;
    let inputs = new Map();
    let result;
    let error;
    try {
      inputs = writeInputFiles(pyodide.FS, files);
      if (workerData.packageIndexUrl) {
        await pyodide.loadPackagesFromImports(code, { messageCallback: () => {}, errorCallback: (message) => parentPort.postMessage({ type: 'output', stream: 'stderr', bytes: new TextEncoder().encode(message + '\\n') }) });
      }
      pyodide.runPython(prelude);
      lockDown(pyodide);
      const outcome = await pyodide.globals.get('_chatbox_run')(code);
      result = outcome.get('result') ?? undefined;
      error = outcome.get('error') ?? undefined;
      outcome.destroy();
    } catch (caught) {
      error = caught && caught.message ? String(caught.message) : String(caught);
    }
    let collected = [];
    try { collected = collectFiles(pyodide.FS, inputs); } catch (caught) { error = error || 'reading /mnt/data failed: ' + caught; }
    parentPort.postMessage({ type: 'done', result, error, files: collected });
  });
  parentPort.postMessage({ type: 'ready' });
}, (caught) => parentPort.postMessage({ type: 'failed', error: String(caught && caught.message || caught) }));
`;
