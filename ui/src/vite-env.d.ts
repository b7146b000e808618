/// <reference types="vite/client" />

/** Injected by ui/vite.config.ts (`define`); absent under vitest. */
declare const __APP_VERSION__: string | undefined;
