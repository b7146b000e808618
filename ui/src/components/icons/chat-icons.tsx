import { Icon } from '../../../components/icons.js';
import type { SVGProps } from 'react';

/** Message actions use 18px icons. */
const ChatIcon = ({ className = 'size-[18px]', ...props }: SVGProps<SVGSVGElement>) => <Icon className={className} {...props} />;

export const PencilIcon = () => (
  <ChatIcon>
    <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16z" />
    <path d="m13.5 6.5 4 4" />
  </ChatIcon>
);

export const RegenerateIcon = () => (
  <ChatIcon>
    <path d="M20 11a8 8 0 0 0-14.7-4.4L4 8" />
    <path d="M4 4v4h4" />
    <path d="M4 13a8 8 0 0 0 14.7 4.4L20 16" />
    <path d="M20 20v-4h-4" />
  </ChatIcon>
);

export const ContinueIcon = () => (
  <ChatIcon>
    <path d="M5 5.5v13l8-6.5z" />
    <path d="M17 5v14" />
  </ChatIcon>
);

export const ChevronLeftIcon = () => (
  <ChatIcon className="size-4">
    <path d="m15 18-6-6 6-6" />
  </ChatIcon>
);

export const ChevronRightIcon = () => (
  <ChatIcon className="size-4">
    <path d="m9 18 6-6-6-6" />
  </ChatIcon>
);

export const ArrowDownIcon = () => (
  <ChatIcon>
    <path d="M12 5v14M5 12l7 7 7-7" />
  </ChatIcon>
);

export const SendIcon = () => (
  <ChatIcon strokeWidth="2.2">
    <path d="M12 19V5M5 12l7-7 7 7" />
  </ChatIcon>
);

export const StopIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className="size-3.5">
    <rect x="4" y="4" width="16" height="16" rx="3" fill="currentColor" />
  </svg>
);

export const PaperclipIcon = () => (
  <ChatIcon>
    <path d="m20 11.5-7.8 7.8a5 5 0 0 1-7.1-7.1l8.2-8.2a3.4 3.4 0 0 1 4.8 4.8l-8.2 8.2a1.7 1.7 0 0 1-2.4-2.4l7.4-7.4" />
  </ChatIcon>
);

export const UploadIcon = () => (
  <ChatIcon className="size-10" strokeWidth="1.4">
    <path d="M7 18a4.5 4.5 0 0 1-.6-9A6 6 0 0 1 18 8.5a4 4 0 0 1-.5 9.5" />
    <path d="M12 12v9M8.5 15.5 12 12l3.5 3.5" />
  </ChatIcon>
);
