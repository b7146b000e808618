import { Icon } from '../../../components/icons.js';

export const PaperclipIcon = () => (
  <Icon>
    <path d="m21 11.5-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l8.6-8.6a3.7 3.7 0 0 1 5.2 5.2l-8.6 8.6a1.8 1.8 0 0 1-2.6-2.6l8-8" />
  </Icon>
);

export const AssistantIcon = () => (
  <Icon>
    <path d="M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8z" />
    <path d="M18.5 15.5l.8 2 2 .8-2 .8-.8 2-.8-2-2-.8 2-.8z" />
  </Icon>
);

/** A panel with its inline-end column; mirrored in right-to-left pages along with the layout. */
export const HidePanelIcon = () => (
  <Icon className="size-5 rtl:-scale-x-100">
    <rect x="3" y="4" width="18" height="16" rx="3" />
    <path d="M15 4v16M8 10l2 2-2 2" />
  </Icon>
);

/** Points towards the inline end (right, or left in right-to-left pages). */
export const ChevronEndIcon = ({ className = 'size-4' }: { className?: string }) => (
  <Icon className={`${className} rtl:-scale-x-100`}>
    <path d="m9 6 6 6-6 6" />
  </Icon>
);

export const ChevronStartIcon = ({ className = 'size-4' }: { className?: string }) => (
  <Icon className={`${className} rtl:-scale-x-100`}>
    <path d="m15 6-6 6 6 6" />
  </Icon>
);
