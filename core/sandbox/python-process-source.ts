import { lockdownSource } from './process-lockdown.js';

/**
 * The program of the child process that runs one Python program in Pyodide. A process, not a worker
 * thread: V8 may abort the whole process when a thread's heap overflows (nodejs/node#47224), and a
 * program can make that happen on purpose, so a runaway program must only ever take its own process
 * down. Plain CommonJS run with `node -e`, so it runs as is from the built package and under the test
 * runner alike. It loads Pyodide as soon as it is told how (the pool keeps it warm), runs exactly one
 * program, answers, and is killed: no Python state, module or file outlives a run.
 *
 * Messages in: first {settings, snapshot?} (how to start), then {code, files, limits} (the run).
 * Messages out: {type: 'snapshot', bytes} (when asked to make one) · {type: 'ready'} ·
 * {type: 'output', stream, bytes | dropped} while the program prints · {type: 'done', result?, error?,
 * files} · {type: 'failed', error} when Pyodide cannot start.
 */
export const pythonProcessSource = `
${lockdownSource}

// Under Node's permission model process.binding is refused; Emscripten's NODEFS only reads the
// file-system constants through it when Pyodide starts.
process.binding = function binding(name) {
  if (name === 'constants') return { fs: require('node:fs').constants, os: require('node:os').constants };
  throw new Error('process.binding is not available in the code interpreter');
};
const send = (message) => process.send(message);

// WebAssembly memory lives outside the V8 heap that --max-old-space-size caps, so its growth is
// capped here: Emscripten turns a refused grow into a failed malloc, which Python reports as MemoryError.
// The run's limits arrive with its program; loading Pyodide itself is not capped.
let memoryLimit = Infinity;
let outputBytes = 0;
const grow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function cappedGrow(pages) {
  if (this.buffer.byteLength + pages * 65536 > memoryLimit) throw new RangeError('the code interpreter memory limit is reached');
  return grow.call(this, pages);
};

// Each stream is sent as it is written (a program killed at the time limit still shows what it
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
        send({ type: 'output', stream, bytes });
      } else {
        send({ type: 'output', stream, dropped: buffer.length });
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

# SystemExit would end Emscripten's runtime and the process with it; a notebook reports it instead.
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

// New files, and input files the program changed, anywhere under /mnt/data. lstat: a link (to / or
// to itself) is not followed, so the walk stays inside /mnt/data and ends.
const maxOutputFiles = 50;
function collectFiles(FS, inputs, directory = '/mnt/data', found = []) {
  for (const entry of FS.readdir(directory)) {
    if (entry === '.' || entry === '..') continue;
    // One past the cap is enough to know there were more.
    if (found.length > maxOutputFiles) return found;
    const path = directory + '/' + entry;
    const mode = FS.lstat(path).mode;
    if (FS.isDir(mode)) collectFiles(FS, inputs, path, found);
    else if (FS.isFile(mode)) {
      const bytes = FS.readFile(path);
      const input = inputs.get(path);
      if (!input || !sameBytes(input, bytes)) found.push({ name: path.slice('/mnt/data/'.length), bytes });
    }
  }
  return found;
}

async function start(settings, snapshot) {
  const { loadPyodide } = await import(settings.pyodideModule);
  const options = { indexURL: settings.pyodideDirectory, jsglobals: Object.create(null), env: { HOME: '/home/pyodide' } };
  if (settings.packageIndexUrl) Object.assign(options, { packageBaseUrl: settings.packageIndexUrl, packageCacheDir: settings.packageCacheDir });
  if (settings.makeSnapshot) {
    // A memory image of the interpreter just after start-up: the next processes start from it in
    // a fraction of the time. This process runs nothing after making it.
    const pyodide = await loadPyodide({ ...options, _makeSnapshot: true });
    send({ type: 'snapshot', bytes: pyodide.makeMemorySnapshot() });
    return null;
  }
  // A copy: the channel may hand the bytes over at an offset Pyodide's views cannot start at.
  if (snapshot) options._loadSnapshot = new Uint8Array(snapshot);
  const pyodide = await loadPyodide(options);
  pyodide.setStdout(writer('stdout'));
  pyodide.setStderr(writer('stderr'));
  pyodide.setStdin({ error: true });
  return pyodide;
}

async function run(pyodide, settings, { code, files, limits }) {
  memoryLimit = limits.memoryMb * 1024 * 1024;
  outputBytes = limits.outputBytes;
  let inputs = new Map();
  let result;
  let error;
  try {
    inputs = writeInputFiles(pyodide.FS, files);
    if (settings.packageIndexUrl) {
      await pyodide.loadPackagesFromImports(code, { messageCallback: () => {}, errorCallback: (message) => send({ type: 'output', stream: 'stderr', bytes: new TextEncoder().encode(message + '\\n') }) });
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
  if (collected.length > maxOutputFiles) {
    collected = collected.slice(0, maxOutputFiles);
    send({ type: 'output', stream: 'stderr', bytes: new TextEncoder().encode('[only the first ' + maxOutputFiles + ' files written under /mnt/data are kept]\\n') });
  }
  send({ type: 'done', result, error, files: collected });
}

process.once('message', ({ settings, snapshot }) => {
  start(settings, snapshot).then((pyodide) => {
    if (!pyodide) return;
    process.once('message', (request) => run(pyodide, settings, request));
    send({ type: 'ready' });
  }, (caught) => send({ type: 'failed', error: String(caught && caught.message || caught) }));
});
`;
