import { Icon, type IconProps } from './icon.js';

// The chat's icons: message actions and the composer use 18px.

/** Edit a message. */
export const EditIcon = (props: IconProps) => (
  <Icon size={18} {...props}>
    <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16z" />
    <path d="m13.5 6.5 4 4" />
  </Icon>
);

export const RegenerateIcon = (props: IconProps) => (
  <Icon size={18} {...props}>
    <path d="M20 11a8 8 0 0 0-14.7-4.4L4 8" />
    <path d="M4 4v4h4" />
    <path d="M4 13a8 8 0 0 0 14.7 4.4L20 16" />
    <path d="M20 20v-4h-4" />
  </Icon>
);

export const ContinueIcon = (props: IconProps) => (
  <Icon size={18} {...props}>
    <path d="M5 5.5v13l8-6.5z" />
    <path d="M17 5v14" />
  </Icon>
);

export const ArrowDownIcon = (props: IconProps) => (
  <Icon size={18} {...props}>
    <path d="M12 5v14M5 12l7 7 7-7" />
  </Icon>
);

export const SendIcon = (props: IconProps) => (
  <Icon size={18} strokeWidth={2.2} {...props}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </Icon>
);

/** Filled, not outlined: a square reads as "stop" at 14px. */
export const StopIcon = (props: IconProps) => (
  <Icon size={14} stroke="none" {...props}>
    <rect x="4" y="4" width="16" height="16" rx="3" fill="currentColor" />
  </Icon>
);

export const PaperclipIcon = (props: IconProps) => (
  <Icon size={18} {...props}>
    <path d="m20 11.5-7.8 7.8a5 5 0 0 1-7.1-7.1l8.2-8.2a3.4 3.4 0 0 1 4.8 4.8l-8.2 8.2a1.7 1.7 0 0 1-2.4-2.4l7.4-7.4" />
  </Icon>
);

/** The drop overlay's cloud. */
export const UploadIcon = (props: IconProps) => (
  <Icon size={40} strokeWidth={1.4} {...props}>
    <path d="M7 18a4.5 4.5 0 0 1-.6-9A6 6 0 0 1 18 8.5a4 4 0 0 1-.5 9.5" />
    <path d="M12 12v9M8.5 15.5 12 12l3.5 3.5" />
  </Icon>
);
