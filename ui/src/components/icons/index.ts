// The UI's one icon set: every icon takes IconProps (size, className, strokeWidth, aria-hidden).
export { Icon, type IconProps, type IconSize } from './icon.js';
export * from './app-icons.js';
export * from './brand-icons.js';
export * from './chat-icons.js';
export * from './list-icons.js';
export * from './menu-icons.js';
export * from './panel-icons.js';
export * from './status-icons.js';
