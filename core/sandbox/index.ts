export { createPythonSandbox, type PythonSandbox, type PythonSandboxOptions } from './python-sandbox.js';
export { createCodeInterpreterTool, describeOutcome, runCodeInterpreter, type CodeInterpreterOptions, type CodeInterpreterOutcome, type KeptOutputFile } from './code-interpreter-tool.js';
export { defaultSandboxLimits, type PythonRun, type PythonRunResult, type SandboxFile, type SandboxLimits, type SandboxOutputFile } from './sandbox-types.js';
export { sandboxOptionsFromEnv } from './sandbox-settings.js';
export { createLazySandbox } from './lazy-sandbox.js';
